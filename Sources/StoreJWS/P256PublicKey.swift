import CLibCrypto

/// A P-256 public key held by libcrypto (`EVP_PKEY`).
public final class P256PublicKey: @unchecked Sendable {
  // @unchecked: the EVP_PKEY is never mutated after init; verification uses per-call contexts.
  let pointer: OpaquePointer

  /// Verification contexts for this key (created lazily, reused).
  private let verifiers: PKeyContextPool

  init(owning pointer: OpaquePointer) {
    self.pointer = pointer
    verifiers = PKeyContextPool(key: pointer, operation: .verify)
  }

  deinit { EVP_PKEY_free(pointer) }

  /// Whether `key` is an EC key on the P-256 curve (prime256v1).
  static func isP256(_ key: OpaquePointer) -> Bool {
    guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { return false }
    var name = [CChar](repeating: 0, count: 64)
    var length = 0
    guard EVP_PKEY_get_utf8_string_param(key, "group", &name, name.count, &length) == 1 else {
      return false
    }
    let group = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return group == "prime256v1" || group == "P-256"
  }

  /// Whether `signature` (raw 64-byte R‖S) is a valid ECDSA signature of a SHA-256 `digest`.
  func isValidES256(signature: some Collection<UInt8>, digest: [UInt8]) -> Bool {
    guard let der = ECDSASignature.der(fromRaw: signature) else { return false }
    let status = verifiers.withContext { context in
      EVP_PKEY_verify(context, der, der.count, digest, digest.count)
    }
    if status != 1 { LibCryptoError.clearQueue() }
    return status == 1
  }

  /// Whether `signature` (raw 64-byte R‖S) is a valid ES256 signature of `message`.
  ///
  /// Never throws: anything malformed is simply not a valid signature.
  public func isValidES256(signature: some Collection<UInt8>, for message: UnsafeRawBufferPointer)
    -> Bool
  {
    guard let der = ECDSASignature.der(fromRaw: signature) else { return false }
    guard let context = EVP_MD_CTX_new() else { return false }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pointer) == 1 else {
      LibCryptoError.clearQueue()
      return false
    }
    let status = der.withUnsafeBufferPointer { derBuffer in
      EVP_DigestVerify(
        context, derBuffer.baseAddress, derBuffer.count,
        message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count)
    }
    if status != 1 { LibCryptoError.clearQueue() }
    return status == 1
  }
}
