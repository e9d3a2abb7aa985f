#ifndef STORETERM_CLIBCRYPTO_SHIM_H
#define STORETERM_CLIBCRYPTO_SHIM_H

#include <string.h>

#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

/// OPENSSL_free is a macro that records the call site; Swift needs a function.
static inline void lc_openssl_free(void *pointer) { OPENSSL_free(pointer); }

/// The STACK_OF(X509) accessors are macros over OPENSSL_sk_*; Swift needs functions.
static inline STACK_OF(X509) *lc_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int lc_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate) {
  return sk_X509_push(stack, certificate);
}
static inline int lc_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
static inline X509 *lc_sk_X509_value(const STACK_OF(X509) *stack, int index) {
  return sk_X509_value(stack, index);
}
/// Frees the stack only; the certificates stay owned by their callers.
static inline void lc_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }

/// A zeroed extension context: X509V3_set_ctx_nodb is a macro.
static inline void lc_x509v3_set_ctx(X509V3_CTX *context, X509 *issuer, X509 *subject) {
  memset(context, 0, sizeof(*context));
  X509V3_set_ctx(context, issuer, subject, NULL, NULL, 0);
  X509V3_set_ctx_nodb(context);
}

#endif
