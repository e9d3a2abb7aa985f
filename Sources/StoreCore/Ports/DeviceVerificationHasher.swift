import Foundation

/// Computes StoreKit's `deviceVerification` value; the engine stamps it into signed payloads.
///
/// StoreKit hashes the lowercase UUID string of the nonce followed by the lowercase UUID string of
/// `AppStore.deviceVerificationID` with SHA-384. The conformer lives in StoreJWS because
/// StoreCore has no hash functions.
public protocol DeviceVerificationHasher: Sendable {
  /// SHA-384 of `nonce` then `deviceVerificationID`, both as lowercase UUID strings.
  func deviceVerification(nonce: UUID, deviceVerificationID: UUID) -> Data
}
