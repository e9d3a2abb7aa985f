#ifndef STORETERM_CPOSTGRES_SHIM_H
#define STORETERM_CPOSTGRES_SHIM_H

// Debian's libpq-dev installs the client header under /usr/include/postgresql; its own includes
// ("postgres_ext.h", "pg_config_ext.h") resolve beside it. Nothing is linked: the functions
// come from the CPostgresLoader target, which loads libpq when a PostgreSQL ledger is opened.
#include <postgresql/libpq-fe.h>

#endif
