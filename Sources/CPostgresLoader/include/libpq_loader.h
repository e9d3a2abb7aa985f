#ifndef STORETERM_LIBPQ_LOADER_H
#define STORETERM_LIBPQ_LOADER_H

/// Loads libpq (`libpq.so.5`) the first time it is called; NULL when it is loaded, else why it
/// could not be (a static string). The libpq functions StorePostgres calls are defined by this
/// target and forward to the loaded library, so only a command given a `postgresql://` ledger
/// loads libpq and what it needs (Kerberos, LDAP, SASL): see Docs/DECISIONS.md, "a command
/// loads what it uses".
const char *st_libpq_load(void);

#endif
