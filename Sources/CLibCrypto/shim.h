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
/// only libcrypto calls that take them (`ECDSA_do_sign_ex`) or batch their computation
/// (`EC_POINTs_make_affine`, `EC_POINT_get_Jprojective_coordinates_GFp`) work on the legacy
/// `EC_KEY` and `EC_POINT`, deprecated since OpenSSL 3.0 but still shipped; these wrappers keep
/// the deprecation to this header.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"

/// A legacy `EC_KEY` copy of `key` (private part included), or NULL if it is not an EC key.
static inline EC_KEY *lc_ec_key_from_pkey(EVP_PKEY *key) { return EVP_PKEY_get1_EC_KEY(key); }

/// Releases an `EC_KEY` from lc_ec_key_from_pkey.
static inline void lc_ec_key_free(EC_KEY *key) { EC_KEY_free(key); }

/// Draws `count` random nonces k_i and computes each k_i^-1 mod n and r_i = (k_i G).x mod n into
/// `kinv` and `r` (arrays of `count`); returns 1 on success, else 0 with every output NULL.
///
/// What `ECDSA_sign_setup` gives for one nonce, for about three fifths of the work: the points k_i G
/// are made affine together (`EC_POINTs_make_affine`: one constant-time field inversion for the
/// batch instead of one a point), and the k_i are inverted together by Montgomery's trick on
/// k_i·b for a random b (one inversion of a blinded product, as OpenSSL's ECDSA once blinded its
/// single inversion).
static inline int lc_ecdsa_presign_batch(EC_KEY *key, int count, BIGNUM **kinv, BIGNUM **r) {
  if (count <= 0 || count > 1024) return 0;
  const EC_GROUP *group = EC_KEY_get0_group(key);
  const BIGNUM *order = group ? EC_GROUP_get0_order(group) : NULL;
  BN_CTX *ctx = BN_CTX_new();
  // The group's own Montgomery constants for its order, when it keeps them (named curves do):
  // setting them up again took 4 µs a batch.
  BN_MONT_CTX *ownMont = NULL;
  BN_MONT_CTX *mont = group ? EC_GROUP_get_mont_data(group) : NULL;
  if (mont == NULL && order && ctx && (ownMont = BN_MONT_CTX_new()) != NULL
      && BN_MONT_CTX_set(ownMont, order, ctx))
    mont = ownMont;
  EC_POINT **points = OPENSSL_zalloc(sizeof(EC_POINT *) * (size_t)count);
  BIGNUM **k = OPENSSL_zalloc(sizeof(BIGNUM *) * (size_t)count);
  BIGNUM **prefix = OPENSSL_zalloc(sizeof(BIGNUM *) * (size_t)count);
  // 40 random bytes a nonce, drawn at once: FIPS 186-5's "extra random bits" method, k = c mod
  // (n - 1) + 1 from 64 bits more than n has (a bias under 2^-64), with one call into the
  // generator for the batch instead of one a nonce.
  unsigned char *random = OPENSSL_secure_zalloc(40 * (size_t)count + 40);
  BIGNUM *x = BN_new(), *blind = BN_secure_new(), *blindMont = BN_secure_new();
  BIGNUM *inverse = BN_secure_new(), *orderLess = BN_new();
  int ok = order && ctx && mont && points && k && prefix && random && x && blind && blindMont
      && inverse && orderLess && BN_copy(orderLess, order)
      && BN_sub_word(orderLess, 1) && RAND_priv_bytes(random, 40 * count + 40) == 1;
  for (int i = 0; i < count; i++) kinv[i] = r[i] = NULL;
  for (int i = 0; ok && i < count; i++) {
    points[i] = EC_POINT_new(group);
    k[i] = BN_secure_new();
    prefix[i] = BN_secure_new();
    kinv[i] = BN_secure_new();
    r[i] = BN_new();
    ok = points[i] && k[i] && prefix[i] && kinv[i] && r[i]
        && BN_bin2bn(random + 40 * i, 40, x) && BN_mod(k[i], x, orderLess, ctx)
        && BN_add_word(k[i], 1) && EC_POINT_mul(group, points[i], k[i], NULL, NULL, ctx);
  }
  ok = ok && EC_POINTs_make_affine(group, (size_t)count, points, ctx);
  for (int i = 0; ok && i < count; i++) {
    // Affine now (Z = 1): the Jacobian X is the affine x.
    ok = EC_POINT_get_Jprojective_coordinates_GFp(group, points[i], x, NULL, NULL, ctx)
        && BN_nnmod(r[i], x, order, ctx) && !BN_is_zero(r[i]);
  }
  // The blind b, from the batch's last 40 bytes, and bR, b in Montgomery form.
  ok = ok && BN_bin2bn(random + 40 * count, 40, x) && BN_mod(blind, x, orderLess, ctx)
      && BN_add_word(blind, 1) && BN_to_montgomery(blindMont, blind, mont, ctx);
  // Montgomery products (mont(a, b) = a b R^-1) all through, so nothing is converted back:
  // c_i = mont(k_i, bR) = k_i b; prefix_i = mont(prefix_{i-1}, c_i) = c_0 ... c_i R^-i; one
  // inverse of the last prefix, then backwards c_i^-1 = mont(inverse_i, prefix_{i-1}) with
  // inverse_{i-1} = mont(inverse_i, c_i), and k_i^-1 = mont(c_i^-1, bR) = c_i^-1 b.
  for (int i = 0; ok && i < count; i++) {
    ok = BN_mod_mul_montgomery(k[i], k[i], blindMont, mont, ctx)
        && (i == 0 ? BN_copy(prefix[0], k[0]) != NULL
                   : BN_mod_mul_montgomery(prefix[i], prefix[i - 1], k[i], mont, ctx));
  }
  ok = ok && BN_mod_inverse(inverse, prefix[count - 1], order, ctx) != NULL;
  for (int i = count - 1; ok && i >= 0; i--) {
    ok = (i == 0 ? BN_copy(kinv[0], inverse) != NULL
                 : BN_mod_mul_montgomery(kinv[i], inverse, prefix[i - 1], mont, ctx))
        && BN_mod_mul_montgomery(inverse, inverse, k[i], mont, ctx)
        && BN_mod_mul_montgomery(kinv[i], kinv[i], blindMont, mont, ctx);
  }
  for (int i = 0; i < count; i++) {
    if (points) EC_POINT_free(points[i]);
    if (k) BN_clear_free(k[i]);
    if (prefix) BN_clear_free(prefix[i]);
    if (!ok) {
      BN_clear_free(kinv[i]);
      BN_clear_free(r[i]);
      kinv[i] = r[i] = NULL;
    }
  }
  OPENSSL_free(points);
  OPENSSL_free(k);
  OPENSSL_free(prefix);
  if (random) OPENSSL_secure_clear_free(random, 40 * (size_t)count + 40);
  BN_clear_free(x);
  BN_clear_free(blind);
  BN_clear_free(blindMont);
  BN_clear_free(inverse);
  BN_free(orderLess);
  BN_MONT_CTX_free(ownMont);
  BN_CTX_free(ctx);
  return ok;
}

/// Signs a digest with values from lc_ecdsa_presign_batch and writes the raw 64-byte R||S to
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
