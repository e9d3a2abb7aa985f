import Foundation

/// What a purchase will do, decided from the catalog and the customer's records by StoreKit's rules.
struct PurchasePlan {
  /// The product being bought.
  var product: Product
  /// The options as stored with the record.
  var request: PurchaseRequest
  /// The offer that applies, if any.
  var offer: AppliedOffer?
  /// A transaction that already grants the product (an owned non-consumable or the same active
  /// subscription): StoreKit returns it instead of charging again.
  var existing: SignedTransaction?

  static func make(
    productID: String, options: PurchaseOptions, state: CustomerLedger, catalog: ProductCatalog,
    now: Date
  ) throws -> PurchasePlan {
    let records = state.records
    let subscribed = TransactionRules.subscribedGroups(records)
    guard let product = catalog.product(id: productID, subscribedGroups: subscribed) else {
      throw StoreEngineError.unknownProduct(productID)
    }
    guard options.quantity >= 1, options.quantity == 1 || product.type == .consumable else {
      throw PurchaseError.invalidQuantity
    }
    var plan = PurchasePlan(
      product: product,
      request: PurchaseRequest(quantity: options.quantity, appAccountToken: options.appAccountToken)
    )
    switch product.type {
    case .nonConsumable:
      plan.existing = TransactionRules.currentEntitlements(records, at: now)
        .first { $0.payload.productId == productID }
      if plan.existing != nil, options.offer != nil { throw PurchaseError.invalidOfferIdentifier }
    case .autoRenewable:
      let groupID = product.subscription!.subscriptionGroupID
      let active = TransactionRules.activeSubscription(records, groupID: groupID, at: now)
      if let active {
        guard active.payload.productId == productID else {
          throw StoreEngineError.planChange(from: active.payload.productId, to: productID)
        }
        plan.existing = active
        return plan
      }
      let configured = catalog.configuration.subscriptionGroups
        .flatMap(\.subscriptions).first { $0.productID == productID }
      plan.offer = try AppliedOffer.choose(
        options.offer, for: product, configured: configured,
        hasSubscribed: subscribed.contains(groupID), isActive: false)
      plan.request.offer = plan.offer?.requestTag
    default:
      if options.offer != nil { throw PurchaseError.invalidOfferIdentifier }
    }
    return plan
  }
}
