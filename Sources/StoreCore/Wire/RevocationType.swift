/// How much of a transaction the App Store revoked.
///
/// Raw values are Apple's JSON values exactly; see
/// [revocationtype](https://developer.apple.com/documentation/appstoreserverapi/revocationtype).
public enum RevocationType: String, Sendable, Equatable, Hashable, CaseIterable {
  /// A full refund.
  case refundFull = "REFUND_FULL"
  /// A prorated refund.
  case refundProrated = "REFUND_PRORATED"
  /// Family Sharing access was withdrawn.
  case familyRevoke = "FAMILY_REVOKE"
  /// The purchaser took back the customer's assigned seat of a multiseat subscription
  /// (StoreKit's `assignmentRevocation`; Apple documents no server value, so it follows the
  /// form of `FAMILY_REVOKE`).
  case assignmentRevoke = "ASSIGNMENT_REVOKE"

  /// `revocationPercentage` of a full refund: 100%, in milliunits as Apple's payloads carry it
  /// (67.932% is 67932).
  public static let fullPercentage = 100_000

  /// A `revocationPercentage` in words: 40000 is `40%`, 67932 is `67.932%`.
  public static func percentText(_ milliunits: Int) -> String {
    let whole = milliunits / 1000
    let rest = abs(milliunits % 1000)
    guard rest != 0 else { return "\(whole)%" }
    var fraction = String(rest)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)%"
  }
}
