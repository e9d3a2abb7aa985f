#ifndef STORETERM_CURL_LOADER_H
#define STORETERM_CURL_LOADER_H

#include <stddef.h>
#include <stdint.h>

/// Receives the answer's body as it arrives; returns `size * count` to go on, anything else to
/// stop the exchange (libcurl's write callback).
typedef size_t (*st_curl_write_callback)(char *data, size_t size, size_t count, void *context);

/// The outcome of one exchange.
typedef struct st_curl_outcome {
  /// libcurl's result (0: an answer came back; 23: the write callback stopped it; 28: the
  /// deadline passed; …).
  int code;
  /// The HTTP status, when an answer came back.
  long status;
  /// The last system error libcurl saw (such as ECONNREFUSED), for telling failures apart.
  long os_errno;
} st_curl_outcome;

/// Loads libcurl (`libcurl.so.4`) the first time it is called; NULL when it is loaded, else why
/// it could not be (a static string). storeterm links no HTTP client: only the commands that
/// talk to a peer (import from a server, webhook delivery, the retention call-out) load one.
const char *st_curl_load(void);

/// One HTTP exchange through libcurl's easy interface, blocking until it ends: `method` to
/// `url` with `headers` ("Name: value" each) and `body` (NULL for none), never following a
/// redirect, http and https only, the whole exchange bounded by `timeout_ms`. Call
/// `st_curl_load` first.
st_curl_outcome st_curl_perform(
    const char *url, const char *method, const char *const *headers, size_t header_count,
    const uint8_t *body, size_t body_length, long timeout_ms, st_curl_write_callback write,
    void *context);

#endif
