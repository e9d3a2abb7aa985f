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

/// ECDSA's per-signature values are computed ahead of time (see ECDSANonceReserve.swift). The
/// only libcrypto calls that take them (`ECDSA_sign_setup`, `ECDSA_do_sign_ex`) work on the
/// legacy `EC_KEY`, deprecated since OpenSSL 3.0 but still shipped; these wrappers keep the
/// deprecation to this header.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"

/// A legacy `EC_KEY` copy of `key` (private part included), or NULL if it is not an EC key.
static inline EC_KEY *lc_ec_key_from_pkey(EVP_PKEY *key) { return EVP_PKEY_get1_EC_KEY(key); }

/// Releases an `EC_KEY` from lc_ec_key_from_pkey.
static inline void lc_ec_key_free(EC_KEY *key) { EC_KEY_free(key); }

/// Draws a random nonce k and computes k^-1 mod n and r = (kG).x mod n; returns 1 on success.
static inline int lc_ecdsa_presign(EC_KEY *key, BIGNUM **kinv, BIGNUM **r) {
  return ECDSA_sign_setup(key, NULL, kinv, r);
}

/// Signs a digest with values from lc_ecdsa_presign and writes the raw 64-byte R||S to
/// `output`; returns 1 on success. The values must never be used for a second signature.
static inline int lc_ecdsa_sign_presigned(
    EC_KEY *key, const unsigned char *digest, int length, const BIGNUM *kinv, const BIGNUM *r,
    unsigned char *output) {
  ECDSA_SIG *signature = ECDSA_do_sign_ex(digest, length, kinv, r, key);
  if (signature == NULL) return 0;
  const BIGNUM *sr = NULL, *ss = NULL;
  ECDSA_SIG_get0(signature, &sr, &ss);
  int ok = BN_bn2binpad(sr, output, 32) == 32 && BN_bn2binpad(ss, output + 32, 32) == 32;
  ECDSA_SIG_free(signature);
  return ok;
}

#pragma clang diagnostic pop

#endif
