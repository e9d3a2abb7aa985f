#ifndef STORETERM_CLIBCRYPTO_SHIM_H
#define STORETERM_CLIBCRYPTO_SHIM_H

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/// OPENSSL_free is a macro that records the call site; Swift needs a function.
static inline void lc_openssl_free(void *pointer) { OPENSSL_free(pointer); }

#endif
