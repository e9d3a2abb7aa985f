import CLibCrypto

/// A P-256 private key held by libcrypto (`EVP_PKEY`).
///
/// Never printed or exported except to the key file of the test CA (mode 0600).
public final class P256PrivateKey: @unchecked Sendable {
  // @unchecked: the EVP_PKEY is never mutated after init, and libcrypto allows concurrent
  // signing with one key as long as each call has its own context.
  let pointer: OpaquePointer

  /// Generates a fresh key with libcrypto's random generator.
  public static func generate() throws(LibCryptoError) -> P256PrivateKey {
    guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
      throw LibCryptoError("create a key generation context")
    }
    defer { EVP_PKEY_CTX_free(context) }
    var key: OpaquePointer?
    guard EVP_PKEY_keygen_init(context) == 1,
      EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
      EVP_PKEY_keygen(context, &key) == 1, let key
    else { throw LibCryptoError("generate a P-256 key") }
    return P256PrivateKey(owning: key)
  }

  /// Reads a PEM private key (PKCS #8) and checks that it is on P-256.
  public convenience init(pem: [UInt8]) throws(LibCryptoError) {
    let key: OpaquePointer? = pem.withUnsafeBytes { buffer in
      guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
      defer { BIO_free(bio) }
      return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
    }
    guard let key else { throw LibCryptoError("read the private key PEM") }
    try self.init(checkingP256: key)
  }

  /// Reads a DER private key (PKCS #8, as Xcode's `subscriptionOffersKeyPair` holds it in
  /// base64) and checks that it is on P-256.
  public convenience init(der: [UInt8]) throws(LibCryptoError) {
    let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
      var cursor = buffer.baseAddress
      return d2i_AutoPrivateKey(nil, &cursor, buffer.count)
    }
    guard let key else { throw LibCryptoError("read the private key DER") }
    try self.init(checkingP256: key)
  }

  /// Owns `key` if it is on P-256; frees it and throws otherwise.
  private convenience init(checkingP256 key: OpaquePointer) throws(LibCryptoError) {
    guard P256PublicKey.isP256(key) else {
      EVP_PKEY_free(key)
      throw LibCryptoError("use the private key: it is not a P-256 key")
    }
    self.init(owning: key)
  }

  /// Signing contexts for this key (created lazily, reused).
  private let signers: PKeyContextPool
  /// Nonces computed ahead of time, so most signatures skip ECDSA's costly step.
  let nonces: ECDSANonceReserve?

  init(owning pointer: OpaquePointer, reservesNonces: Bool = true) {
    self.pointer = pointer
    signers = PKeyContextPool(key: pointer, operation: .sign)
    nonces = reservesNonces ? ECDSANonceReserve(privateKey: pointer) : nil
  }

  /// The same key without a nonce reserve: every signature is computed in full on the calling
  /// thread (the JWS benchmark compares that with `openssl speed`, which uses one thread).
  public func withoutNonceReserve() -> P256PrivateKey {
    EVP_PKEY_up_ref(pointer)
    return P256PrivateKey(owning: pointer, reservesNonces: false)
  }

  deinit { EVP_PKEY_free(pointer) }

  /// The key as unencrypted PKCS #8 PEM, for the CA's 0600 key file only.
  func pemRepresentation() throws(LibCryptoError) -> [UInt8] {
    guard let bio = BIO_new(BIO_s_mem()) else { throw LibCryptoError("allocate a buffer") }
    defer { BIO_free(bio) }
    guard PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil) == 1 else {
      throw LibCryptoError("write the private key PEM")
    }
    return LibCryptoBuffer.bytes(of: bio)
  }

  /// The matching public key.
  public var publicKey: P256PublicKey {
    EVP_PKEY_up_ref(pointer)
    return P256PublicKey(owning: pointer)
  }

  /// Computes signatures' nonces ahead on the calling thread, which has spare time now; does
  /// nothing when the reserve is full or the key has none.
  public func useSpareTime() { nonces?.topUp() }

  /// Signs a SHA-256 `digest` with ECDSA and returns the raw 64-byte R‖S form JWS uses.
  ///
  /// Uses a nonce from the reserve when one is ready, else signs in full.
  public func signES256(digest: [UInt8]) throws(LibCryptoError) -> [UInt8] {
    if let signature = nonces?.sign(digest: digest) {
      ES256SignatureCount.count(reserved: true)
      return signature
    }
    ES256SignatureCount.count(reserved: false)
    var der = [UInt8](repeating: 0, count: 80)
    var length = der.count
    let signed = signers.withContext { context in
      EVP_PKEY_sign(context, &der, &length, digest, digest.count) == 1
    }
    guard signed == true else { throw LibCryptoError("compute an ES256 signature") }
    guard let raw = ECDSASignature.raw(fromDER: der[..<length]) else {
      throw LibCryptoError("convert the signature to R‖S")
    }
    return raw
  }

  /// Signs `message` with ECDSA over SHA-256 and returns the raw 64-byte R‖S form JWS uses.
  public func signES256(_ message: UnsafeRawBufferPointer) throws(LibCryptoError) -> [UInt8] {
    guard let context = EVP_MD_CTX_new() else { throw LibCryptoError("allocate a digest context") }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer) == 1 else {
      throw LibCryptoError("start an ES256 signature")
    }
    var der = [UInt8](repeating: 0, count: 80)
    var length = der.count
    let status = der.withUnsafeMutableBytes { output in
      EVP_DigestSign(
        context, output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length,
        message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count)
    }
    guard status == 1 else { throw LibCryptoError("compute an ES256 signature") }
    guard let raw = ECDSASignature.raw(fromDER: der[..<length]) else {
      throw LibCryptoError("convert the signature to R‖S")
    }
    return raw
  }
}
