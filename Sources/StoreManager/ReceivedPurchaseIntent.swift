/// A purchase intent the store manager received: the customer chose a product outside the app,
/// and the app completes the purchase through its own purchase flow.
public struct ReceivedPurchaseIntent: Hashable, Sendable {
  /// Counts the intents received, from 1, so each is presented once.
  public var number: Int
  /// The product chosen.
  public var productID: String
  /// The win-back offer chosen with it (`PurchaseIntent.offer`), which the purchase applies.
  public var offerID: String?

  /// Creates a received intent.
  public init(number: Int, productID: String, offerID: String? = nil) {
    self.number = number
    self.productID = productID
    self.offerID = offerID
  }
}
