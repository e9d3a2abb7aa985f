/// Why the App Store refunded or revoked a transaction.
///
/// Raw values are Apple's JSON values exactly; see
/// [revocationreason](https://developer.apple.com/documentation/appstoreserverapi/revocationreason).
public enum RevocationReason: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// Refunded for another reason, such as an accidental purchase.
  case refundedForOtherReason = 0
  /// Refunded because of an actual or perceived issue in the app.
  case refundedDueToIssue = 1
}
