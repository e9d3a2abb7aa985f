// libmicrohttpd's functions, as StoreServer calls them (its Swift code and the CMicroHTTPD
// shim), forwarding to libmicrohttpd loaded on first use.
//
// The CMicroHTTPD module map names the header but links nothing: these definitions satisfy the
// linker, with the header's own prototypes, and the executable exports none of them, so the
// library's own calls stay inside it. `HTTPServer` checks `st_microhttpd_load` before it starts
// a daemon; nothing else is called without one.

#include "microhttpd_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <microhttpd.h>

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error = "libmicrohttpd was not loaded";
static void *library;

static void load(void) {
  library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
  load_error = library == NULL ? "libmicrohttpd (libmicrohttpd.so.12) cannot be loaded" : NULL;
}

const char *st_microhttpd_load(void) {
  pthread_once(&load_once, load);
  return load_error;
}

// The address of libmicrohttpd's `name`, looked up once (a race looks it up twice, harmlessly).
#define REAL(type, name)                                                    \
  static type real_##name;                                                  \
  type function = __atomic_load_n(&real_##name, __ATOMIC_ACQUIRE);          \
  if (function == NULL && st_microhttpd_load() == NULL) {                   \
    *(void **)(&function) = dlsym(library, #name);                          \
    __atomic_store_n(&real_##name, function, __ATOMIC_RELEASE);             \
  }

#define FORWARD(type, name, parameters, arguments, missing) \
  type name parameters {                                    \
    REAL(__typeof__(&name), name)                           \
    return function == NULL ? missing : function arguments; \
  }

FORWARD(enum MHD_Result, MHD_add_response_header,
        (struct MHD_Response * response, const char *header, const char *content),
        (response, header, content), MHD_NO)
FORWARD(struct MHD_Response *, MHD_create_response_from_buffer,
        (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode),
        NULL)
FORWARD(int, MHD_get_connection_values,
        (struct MHD_Connection * connection, enum MHD_ValueKind kind,
         MHD_KeyValueIterator iterator, void *iterator_cls),
        (connection, kind, iterator, iterator_cls), 0)
FORWARD(const char *, MHD_lookup_connection_value,
        (struct MHD_Connection * connection, enum MHD_ValueKind kind, const char *key),
        (connection, kind, key), NULL)
FORWARD(enum MHD_Result, MHD_queue_response,
        (struct MHD_Connection * connection, unsigned int status_code,
         struct MHD_Response *response),
        (connection, status_code, response), MHD_NO)
FORWARD(enum MHD_Result, MHD_is_feature_supported, (enum MHD_FEATURE feature), (feature),
        MHD_NO)

void MHD_destroy_response(struct MHD_Response *response) {
  REAL(__typeof__(&MHD_destroy_response), MHD_destroy_response)
  if (function != NULL) function(response);
}

void MHD_stop_daemon(struct MHD_Daemon *daemon) {
  REAL(__typeof__(&MHD_stop_daemon), MHD_stop_daemon)
  if (function != NULL) function(daemon);
}

// Variadic: the options travel on as a va_list to the library's own `_va` form.
struct MHD_Daemon *MHD_start_daemon(
    unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, void *apc_cls,
    MHD_AccessHandlerCallback dh, void *dh_cls, ...) {
  REAL(__typeof__(&MHD_start_daemon_va), MHD_start_daemon_va)
  if (function == NULL) return NULL;
  va_list options;
  va_start(options, dh_cls);
  struct MHD_Daemon *daemon = function(flags, port, apc, apc_cls, dh, dh_cls, options);
  va_end(options);
  return daemon;
}

// Variadic, but no information StoreServer asks for takes an argument.
const union MHD_DaemonInfo *MHD_get_daemon_info(
    struct MHD_Daemon *daemon, enum MHD_DaemonInfoType info_type, ...) {
  REAL(__typeof__(&MHD_get_daemon_info), MHD_get_daemon_info)
  return function == NULL ? NULL : function(daemon, info_type);
}
