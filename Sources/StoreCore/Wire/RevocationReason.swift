/// Why the App Store refunded or revoked a transaction.
///
/// Raw values are Apple's JSON values exactly; see
/// [revocationreason](https://developer.apple.com/documentation/appstoreserverapi/revocationreason).
public enum RevocationReason: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// Refunded for another reason, such as an accidental purchase.
  case refundedForOtherReason = 0
  /// Refunded because of an actual or perceived issue in the app.
  case refundedDueToIssue = 1
  /// The customer switched to a subscription bundle that includes this subscription (iOS 27's
  /// `upgradedToBundle`); Apple documents no server value, so storeterm signs the next free one.
  case upgradedToBundle = 2
}
