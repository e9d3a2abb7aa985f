#ifndef STORETERM_MICROHTTPD_LOADER_H
#define STORETERM_MICROHTTPD_LOADER_H

/// Loads libmicrohttpd (`libmicrohttpd.so.12`) the first time it is called; NULL when it is
/// loaded, else why it could not be (a static string). The libmicrohttpd functions StoreServer
/// calls are defined by this target and forward to the loaded library, so only `serve` (and
/// what starts a server) loads it and GnuTLS under it: see Docs/DECISIONS.md, "a command loads
/// what it uses".
const char *st_microhttpd_load(void);

#endif
