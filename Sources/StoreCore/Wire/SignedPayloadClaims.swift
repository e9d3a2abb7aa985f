import Foundation

/// The fields of a payload that verification checks, whatever the payload's kind.
public struct SignedPayloadClaims: Sendable, Equatable {
  /// The date (epoch ms) at which the certificate chain must be valid: `signedDate`, or
  /// `receiptCreationDate` for an app transaction without one (as Apple's library does).
  public var signedDate: Int64?
  /// The bundle ID the data was issued for; `nil` when the kind carries none (renewal info).
  public var bundleId: String?
  /// The environment the data was signed in; `nil` when absent.
  public var environment: AppStoreEnvironment?
  /// The SHA-384 device verification value, when the payload carries one.
  public var deviceVerification: Data?
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID?

  /// Creates claims.
  public init(
    signedDate: Int64?, bundleId: String?, environment: AppStoreEnvironment?,
    deviceVerification: Data? = nil, deviceVerificationNonce: UUID? = nil
  ) {
    self.signedDate = signedDate
    self.bundleId = bundleId
    self.environment = environment
    self.deviceVerification = deviceVerification
    self.deviceVerificationNonce = deviceVerificationNonce
  }
}
