import Foundation
import StoreCore

/// One registered App Store Server API key: its IDs and public half.
public struct ServerKey: Sendable, Equatable {
  /// The key ID (`kid` in a token's header), ten uppercase letters and digits.
  public var keyID: String
  /// The issuer ID (`iss` in a token), a lowercase UUID shared by every key of the ledger.
  public var issuerID: String
  /// The public key, DER `SubjectPublicKeyInfo`.
  public var publicKeyDER: [UInt8]
  /// When it was created.
  public var createdDate: Date
  /// When it was revoked, if it was.
  public var revokedDate: Date?

  /// Creates a key record.
  public init(
    keyID: String, issuerID: String, publicKeyDER: [UInt8], createdDate: Date,
    revokedDate: Date? = nil
  ) {
    self.keyID = keyID
    self.issuerID = issuerID
    self.publicKeyDER = publicKeyDER
    self.createdDate = createdDate
    self.revokedDate = revokedDate
  }
}
