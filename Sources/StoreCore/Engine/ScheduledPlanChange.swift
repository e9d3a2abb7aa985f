import Foundation

/// A plan change a purchase scheduled rather than made: a downgrade (or a crossgrade to a
/// longer period) starts at the next renewal, and `Product.purchase` answers with the current
/// plan's transaction, unchanged.
public struct ScheduledPlanChange: Sendable, Equatable {
  /// The plan chosen, from the next renewal.
  public var productID: String
  /// The plan that continues until then.
  public var currentProductID: String
  /// When the chosen plan starts: the current period's end, when known.
  public var starts: Date?

  /// The change a purchase of `productID` scheduled when the App Store answered with
  /// `transaction`, or nil when the purchase took effect now.
  ///
  /// The answer is then the product's own transaction. The one rule the purchase sheet and `storeterm purchase` word.
  public static func of(purchaseOf productID: String, answeredWith transaction: SignedTransaction)
    -> ScheduledPlanChange?
  {
    guard transaction.payload.productId != productID else { return nil }
    return ScheduledPlanChange(
      productID: productID, currentProductID: transaction.payload.productId,
      starts: transaction.expirationDate)
  }
}
