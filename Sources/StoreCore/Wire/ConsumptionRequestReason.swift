/// The customer's reason for a refund request, as a `CONSUMPTION_REQUEST` notification carries
/// it in its `data`.
///
/// Raw values are Apple's JSON values exactly; see
/// [consumptionRequestReason](https://developer.apple.com/documentation/appstoreservernotifications/consumptionrequestreason).
public enum ConsumptionRequestReason: String, Sendable, Equatable, Hashable, CaseIterable {
  /// The customer did not intend to make the purchase.
  case unintendedPurchase = "UNINTENDED_PURCHASE"
  /// The customer had issues receiving or using the purchase.
  case fulfillmentIssue = "FULFILLMENT_ISSUE"
  /// The customer was not satisfied with the purchase.
  case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
  /// The customer asked for a refund on legal grounds.
  case legal = "LEGAL"
  /// Any other reason.
  case other = "OTHER"
}
