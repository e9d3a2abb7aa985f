import CLibCrypto
import Foundation
import StoreCore

/// StoreKit's device verification hash over libcrypto's SHA-384.
public struct SHA384DeviceVerificationHasher: DeviceVerificationHasher {
  /// Creates the hasher.
  public init() {}

  /// SHA-384 of the lowercase nonce string followed by the lowercase device ID string, the
  /// computation Apple documents for `Transaction.deviceVerification`.
  public func deviceVerification(nonce: UUID, deviceVerificationID: UUID) -> Data {
    let text = nonce.uuidString.lowercased() + deviceVerificationID.uuidString.lowercased()
    let bytes = Array(text.utf8)
    var digest = [UInt8](repeating: 0, count: Int(SHA384_DIGEST_LENGTH))
    _ = SHA384(bytes, bytes.count, &digest)
    return Data(digest)
  }
}
