#ifndef STORETERM_CMICROHTTPD_SHIM_H
#define STORETERM_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <microhttpd.h>

/// MHD_start_daemon takes its options as C varargs, which Swift cannot pass: this starts a
/// daemon on `address` with a pool of `thread_pool_size` threads polling every connection
/// (epoll on Linux), so an idle or slow connection costs a socket, never a thread.
///
/// - `connection_limit`: connections held at once; more are refused.
/// - `per_ip_limit`: connections held at once from one address.
/// - `timeout_seconds`: an idle connection (a slow or silent client) is closed after this.
static inline struct MHD_Daemon *mh_start_daemon(
    const struct sockaddr *address, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    unsigned int thread_pool_size, unsigned int connection_limit, unsigned int per_ip_limit,
    unsigned int timeout_seconds) {
  return MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO, 0, NULL, NULL, handler, handler_context,
      MHD_OPTION_SOCK_ADDR, address, MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
      MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size, MHD_OPTION_CONNECTION_LIMIT,
      connection_limit, MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds, MHD_OPTION_END);
}

/// How many connections `daemon` holds now, summed over its thread pool's workers.
static inline unsigned int mh_connection_count(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *counted =
      MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
  return counted == NULL ? 0 : counted->num_connections;
}

/// The port a daemon listens on (the one the system chose when asked for port 0); 0 if unknown.
static inline uint16_t mh_daemon_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// mh_start_daemon over TLS (libmicrohttpd's GnuTLS): `key_pem` and `cert_pem` are the
/// server's private key and certificate, PEM, NUL-terminated; libmicrohttpd copies neither, so
/// both must outlive the daemon.
static inline struct MHD_Daemon *mh_start_tls_daemon(
    const struct sockaddr *address, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    unsigned int thread_pool_size, unsigned int connection_limit, unsigned int per_ip_limit,
    unsigned int timeout_seconds, const char *key_pem, const char *cert_pem) {
  return MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_USE_TLS, 0, NULL, NULL, handler,
      handler_context, MHD_OPTION_SOCK_ADDR, address, MHD_OPTION_NOTIFY_COMPLETED, completed,
      completed_context, MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
      per_ip_limit, MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds, MHD_OPTION_HTTPS_MEM_KEY,
      key_pem, MHD_OPTION_HTTPS_MEM_CERT, cert_pem, MHD_OPTION_END);
}

/// Whether this libmicrohttpd was built with TLS.
static inline int mh_supports_tls(void) {
  return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES;
}

#endif
