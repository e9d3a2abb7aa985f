// libcurl loaded on first use, so that a command that never talks to a peer does not pay for
// loading it and its dependencies (about a third of a short command's start-up: see
// Docs/DECISIONS.md, "a command loads what it uses").
//
// No libcurl header is installed on this machine (only the runtime library, which Swift's
// FoundationNetworking needs), so the few values used are written out here: they are part of
// libcurl's stable ABI (curl.h numbers each option once and never renumbers it).

#include "curl_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef void CURL;
struct curl_slist;

enum {
  ST_CURLOPT_WRITEDATA = 10001,
  ST_CURLOPT_URL = 10002,
  ST_CURLOPT_POSTFIELDS = 10015,
  ST_CURLOPT_HTTPHEADER = 10023,
  ST_CURLOPT_CUSTOMREQUEST = 10036,
  ST_CURLOPT_NOBODY = 44,
  ST_CURLOPT_POST = 47,
  ST_CURLOPT_FOLLOWLOCATION = 52,
  ST_CURLOPT_NOSIGNAL = 99,
  ST_CURLOPT_ACCEPT_ENCODING = 10102,
  ST_CURLOPT_TIMEOUT_MS = 155,
  ST_CURLOPT_PROTOCOLS = 181,
  ST_CURLOPT_REDIR_PROTOCOLS = 182,
  ST_CURLOPT_WRITEFUNCTION = 20011,
  ST_CURLOPT_POSTFIELDSIZE_LARGE = 30120,
  ST_CURLINFO_RESPONSE_CODE = 0x200000 + 2,
  ST_CURLINFO_OS_ERRNO = 0x200000 + 25,
  ST_CURLPROTO_HTTP = 1,
  ST_CURLPROTO_HTTPS = 2,
  ST_CURL_GLOBAL_ALL = 3,
  ST_CURLE_FAILED_INIT = 2,
};

static struct {
  int (*global_init)(long flags);
  CURL *(*easy_init)(void);
  int (*easy_setopt)(CURL *handle, int option, ...);
  int (*easy_perform)(CURL *handle);
  int (*easy_getinfo)(CURL *handle, int info, ...);
  void (*easy_cleanup)(CURL *handle);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
  void (*slist_free_all)(struct curl_slist *list);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error = "libcurl was not loaded";

static void load(void) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    load_error = "libcurl (libcurl.so.4) cannot be loaded";
    return;
  }
#define FIND(field, name)                                           \
  *(void **)(&curl.field) = dlsym(library, name);                   \
  if (curl.field == NULL) {                                         \
    load_error = "libcurl (libcurl.so.4) lacks " name;              \
    return;                                                         \
  }
  FIND(global_init, "curl_global_init")
  FIND(easy_init, "curl_easy_init")
  FIND(easy_setopt, "curl_easy_setopt")
  FIND(easy_perform, "curl_easy_perform")
  FIND(easy_getinfo, "curl_easy_getinfo")
  FIND(easy_cleanup, "curl_easy_cleanup")
  FIND(slist_append, "curl_slist_append")
  FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
  // Not thread-safe in libcurl, hence here, once, before any handle exists.
  if (curl.global_init(ST_CURL_GLOBAL_ALL) != 0) {
    load_error = "libcurl could not be initialised";
    return;
  }
  load_error = NULL;
}

const char *st_curl_load(void) {
  pthread_once(&load_once, load);
  return load_error;
}

st_curl_outcome st_curl_perform(
    const char *url, const char *method, const char *const *headers, size_t header_count,
    const uint8_t *body, size_t body_length, long timeout_ms, st_curl_write_callback write,
    void *context) {
  st_curl_outcome outcome = {ST_CURLE_FAILED_INIT, 0, 0};
  if (st_curl_load() != NULL) return outcome;
  CURL *handle = curl.easy_init();
  if (handle == NULL) return outcome;
  struct curl_slist *list = NULL;
  for (size_t index = 0; index < header_count; index++) {
    struct curl_slist *longer = curl.slist_append(list, headers[index]);
    if (longer == NULL) {
      curl.slist_free_all(list);
      curl.easy_cleanup(handle);
      return outcome;
    }
    list = longer;
  }
  curl.easy_setopt(handle, ST_CURLOPT_URL, url);
  curl.easy_setopt(handle, ST_CURLOPT_NOSIGNAL, 1L);
  curl.easy_setopt(handle, ST_CURLOPT_FOLLOWLOCATION, 0L);
  curl.easy_setopt(handle, ST_CURLOPT_PROTOCOLS, (long)(ST_CURLPROTO_HTTP | ST_CURLPROTO_HTTPS));
  curl.easy_setopt(
      handle, ST_CURLOPT_REDIR_PROTOCOLS, (long)(ST_CURLPROTO_HTTP | ST_CURLPROTO_HTTPS));
  // Every encoding libcurl can decode is offered and decoded, as URLSession did.
  curl.easy_setopt(handle, ST_CURLOPT_ACCEPT_ENCODING, "");
  curl.easy_setopt(handle, ST_CURLOPT_TIMEOUT_MS, timeout_ms);
  curl.easy_setopt(handle, ST_CURLOPT_WRITEFUNCTION, write);
  curl.easy_setopt(handle, ST_CURLOPT_WRITEDATA, context);
  if (body != NULL) {
    curl.easy_setopt(handle, ST_CURLOPT_POST, 1L);
    curl.easy_setopt(handle, ST_CURLOPT_POSTFIELDSIZE_LARGE, (int64_t)body_length);
    curl.easy_setopt(handle, ST_CURLOPT_POSTFIELDS, body);
  }
  if (strcmp(method, "HEAD") == 0) {
    curl.easy_setopt(handle, ST_CURLOPT_NOBODY, 1L);
  } else if (strcmp(method, body != NULL ? "POST" : "GET") != 0) {
    curl.easy_setopt(handle, ST_CURLOPT_CUSTOMREQUEST, method);
  }
  curl.easy_setopt(handle, ST_CURLOPT_HTTPHEADER, list);
  outcome.code = curl.easy_perform(handle);
  curl.easy_getinfo(handle, ST_CURLINFO_RESPONSE_CODE, &outcome.status);
  curl.easy_getinfo(handle, ST_CURLINFO_OS_ERRNO, &outcome.os_errno);
  curl.easy_cleanup(handle);
  curl.slist_free_all(list);
  return outcome;
}
