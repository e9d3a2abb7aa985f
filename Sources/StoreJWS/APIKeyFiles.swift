import CLibCrypto
import Foundation
import StoreFiles

#if canImport(Glibc)
  import Glibc
#endif

/// App Store Server API keys: the private key in Apple's `.p8` form (unencrypted PKCS #8 PEM,
/// written once with mode 0600) and the public key as DER, for the server's key table.
public enum APIKeyFiles {
  /// Writes `key` to a new file at `path` (mode 0600; its folder is created 0700 when missing).
  ///
  /// - Throws: an error naming the path when the file exists or cannot be written.
  public static func writePrivateKey(_ key: P256PrivateKey, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty { try SafeFileWriter.makeDirectories(folder) }
    try SafeFileWriter.createNew(path, try key.pemRepresentation())
  }

  /// The key's public half as DER `SubjectPublicKeyInfo`.
  public static func publicKeyDER(_ key: P256PrivateKey) throws(LibCryptoError) -> [UInt8] {
    var output: UnsafeMutablePointer<UInt8>?
    let length = i2d_PUBKEY(key.pointer, &output)
    guard length > 0, let output else { throw LibCryptoError("encode the public key") }
    defer { lc_openssl_free(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(length)))
  }

  /// The public key in DER `SubjectPublicKeyInfo`, if it is a P-256 key.
  public static func publicKey(der: [UInt8]) -> P256PublicKey? {
    let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return d2i_PUBKEY(nil, &cursor, buffer.count)
    }
    guard let key else {
      LibCryptoError.clearQueue()
      return nil
    }
    guard P256PublicKey.isP256(key) else {
      EVP_PKEY_free(key)
      return nil
    }
    return P256PublicKey(owning: key)
  }
}
