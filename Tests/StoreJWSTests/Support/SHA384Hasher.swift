import Foundation
import StoreJWS

/// The device verification hash, for samples.
enum SHA384Hasher {
  static func hash(nonce: UUID, deviceID: UUID) -> Data {
    SHA384DeviceVerificationHasher().deviceVerification(
      nonce: nonce, deviceVerificationID: deviceID)
  }
}
