import Foundation

extension StoreEngine {
  /// Turns auto-renew off or on for the subscription of transaction `id`.
  ///
  /// Any transaction of the chain names it. No transaction is created; the renewal info and the
  /// status change.
  public func setAutoRenew(_ id: UInt64, enabled: Bool) throws {
    try setAutoRenew(id, enabled: enabled, at: clock.now())
  }

  /// `setAutoRenew(_:enabled:)` as of `now` (a backdated purchase turns it off at its date).
  func setAutoRenew(_ id: UInt64, enabled: Bool, at now: Date) throws {
    try changeChain(id, action: enabled ? "set to renew" : "set not to renew") {
      chain, context, changes in
      let customer = context.customer
      if let refusal = TransactionControlRules.subscriptionRefusal(
        enabled ? .autoRenewOn : .autoRenewOff, id: id, chain: chain.state, now: now)
      {
        throw refusal
      }
      guard chain.state.willAutoRenew != enabled else { return }
      chain.state.willAutoRenew = enabled
      chain.state.plannedExpirationReason = enabled ? nil : .customerCancelled
      changes.events.append(
        StoreEvent(
          date: now, customerID: customer.id,
          kind: enabled ? .autoRenewEnabled : .autoRenewDisabled,
          transactionID: id, productID: chain.state.productID))
    }
  }

  /// Ends the subscription now, as `SKTestSession.expireSubscription(productIdentifier:)`: turns
  /// auto-renew off and re-signs the latest transaction with the expiration date set to now.
  public func expireSubscription(_ id: UInt64) throws {
    let now = clock.now()
    let nonce = ids.makeUUID()
    try changeChain(id, action: "expired") { chain, context, changes in
      let customer = context.customer
      if let refusal = TransactionControlRules.subscriptionRefusal(
        .expire, id: id, chain: chain.state, now: now)
      {
        throw refusal
      }
      let latest = try endLatestPeriod(
        of: id, context, at: now, nonce: nonce, action: "expired", changes: &changes)
      // Ended early for the reason it would have ended at the period's end (a declined price
      // increase stays the reason); one that would have renewed ends as cancelled.
      let reason =
        SubscriptionLifecycle.endingReason(chain.state, planSold: true) ?? .customerCancelled
      chain.state.expiresDate = now
      chain.state.willAutoRenew = false
      chain.state.billingIssue = nil
      chain.state.expirationReason = reason
      changes.events.append(
        StoreEvent(
          date: now, customerID: customer.id, kind: .expired, transactionID: latest,
          productID: chain.state.productID, detail: reason.name))
    }
  }

  /// Re-signs the chain's latest transaction with its expiration date set to `now`; returns
  /// its ID.
  ///
  /// The test environment does so when it ends a period early (expired, or renewed now). `id`
  /// names the chain in a refusal.
  @discardableResult
  private func endLatestPeriod(
    of id: UInt64, _ context: ChainContext, at now: Date, nonce: UUID, action: String,
    changes: inout LedgerChanges
  ) throws -> UInt64 {
    guard var latest = context.latest, let signed = latest.signed else {
      throw StoreEngineError.notApplicable(id, action: action, reason: "it is not active")
    }
    var payload = factory.reissued(
      signed.payload, date: now, nonce: nonce, customer: context.customer)
    payload.expiresDate = now.epochMilliseconds
    latest.signed = try sign(payload)
    changes.updated.append(latest)
    return latest.id
  }

  /// Renews the subscription now, as `SKTestSession.forceRenewalOfSubscription`: a new renewal
  /// transaction from now for one period, delivered through `updates`.
  ///
  /// While renewals fail into billing retry (`shouldEnterBillingRetryOnRenewal`: "all
  /// renewals … fail"), the forced one fails too: the period ends now and billing retry (with
  /// the grace period, when enabled) starts; nothing is signed and nil is returned.
  @discardableResult
  public func forceRenewal(_ id: UInt64) throws -> SignedTransaction? {
    let now = clock.now()
    let catalog = self.catalog
    let billing = session.billing
    let nonce = ids.makeUUID()
    let signed = try changeChain(id, action: "renewed") {
      chain, context, changes -> SignedTransaction? in
      let customer = context.customer
      if let refusal = TransactionControlRules.subscriptionRefusal(
        .renew, id: id, chain: chain.state, now: now)
      {
        throw refusal
      }
      guard
        let period = catalog.product(id: chain.state.autoRenewProductID)?.subscription?
          .subscriptionPeriod
      else { throw StoreEngineError.notApplicable(id, action: "renewed", reason: "it was revoked") }
      chain.state.expirationReason = nil
      chain.state.willAutoRenew = true
      if billing.issuesEnabled {
        guard chain.state.billingIssue == nil else {
          throw StoreEngineError.notApplicable(
            id, action: "renewed", reason: "its billing issue is not resolved")
        }
        try endLatestPeriod(
          of: id, context, at: now, nonce: nonce, action: "renewed", changes: &changes)
        chain.state.expiresDate = now
        let failed = SubscriptionLifecycle.failRenewal(
          &chain.state, at: now, period: period, billing: billing)
        changes.events += Self.events(
          of: failed, chain: chain.state, customerID: customer.id)
        return nil
      }
      chain.state.billingIssue = nil
      let renewal = SubscriptionLifecycle.renew(&chain.state, start: now, period: period)
      return try recordRenewal(
        renewal, id: context.nextID, chain: chain.state, customer: customer,
        storefront: catalog.storefront, signedAt: now, detail: "forced", changes: &changes)
    }
    if let signed, let customerID = try ledger.record(id: id)?.customerID {
      listeners.broadcast(signed, customerID: customerID)
    }
    return signed
  }

  /// Raises the renewal price (`requestPriceIncreaseConsentForTransaction`).
  ///
  /// The customer must consent before the next renewal or the subscription expires. The plan the chain renews
  /// into sells at the new price from now on, as after a price change in App Store Connect.
  ///
  /// - Parameter newPrice: the new price in the storefront's currency; nil raises it by 20%.
  public func requestPriceIncrease(_ id: UInt64, newPrice: Decimal? = nil) throws {
    let now = clock.now()
    let catalog = self.catalog
    let (productID, price) = try changeChain(id, action: "given a price increase") {
      chain, context, changes -> (String, Int64) in
      let customer = context.customer
      if let refusal = TransactionControlRules.subscriptionRefusal(
        .priceIncrease, id: id, chain: chain.state, now: now)
      {
        throw refusal
      }
      // 20% more, in the currency's minor unit (rounded, as a price is, not truncated).
      let price =
        newPrice.map(TransactionFactory.milliunits)
        ?? PriceRounding.scaled(
          chain.state.renewalPrice, by: 12, over: 10, currency: chain.state.currency)
      guard price > chain.state.renewalPrice else {
        throw StoreEngineError.notApplicable(
          id, action: "given a price increase", reason: "the new price is not higher")
      }
      chain.state.priceIncrease = SubscriptionState.PriceIncrease(newPrice: price, agreed: false)
      // As in App Store Connect, the increase is the product's new price: the plan the chain
      // renews into sells at it from now on, so the paywall shows what a renewal charges.
      let productID = chain.state.autoRenewProductID
      changes.prices[productID] = price
      changes.events.append(
        StoreEvent(
          date: now, customerID: customer.id, kind: .priceIncreaseRequested, transactionID: id,
          productID: chain.state.productID, detail: catalog.displayPrice(milliunits: price)))
      return (productID, price)
    }
    setCatalog(self.catalog.repricing([productID: price]))
  }

  /// The customer agrees to the pending price increase.
  public func consentToPriceIncrease(_ id: UInt64) throws {
    let now = clock.now()
    try changeChain(id, action: "consented") { chain, context, changes in
      let customer = context.customer
      if let refusal = TransactionControlRules.subscriptionRefusal(
        .consent, id: id, chain: chain.state, now: now)
      {
        throw refusal
      }
      chain.state.priceIncrease?.agreed = true
      changes.events.append(
        StoreEvent(
          date: now, customerID: customer.id, kind: .priceIncreaseConsented, transactionID: id,
          productID: chain.state.productID))
    }
  }

  /// The customer declines the pending price increase: auto-renew turns off and the subscription
  /// will expire with reason `didNotConsentToPriceIncrease`.
  public func declinePriceIncrease(_ id: UInt64) throws {
    let now = clock.now()
    try changeChain(id, action: "declined") { chain, context, changes in
      let customer = context.customer
      if let refusal = TransactionControlRules.subscriptionRefusal(
        .declinePriceIncrease, id: id, chain: chain.state, now: now)
      {
        throw refusal
      }
      chain.state.priceIncrease = nil
      chain.state.willAutoRenew = false
      chain.state.plannedExpirationReason = .customerDidNotConsentToPriceIncrease
      changes.events.append(
        StoreEvent(
          date: now, customerID: customer.id, kind: .priceIncreaseDeclined, transactionID: id,
          productID: chain.state.productID))
    }
  }

  /// Resolves a billing issue: the App Store bills the renewal now and the subscription recovers
  /// with a new transaction (dated at the failed renewal while still in grace, so no time is
  /// lost; dated now after the grace period).
  func resolveBillingIssue(_ id: UInt64) throws -> SignedTransaction {
    let now = clock.now()
    let catalog = self.catalog
    return try changeChain(id, action: "resolved") {
      chain, context, changes -> SignedTransaction in
      let customer = context.customer
      if let refusal = TransactionControlRules.subscriptionRefusal(
        .resolve, id: id, chain: chain.state, now: now)
      {
        throw refusal
      }
      let issue = chain.state.billingIssue!
      guard
        let period = catalog.product(id: chain.state.autoRenewProductID)?.subscription?
          .subscriptionPeriod
      else { throw StoreEngineError.notApplicable(id, action: "resolved", reason: "no product") }
      let inGrace = chain.state.renewalState(at: now) == .inGracePeriod
      chain.state.billingIssue = nil
      let renewal = SubscriptionLifecycle.renew(
        &chain.state, start: inGrace ? issue.since : now, period: period)
      return try recordRenewal(
        renewal, id: context.nextID, chain: chain.state, customer: customer,
        storefront: catalog.storefront, signedAt: now, kind: .billingRecovered, changes: &changes)
    }
  }

  // MARK: - Helpers

  /// Runs `body` on the subscription chain of transaction `id` (any transaction of it) and its
  /// latest record, inside one ledger write; the renewal info is re-signed afterwards.
  @discardableResult
  func changeChain<Result: Sendable>(
    _ id: UInt64, action: String,
    _ body: (inout SubscriptionRecord, ChainContext, inout LedgerChanges) throws -> Result
  ) throws -> Result {
    let existing = try record(id)
    if let refusal = TransactionControlRules.chainRefusal(existing, action: action) {
      throw refusal
    }
    let original = existing.signed.flatMap({ UInt64($0.payload.originalTransactionId) })!
    let now = clock.now()
    defer {
      broadcastStatus(customerID: existing.customerID, originalID: original)
      shareWithFamily(of: existing.customerID, productID: existing.productID)
    }
    return try ledger.change(customerID: existing.customerID, scope: .chain(original)) { state in
      guard var chain = state.subscriptions.first(where: { $0.state.originalID == original }) else {
        throw StoreEngineError.notApplicable(id, action: action, reason: "it is not a subscription")
      }
      var changes = LedgerChanges()
      let context = ChainContext(
        latest: state.records.last, customer: state.customer, nextID: state.nextID)
      let result = try body(&chain, context, &changes)
      chain.renewalInfo = try signRenewalInfo(chain.state, customer: state.customer, at: now)
      changes.subscriptions.append(chain)
      return (changes, result)
    }
  }
}

/// What a change to a subscription chain may need besides the chain itself.
struct ChainContext {
  /// The chain's latest transaction record.
  var latest: TransactionRecord?
  /// The subscriber.
  var customer: Customer
  /// The identifier a new transaction gets.
  var nextID: UInt64
}
