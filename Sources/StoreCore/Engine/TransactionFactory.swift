import Foundation

/// Builds the payloads the App Store signs for a purchase.
public struct TransactionFactory: Sendable {
  /// The bundle ID and environment stamped into every payload.
  public var identity: SignedDataConfiguration
  /// Computes `deviceVerification`.
  public var hasher: any DeviceVerificationHasher

  /// Creates a factory.
  public init(identity: SignedDataConfiguration, hasher: any DeviceVerificationHasher) {
    self.identity = identity
    self.hasher = hasher
  }

  /// The payload of a new purchase of `product` by `customer`; with `commitment`, the first
  /// monthly charge of that commitment.
  public func purchase(
    id: UInt64, product: CatalogProduct, request: PurchaseRequest, offer: AppliedOffer?,
    customer: Customer, storefront: CatalogStorefront, date: Date, nonce: UUID,
    commitment: SubscriptionState.Commitment? = nil
  ) -> JWSTransactionDecodedPayload {
    let milliseconds = date.epochMilliseconds
    var unitPrice = offer?.offer.price ?? product.price
    var expires: Int64?
    if let subscription = product.subscription {
      var end =
        offer.map { $0.offer.period.date(after: date, count: $0.firstTermCount) }
        ?? subscription.subscriptionPeriod.date(after: date)
      if let commitment, let plan = subscription.commitmentPlan {
        end = CommitmentRules.periodEnd(of: commitment, number: commitment.billingPeriodNumber)
        unitPrice = plan.monthlyPrice
      }
      expires = end.epochMilliseconds
    }
    return JWSTransactionDecodedPayload(
      originalTransactionId: String(id),
      transactionId: String(id),
      webOrderLineItemId: product.type == .autoRenewable ? String(id) : nil,
      bundleId: identity.bundleId,
      productId: product.id,
      subscriptionGroupIdentifier: product.subscription?.subscriptionGroupID,
      purchaseDate: milliseconds,
      originalPurchaseDate: milliseconds,
      expiresDate: expires,
      quantity: request.quantity,
      type: Self.wireType(product.type),
      appAccountToken: request.appAccountToken,
      inAppOwnershipType: .purchased,
      signedDate: milliseconds,
      offerType: offer?.offerType,
      offerIdentifier: offer?.offer.id,
      environment: identity.environment,
      storefront: storefront.countryCode,
      storefrontId: storefront.id,
      transactionReason: .purchase,
      currency: storefront.currencyCode,
      price: Self.milliunits(unitPrice * Decimal(request.quantity)),
      offerDiscountType: offer?.discountType,
      appTransactionId: customer.appTransactionID,
      offerPeriod: offer?.offerPeriod,
      billingPlanType: CommitmentRules.billingPlanType(
        hasBillingPlans: product.subscription?.commitmentPlan != nil, commitment: commitment),
      commitmentInfo: CommitmentRules.transactionInfo(commitment),
      deviceVerification: hasher.deviceVerification(
        nonce: nonce, deviceVerificationID: customer.deviceVerificationID),
      deviceVerificationNonce: nonce)
  }

  /// `payload` re-signed at `date` after a change (a refund, a revocation).
  public func reissued(
    _ payload: JWSTransactionDecodedPayload, date: Date, nonce: UUID, customer: Customer
  ) -> JWSTransactionDecodedPayload {
    var payload = payload
    payload.signedDate = date.epochMilliseconds
    // A payload signed before the field was written gains the customer's; an imported one
    // keeps the App Store's.
    payload.appTransactionId = payload.appTransactionId ?? customer.appTransactionID
    payload.deviceVerificationNonce = nonce
    payload.deviceVerification = hasher.deviceVerification(
      nonce: nonce, deviceVerificationID: customer.deviceVerificationID)
    return payload
  }

  /// A family member's own copy of the purchaser's `source`: a new transaction ID, the member's
  /// original transaction ID, `inAppOwnershipType` `FAMILY_SHARED`, signed now for the member's
  /// device; product, dates, expiration, offer and `webOrderLineItemId` stay the purchaser's,
  /// and the purchaser's app account token is left out (it names the purchaser's account).
  ///
  /// With `ownership` `ASSIGNED`, a seat member's copy of a multiseat purchase (Apple: it
  /// "contains the same seat information as the group purchaser's").
  public func familyShared(
    _ source: JWSTransactionDecodedPayload, id: UInt64, originalID: UInt64, member: Customer,
    date: Date, nonce: UUID, ownership: InAppOwnershipType = .familyShared
  ) -> JWSTransactionDecodedPayload {
    var payload = source
    payload.transactionId = String(id)
    payload.originalTransactionId = String(originalID)
    payload.inAppOwnershipType = ownership
    payload.appAccountToken = nil
    // The member's own app transaction, not the purchaser's (`reissued` fills it in).
    payload.appTransactionId = nil
    payload.revocationDate = nil
    payload.revocationReason = nil
    payload.revocationType = nil
    payload.revocationPercentage = nil
    return reissued(payload, date: date, nonce: nonce, customer: member)
  }

  /// The wire type of a catalog product type.
  public static func wireType(_ type: CatalogProduct.ProductType) -> InAppProductType {
    switch type {
    case .consumable: .consumable
    case .nonConsumable: .nonConsumable
    case .nonRenewable: .nonRenewingSubscription
    default: .autoRenewableSubscription
    }
  }

  /// A price in milliunits (4.99 → 4990), as Apple's payloads carry prices.
  public static func milliunits(_ price: Decimal) -> Int64 {
    var scaled = price * 1000
    var rounded = Decimal()
    NSDecimalRound(&rounded, &scaled, 0, .plain)
    // The catalog refuses prices this large and quantities stop at 10, so this only guards a
    // catalog built in code: `int64Value` would wrap to a negative price.
    guard rounded <= Decimal(Int64.max), rounded >= Decimal(Int64.min) else {
      return rounded > 0 ? Int64.max : Int64.min
    }
    return NSDecimalNumber(decimal: rounded).int64Value
  }
}
