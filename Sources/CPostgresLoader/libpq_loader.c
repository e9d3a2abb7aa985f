// libpq's functions, as StorePostgres calls them, forwarding to libpq loaded on first use.
//
// The CPostgres module map names libpq's header but links nothing: these definitions satisfy
// the linker, with the header's own prototypes (a mismatch is a compile error here), and the
// executable exports none of them, so libpq's own calls stay inside libpq. Nothing here is
// called before `st_libpq_load` succeeded (`PostgresConnection` checks it first); if it had
// not, each function answers as libpq does for a missing connection or result.

#include "libpq_loader.h"

#include <dlfcn.h>
#include <postgresql/libpq-fe.h>
#include <pthread.h>
#include <stddef.h>

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error = "libpq was not loaded";
static void *library;

static void load(void) {
  library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
  load_error = library == NULL ? "libpq (libpq.so.5) cannot be loaded" : NULL;
}

const char *st_libpq_load(void) {
  pthread_once(&load_once, load);
  return load_error;
}

// The address of libpq's `name`, looked up once (a race looks it up twice, harmlessly).
#define REAL(name)                                                          \
  static __typeof__(&name) real_##name;                                     \
  __typeof__(&name) function = __atomic_load_n(&real_##name, __ATOMIC_ACQUIRE); \
  if (function == NULL && st_libpq_load() == NULL) {                        \
    *(void **)(&function) = dlsym(library, #name);                          \
    __atomic_store_n(&real_##name, function, __ATOMIC_RELEASE);             \
  }

#define FORWARD(type, name, parameters, arguments, missing) \
  type name parameters {                                    \
    REAL(name)                                              \
    return function == NULL ? missing : function arguments; \
  }

#define FORWARD_VOID(name, parameters, arguments) \
  void name parameters {                          \
    REAL(name)                                    \
    if (function != NULL) function arguments;     \
  }

FORWARD_VOID(PQclear, (PGresult *res), (res))
FORWARD(PGconn *, PQconnectdbParams,
        (const char *const *keywords, const char *const *values, int expand_dbname),
        (keywords, values, expand_dbname), NULL)
FORWARD_VOID(PQconninfoFree, (PQconninfoOption *connOptions), (connOptions))
FORWARD(PQconninfoOption *, PQconninfoParse, (const char *conninfo, char **errmsg),
        (conninfo, errmsg), NULL)
FORWARD(int, PQconsumeInput, (PGconn *conn), (conn), 0)
FORWARD(char *, PQdb, (const PGconn *conn), (conn), NULL)
FORWARD(char *, PQerrorMessage, (const PGconn *conn), (conn), (char *)"libpq is not loaded\n")
FORWARD(PGresult *, PQexec, (PGconn *conn, const char *query), (conn, query), NULL)
FORWARD(PGresult *, PQexecPrepared,
        (PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
         const int *paramLengths, const int *paramFormats, int resultFormat),
        (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat), NULL)
FORWARD_VOID(PQfinish, (PGconn *conn), (conn))
FORWARD(int, PQenterPipelineMode, (PGconn *conn), (conn), 0)
FORWARD(int, PQexitPipelineMode, (PGconn *conn), (conn), 0)
FORWARD(PGresult *, PQgetResult, (PGconn *conn), (conn), NULL)
FORWARD(int, PQpipelineSync, (PGconn *conn), (conn), 0)
FORWARD(int, PQsendQueryPrepared,
        (PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
         const int *paramLengths, const int *paramFormats, int resultFormat),
        (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat), 0)
FORWARD(char *, PQfname, (const PGresult *res, int field_num), (res, field_num), NULL)
FORWARD_VOID(PQfreemem, (void *ptr), (ptr))
FORWARD(int, PQgetisnull, (const PGresult *res, int tup_num, int field_num),
        (res, tup_num, field_num), 1)
FORWARD(char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num),
        (res, tup_num, field_num), NULL)
FORWARD(char *, PQhost, (const PGconn *conn), (conn), NULL)
FORWARD(int, PQnfields, (const PGresult *res), (res), 0)
FORWARD(PGnotify *, PQnotifies, (PGconn *conn), (conn), NULL)
FORWARD(int, PQntuples, (const PGresult *res), (res), 0)
FORWARD(char *, PQport, (const PGconn *conn), (conn), NULL)
FORWARD(PGresult *, PQprepare,
        (PGconn *conn, const char *stmtName, const char *query, int nParams,
         const Oid *paramTypes),
        (conn, stmtName, query, nParams, paramTypes), NULL)
FORWARD(char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode),
        NULL)
FORWARD(char *, PQresultErrorMessage, (const PGresult *res), (res), (char *)"")
FORWARD(ExecStatusType, PQresultStatus, (const PGresult *res), (res), PGRES_FATAL_ERROR)
FORWARD(PQnoticeProcessor, PQsetNoticeProcessor,
        (PGconn *conn, PQnoticeProcessor proc, void *arg), (conn, proc, arg), NULL)
FORWARD(int, PQsocket, (const PGconn *conn), (conn), -1)
FORWARD(ConnStatusType, PQstatus, (const PGconn *conn), (conn), CONNECTION_BAD)
