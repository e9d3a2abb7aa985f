/// Something that happens to one product's purchase: the input of ``PurchaseMachine``.
public enum PurchaseEvent: Sendable, Hashable {
  /// The customer starts a purchase.
  case start
  /// The purchase call returned a verified transaction whose content was delivered.
  case resultSucceeded(transactionID: UInt64)
  /// The purchase call returned `.pending`.
  case resultPending
  /// The purchase call returned `.userCancelled`.
  case resultCancelled
  /// The purchase call threw, or returned a transaction that could not be trusted or stored.
  case resultFailed(PurchaseFailure)
  /// `Transaction.updates` delivered a verified transaction for the product and it was delivered.
  case updateSucceeded(transactionID: UInt64)
  /// `Transaction.updates` delivered a transaction for the product that was refused.
  case updateRefused(PurchaseFailure)
  /// A parent declined the Ask to Buy request.
  case declined
  /// The screen acknowledged a finished purchase.
  case dismiss
}
