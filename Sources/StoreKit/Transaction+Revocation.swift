import Foundation
import StoreCore

extension Transaction {
  /// How the App Store refunded or revoked a transaction (iOS 26.4).
  ///
  /// Raw values are the App Store Server API's `revocationType` strings (`REFUND_FULL`), as
  /// `revocationTypeStringRepresentation` reports them.
  public struct RevocationType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value, as the App Store sends it (`REFUND_FULL`).
    public let rawValue: String

    /// Creates a revocation type from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The transaction was refunded in full.
    public static let fullRefund = RevocationType(rawValue: "REFUND_FULL")
    /// The transaction was refunded in part, by consumption or time left.
    public static let proratedRefund = RevocationType(rawValue: "REFUND_PRORATED")
    /// The purchaser stopped sharing it, or the customer left the family.
    public static let familyRevocation = RevocationType(rawValue: "FAMILY_REVOKE")
    /// An organization's administrator withdrew it (iOS 27).
    ///
    /// Apple documents no server value for it yet; this raw value follows the others' form.
    public static var assignmentRevocation: RevocationType {
      RevocationType(rawValue: "ASSIGNMENT_REVOKE")
    }
  }

  /// How the App Store refunded or revoked it; nil while it stands.
  public var revocationType: Transaction.RevocationType? {
    payload.revocationType.map { RevocationType(rawValue: $0.rawValue) }
  }

  /// `revocationType` as the App Store sends it.
  @available(*, deprecated, message: "Use revocationType")
  public var revocationTypeStringRepresentation: String? { payload.revocationType?.rawValue }

  /// The share of the price refunded, 0.0 to 100.0; present only for a refund that stands.
  ///
  /// The signed payload carries it in milli-percent (`revocationPercentage` 100000 is 100%).
  public var revocationPercentage: Decimal? {
    payload.revocationPercentage.map { Decimal($0) / 1000 }
  }
}
