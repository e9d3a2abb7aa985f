/// The state of a payment transaction: StoreKit 1's `SKPaymentTransactionState`, as
/// `SKTestTransaction.state` reports it.
public enum SKPaymentTransactionState: Int, Hashable, Sendable {
  /// The App Store is processing the transaction.
  case purchasing = 0
  /// The App Store charged the customer.
  case purchased = 1
  /// The transaction failed.
  case failed = 2
  /// The transaction restores content the customer already bought.
  case restored = 3
  /// The transaction waits for an external action, such as Ask to Buy.
  case deferred = 4
}
