import Foundation

extension TransactionFactory {
  /// The payload of a renewal of `state`'s chain: a new transaction with the chain's original
  /// IDs, billed `price` (with the offer that applied) over `start..<end`, a charge of
  /// `commitment` when billed monthly.
  public func renewal(
    id: UInt64, state: SubscriptionState, productID: String, start: Date, end: Date, price: Int64,
    offer: SubscriptionState.PeriodOffer?, customer: Customer, storefront: CatalogStorefront,
    signedAt date: Date, nonce: UUID, reason: TransactionReason = .renewal,
    commitment: SubscriptionState.Commitment? = nil
  ) -> JWSTransactionDecodedPayload {
    var payload = JWSTransactionDecodedPayload(
      originalTransactionId: String(state.originalID),
      transactionId: String(id),
      webOrderLineItemId: String(id),
      bundleId: identity.bundleId,
      productId: productID,
      subscriptionGroupIdentifier: state.groupID,
      purchaseDate: start.epochMilliseconds,
      originalPurchaseDate: state.originalPurchaseDate.epochMilliseconds,
      expiresDate: end.epochMilliseconds,
      quantity: state.multiSeatInfo?.seats ?? 1,
      type: .autoRenewableSubscription,
      appAccountToken: state.appAccountToken,
      inAppOwnershipType: .purchased,
      signedDate: date.epochMilliseconds,
      offerType: offer?.type,
      offerIdentifier: offer?.id,
      environment: identity.environment,
      storefront: storefront.countryCode,
      storefrontId: storefront.id,
      transactionReason: reason,
      currency: state.currency,
      price: price,
      offerDiscountType: offer?.discount,
      appTransactionId: customer.appTransactionID,
      offerPeriod: offer?.period,
      billingPlanType: CommitmentRules.billingPlanType(
        hasBillingPlans: state.hasBillingPlans, commitment: commitment),
      commitmentInfo: CommitmentRules.transactionInfo(commitment),
      deviceVerification: hasher.deviceVerification(
        nonce: nonce, deviceVerificationID: customer.deviceVerificationID),
      deviceVerificationNonce: nonce)
    // A multiseat subscription renews its seats at their prices.
    payload.multiSeatInfo = state.multiSeatInfo
    return payload
  }

  /// The renewal info of `state` at `date`: `JWSRenewalInfoDecodedPayload`.
  public func renewalInfo(
    _ state: SubscriptionState, at date: Date, eligibleWinBackOfferIDs: [String],
    customer: Customer, nonce: UUID
  ) -> JWSRenewalInfoDecodedPayload {
    let renewalState = state.renewalState(at: date)
    let inRetry = state.billingIssue != nil
    // Auto-renew off inside a commitment still renews monthly until the commitment ends; the
    // commitment's own status says it will not renew after.
    let renews = state.willAutoRenew || CommitmentRules.bindsNextRenewal(state)
    let upcoming = state.offer.flatMap { $0.remaining > 0 ? $0 : nil }
    var renewalPrice = state.renewalPrice
    // "The renewal price of the auto-renewable subscription that renews at the next billing
    // period": with an increase requested, the subscription renews only at the new price.
    if let increase = state.priceIncrease { renewalPrice = increase.newPrice }
    if let upcoming { renewalPrice = upcoming.price }
    return JWSRenewalInfoDecodedPayload(
      expirationIntent: renewalState == .expired ? state.expirationReason : nil,
      originalTransactionId: String(state.originalID),
      autoRenewProductId: state.autoRenewProductID,
      productId: state.productID,
      autoRenewStatus: renews ? .on : .off,
      isInBillingRetryPeriod: inRetry ? true : (renews ? false : nil),
      priceIncreaseStatus: state.priceIncrease.map {
        $0.agreed ? .customerConsentedOrWasNotifiedWithoutNeedingConsent : .customerHasNotResponded
      },
      gracePeriodExpiresDate: renewalState == .inGracePeriod
        ? state.billingIssue?.graceEnds?.epochMilliseconds : nil,
      offerType: upcoming?.type,
      offerIdentifier: upcoming?.id,
      signedDate: date.epochMilliseconds,
      environment: identity.environment,
      recentSubscriptionStartDate: state.recentStartDate.epochMilliseconds,
      renewalDate: renews || inRetry ? state.expiresDate.epochMilliseconds : nil,
      currency: state.currency,
      renewalPrice: renewalPrice,
      offerDiscountType: upcoming?.discount,
      eligibleWinBackOfferIds: renewalState == .expired && !eligibleWinBackOfferIDs.isEmpty
        ? eligibleWinBackOfferIDs : nil,
      appAccountToken: state.appAccountToken,
      appTransactionId: customer.appTransactionID,
      offerPeriod: upcoming?.period,
      renewalBillingPlanType: CommitmentRules.renewalBillingPlanType(state),
      commitmentInfo: CommitmentRules.renewalInfo(state),
      deviceVerification: hasher.deviceVerification(
        nonce: nonce, deviceVerificationID: customer.deviceVerificationID),
      deviceVerificationNonce: nonce)
  }
}
