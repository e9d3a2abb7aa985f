import Foundation

extension TransactionFactory {
  /// The transaction of bundled subscription `member` that bundle transaction `bundle` (a
  /// purchase or a renewal of the bundle) grants.
  ///
  /// It covers the bundle's period (same purchase and expiration dates) and links back to it
  /// with the iOS 27 bundle fields. It continues `previous`, the member's transaction from the
  /// bundle's last period, when there is one (same original transaction ID, a renewal), and
  /// otherwise starts a chain of its own that records `replacedOriginalID`, the standalone
  /// subscription the bundle replaced. The customer pays for the bundle, so its price is 0.
  public func bundled(
    member: CatalogProduct, id: UInt64, bundle: JWSTransactionDecodedPayload,
    previous: JWSTransactionDecodedPayload?, replacedOriginalID: String?, customer: Customer,
    date: Date, nonce: UUID
  ) -> JWSTransactionDecodedPayload {
    var payload = bundle
    payload.transactionId = String(id)
    payload.originalTransactionId = previous?.originalTransactionId ?? String(id)
    payload.webOrderLineItemId = String(id)
    payload.productId = member.id
    payload.subscriptionGroupIdentifier = member.subscription?.subscriptionGroupID
    payload.originalPurchaseDate = previous?.originalPurchaseDate ?? bundle.purchaseDate
    payload.transactionReason = previous == nil ? .purchase : .renewal
    payload.quantity = 1
    payload.price = 0
    payload.offerType = nil
    payload.offerIdentifier = nil
    payload.offerDiscountType = nil
    payload.offerPeriod = nil
    payload.billingPlanType = nil
    payload.commitmentInfo = nil
    payload.isUpgraded = nil
    payload.revocationDate = nil
    payload.revocationReason = nil
    payload.revocationType = nil
    payload.revocationPercentage = nil
    payload.bundleProductId = bundle.productId
    payload.bundleSubscriptionGroupIdentifier = bundle.subscriptionGroupIdentifier
    payload.bundleOriginalTransactionId = bundle.originalTransactionId
    payload.bundleTransactionId = bundle.transactionId
    payload.previousOriginalTransactionId =
      previous == nil ? replacedOriginalID : previous?.previousOriginalTransactionId
    return reissued(payload, date: date, nonce: nonce, customer: customer)
  }
}
