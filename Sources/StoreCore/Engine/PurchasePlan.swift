import Foundation

/// What a purchase will do, decided from the catalog and the customer's records by StoreKit's rules.
struct PurchasePlan {
  /// The product being bought.
  var product: CatalogProduct
  /// The options as stored with the record.
  var request: PurchaseRequest
  /// The offer that applies, if any.
  var offer: AppliedOffer?
  /// A transaction that already grants the product (an owned non-consumable or the same active
  /// subscription): StoreKit returns it instead of charging again.
  var existing: SignedTransaction?
  /// The subscription chain of the product's group, when the customer has one.
  var chain: SubscriptionRecord?
  /// How the purchase changes an active subscription of the group, if it does.
  var change: PlanChange?
  /// The monthly plan bought, when the purchase asked for `MONTHLY` billing.
  var commitmentPlan: CatalogProduct.CommitmentPlan?
  /// The seats bought at each price, for a multiseat purchase (`.seats(_:)`).
  var multiSeat: TransactionMultiSeatInfo?

  /// A move between plans of an active subscription group.
  enum PlanChange: Equatable {
    /// To a higher level: at once, the old transaction marked upgraded.
    case upgrade
    /// To the same level with the same period: at once, like an upgrade.
    case crossgradeNow
    /// To a lower level, or the same level with another period: from the next renewal.
    case atNextRenewal
    /// Back to the current product after choosing another for the next renewal.
    case keepCurrent
    /// An offer code redeemed by a current subscriber: it applies from the next renewal.
    case offerAtNextRenewal
    /// The same product on another billing plan: from the next renewal, or from the
    /// commitment's end when the customer is in one.
    case billingPlan(BillingPlanType)
  }

  /// The request's tag for a purchase of the monthly plan.
  static let monthlyPlanTag = "billingPlan:" + BillingPlanType.monthly.rawValue

  static func make(
    productID: String, options: PurchaseOptions, state: CustomerLedger, catalog: ProductCatalog,
    now: Date
  ) throws -> PurchasePlan {
    try make(
      productID: productID, options: options, records: state.records,
      subscriptions: state.subscriptions, catalog: catalog, now: now)
  }

  /// The plan from the customer's records and subscription chains alone (what `state` holds).
  static func make(
    productID: String, options: PurchaseOptions, records: [TransactionRecord],
    subscriptions: [SubscriptionRecord], catalog: ProductCatalog, now: Date
  ) throws -> PurchasePlan {
    let subscribed = TransactionRules.subscribedGroups(records)
    guard let product = catalog.product(id: productID, subscribedGroups: subscribed) else {
      throw StoreEngineError.unknownProduct(productID)
    }
    // Apple documents `.quantity(_:)` as at most 10; the bound also keeps price × quantity and
    // every balance far from overflow.
    guard PurchaseOptions.quantityRange.contains(options.quantity),
      options.quantity == 1 || product.type == .consumable
    else {
      throw PurchaseRefusal.invalidQuantity
    }
    var plan = PurchasePlan(
      product: product,
      request: PurchaseRequest(quantity: options.quantity, appAccountToken: options.appAccountToken)
    )
    if let seats = options.seats {
      plan.multiSeat = try MultiSeatRules.seats(seats, of: product)
      plan.request.quantity = seats
    }
    switch product.type {
    case .nonConsumable:
      plan.existing = TransactionRules.currentEntitlements(records, at: now)
        .first { $0.payload.productId == productID }
      if plan.existing != nil, options.offer != nil { throw PurchaseRefusal.invalidOfferIdentifier }
    case .autoRenewable:
      try plan.planSubscription(
        options: options, records: records, subscriptions: subscriptions, catalog: catalog,
        now: now)
    default:
      if options.offer != nil { throw PurchaseRefusal.invalidOfferIdentifier }
    }
    return plan
  }

  private mutating func planSubscription(
    options: PurchaseOptions, records: [TransactionRecord], subscriptions: [SubscriptionRecord],
    catalog: ProductCatalog, now: Date
  ) throws {
    let info = product.subscription!
    chain = subscriptions.first { $0.state.groupID == info.subscriptionGroupID }
    // Only the customer's own chain decides; a shared or assigned copy is the purchaser's.
    let latest = TransactionRules.chronological(records)
      .last {
        $0.payload.subscriptionGroupIdentifier == info.subscriptionGroupID
          && !$0.payload.inAppOwnershipType.isHeldThroughOthers
      }
    let configured = catalog.configuration.subscriptionGroups
      .flatMap(\.subscriptions).first { $0.productID == product.id }
    if let type = options.billingPlanType, type != BillingPlanType.billedUpfront.rawValue {
      // Only a product's own monthly plan can be bought; its terms list no offers.
      guard type == BillingPlanType.monthly.rawValue, let monthly = info.commitmentPlan else {
        throw PurchaseRefusal.productUnavailable
      }
      if options.offer != nil { throw PurchaseRefusal.invalidOfferIdentifier }
      commitmentPlan = monthly
      // Kept with the request (which then holds no offer) so an approval later buys the plan.
      request.offer = Self.monthlyPlanTag
    }
    if let chain, chain.state.renewalState(at: now).isEntitled, let latest {
      existing = latest
      // A current subscriber changes products by the group's rules, billed up front.
      commitmentPlan = nil
      request.offer = nil
      let isCurrentPlan = chain.state.productID == product.id
      // On the same product a billing plan asked for switches it from the next point it can
      // change (Apple: the customer can renew into another plan once a commitment completes).
      if isCurrentPlan, info.commitmentPlan != nil,
        let asked = options.billingPlanType.flatMap(BillingPlanType.init(rawValue:))
      {
        if options.offer != nil { throw PurchaseRefusal.invalidOfferIdentifier }
        change = .billingPlan(asked)
        return
      }
      // A current subscriber may redeem an offer code for their own plan, and a promotional
      // offer for any plan of the group: Apple makes promotional offers for "current and
      // lapsed subscribers". `choose` refuses introductory and win-back offers to them.
      if let choice = options.offer {
        if case .code = choice, !isCurrentPlan { throw PurchaseRefusal.ineligibleForOffer }
        offer = try AppliedOffer.choose(
          choice, for: product, configured: configured, hasSubscribed: true, isActive: true)
        request.offer = offer?.requestTag
      }
      if isCurrentPlan {
        // On the current plan an offer starts at the next renewal, as an offer code does.
        if offer != nil {
          change = .offerAtNextRenewal
        } else if chain.state.autoRenewProductID != product.id {
          change = .keepCurrent
        }
        return
      }
      guard let current = catalog.product(id: chain.state.productID)?.subscription else {
        change = .upgrade
        return
      }
      if info.groupLevel < current.groupLevel {
        change = .upgrade
      } else if info.groupLevel == current.groupLevel,
        info.subscriptionPeriod == current.subscriptionPeriod
      {
        change = .crossgradeNow
      } else {
        change = .atNextRenewal
      }
      return
    }
    // A commitment takes no offer, not even the introductory one it would be eligible for.
    if commitmentPlan != nil { return }
    offer = try AppliedOffer.choose(
      options.offer, for: product, configured: configured,
      hasSubscribed: chain != nil || latest != nil, isActive: false)
    request.offer = offer?.requestTag
  }
}
