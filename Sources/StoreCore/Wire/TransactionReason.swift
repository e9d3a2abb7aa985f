/// Why the transaction exists: a purchase or a renewal.
///
/// Raw values are Apple's JSON values exactly; see
/// [transactionreason](https://developer.apple.com/documentation/appstoreserverapi/transactionreason).
public enum TransactionReason: String, Sendable, Equatable, Hashable, CaseIterable {
  /// The customer bought the item or started the subscription.
  case purchase = "PURCHASE"
  /// The App Store renewed the subscription.
  case renewal = "RENEWAL"
}
