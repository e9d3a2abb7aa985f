/// The members ``JWSTransactionDecodedPayload/init(json:)`` reads, found by name once each.
enum JWSTransactionPayloadMember: String, CaseIterable {
  case originalTransactionId, transactionId, webOrderLineItemId, bundleId, productId,
    subscriptionGroupIdentifier, purchaseDate, originalPurchaseDate, expiresDate, quantity, type,
    appAccountToken, inAppOwnershipType, signedDate, revocationReason, revocationDate, isUpgraded,
    offerType, offerIdentifier, environment, storefront, storefrontId, transactionReason, currency,
    price, offerDiscountType, appTransactionId, offerPeriod, revocationType, revocationPercentage,
    billingPlanType, commitmentInfo, bundleProductId, bundleSubscriptionGroupIdentifier,
    bundleOriginalTransactionId, bundleTransactionId, previousOriginalTransactionId, multiSeatInfo,
    advancedCommerceInfo, deviceVerification, deviceVerificationNonce

  static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
