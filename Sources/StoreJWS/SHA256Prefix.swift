import CLibCrypto

/// A SHA-256 state that has already absorbed a fixed prefix, copied for each message.
///
/// Every token from one signer starts with the same ~2.5 KB header segment, so hashing it once
/// and copying the state halves the hashing work of each signature and verification.
final class SHA256Prefix: @unchecked Sendable {
  // @unchecked: `context` is written only in init; afterwards it is only the read-only source
  // of EVP_MD_CTX_copy_ex, which libcrypto allows from several threads at once.
  private let context: OpaquePointer

  /// libcrypto's SHA-256 implementation, fetched once instead of implicitly on every call.
  private static let sha256 = FetchedDigest(name: "SHA256")

  /// Absorbs `prefix`; `nil` if libcrypto fails (out of memory).
  init?(prefix: UnsafeRawBufferPointer) {
    guard let context = EVP_MD_CTX_new() else { return nil }
    guard EVP_DigestInit_ex(context, Self.sha256.pointer, nil) == 1,
      EVP_DigestUpdate(context, prefix.baseAddress, prefix.count) == 1
    else {
      EVP_MD_CTX_free(context)
      LibCryptoError.clearQueue()
      return nil
    }
    self.context = context
  }

  deinit { EVP_MD_CTX_free(context) }

  /// SHA-256 of the prefix followed by `parts`.
  func digest(appending parts: UnsafeRawBufferPointer...) -> [UInt8]? {
    guard let copy = EVP_MD_CTX_new() else { return nil }
    defer { EVP_MD_CTX_free(copy) }
    guard EVP_MD_CTX_copy_ex(copy, context) == 1 else {
      LibCryptoError.clearQueue()
      return nil
    }
    for part in parts where EVP_DigestUpdate(copy, part.baseAddress, part.count) != 1 {
      LibCryptoError.clearQueue()
      return nil
    }
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    guard EVP_DigestFinal_ex(copy, &digest, &length) == 1, length == 32 else {
      LibCryptoError.clearQueue()
      return nil
    }
    return digest
  }
}

/// An explicitly fetched `EVP_MD`, kept for the life of the process.
final class FetchedDigest: @unchecked Sendable {
  // @unchecked: an EVP_MD is immutable and reference-counted; libcrypto shares it freely.
  let pointer: OpaquePointer?

  init(name: String) {
    pointer = EVP_MD_fetch(nil, name, nil)
  }
}
