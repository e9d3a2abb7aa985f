import Foundation

extension StoreEngine {
  /// Charges `record` as `plan` decided, inside a ledger write: signs the transaction, and for a
  /// subscription starts, continues or changes its chain and re-signs the renewal info.
  ///
  /// Returns the transaction the purchase results in (a new one, or the existing one when a
  /// plan change waits for the next renewal) and whether the record was charged.
  func charge(
    _ plan: PurchasePlan, record: inout TransactionRecord, state: CustomerLedger,
    catalog: ProductCatalog, now: Date, nonce: UUID, changes: inout LedgerChanges
  ) throws -> (transaction: SignedTransaction, charged: Bool) {
    if let change = plan.change, var chain = plan.chain, let existing = plan.existing {
      // A change that waits for the next renewal: the renewal info says it, the log records
      // it, and the purchase answers with the current transaction, charging nothing.
      func deferred(_ kind: StoreEvent.Kind, detail: String) throws
        -> (transaction: SignedTransaction, charged: Bool)
      {
        chain.renewalInfo = try signRenewalInfo(chain.state, customer: state.customer, at: now)
        changes.subscriptions.append(chain)
        changes.events.append(
          StoreEvent(
            date: now, customerID: state.customer.id, kind: kind, transactionID: existing.id,
            productID: plan.product.id, detail: detail))
        return (existing, false)
      }
      switch change {
      case .offerAtNextRenewal:
        guard let applied = plan.offer else { return (existing, false) }
        chain.state.offer = applied.fromNextRenewal
        return try deferred(.offerCodeRedeemed, detail: applied.requestTag)
      case .billingPlan(let type):
        chain.state.nextBillingPlan = CommitmentRules.nextBillingPlan(
          type, for: chain.state, product: plan.product)
        // Outside a commitment the next renewal is the switch: it charges the new plan's price.
        if !CommitmentRules.bindsNextRenewal(chain.state), chain.state.priceIncrease == nil {
          chain.state.renewalPrice =
            chain.state.nextBillingPlan?.price
            ?? CommitmentRules.currentPlanPrice(chain.state, product: plan.product)
        }
        return try deferred(.billingPlanChanged, detail: type.rawValue)
      case .keepCurrent, .atNextRenewal:
        chain.state.autoRenewProductID = plan.product.id
        if CommitmentRules.bindsNextRenewal(chain.state) {
          // The monthly charges still due keep their price; the change waits for the
          // commitment's end, where the renewal takes the new plan's price.
        } else if change == .atNextRenewal {
          // A price increase belongs to the plan it was asked for; the next plan renews at its own.
          chain.state.priceIncrease = nil
          chain.state.renewalPrice = TransactionFactory.milliunits(plan.product.price)
          // A promotional offer on the next plan starts with it.
          if let applied = plan.offer { chain.state.offer = applied.fromNextRenewal }
        } else if let current = catalog.product(id: chain.state.productID) {
          chain.state.renewalPrice = CommitmentRules.currentPlanPrice(chain.state, product: current)
        }
        return try deferred(
          change == .keepCurrent ? .autoRenewEnabled : .downgraded,
          detail: "from \(chain.state.productID) at \(existing.payload.expiresDate ?? 0)")
      case .upgrade, .crossgradeNow:
        // The old transaction is superseded; its unused time is refunded pro rata.
        var old = existing.payload
        old.isUpgraded = true
        old = factory.reissued(old, date: now, nonce: nonce, customer: state.customer)
        if var oldRecord = state.records.first(where: { $0.id == existing.id }) {
          oldRecord.signed = try sign(old)
          changes.updated.append(oldRecord)
        }
        let refund = Self.proratedRefund(existing.payload, at: now)
        let period = plan.product.subscription!.subscriptionPeriod
        let fullPrice = TransactionFactory.milliunits(plan.product.price)
        var next = chain.state
        next.productID = plan.product.id
        next.autoRenewProductID = plan.product.id
        next.renewalPrice = fullPrice
        next.priceIncrease = nil
        next.offer = nil
        next.billingIssue = nil
        // The new plan is billed up front; a commitment on the old one ends with it.
        next.commitment = nil
        next.nextBillingPlan = nil
        next.hasBillingPlans = plan.product.subscription?.commitmentPlan != nil
        next.expiresDate = period.date(after: now)
        // A promotional offer on the new plan applies from this first charge.
        var firstOffer: SubscriptionState.PeriodOffer?
        if let applied = plan.offer {
          firstOffer = applied.periodOffer(remaining: 0)
          next.expiresDate = applied.offer.period.date(after: now, count: applied.firstTermCount)
          if applied.offer.paymentMode == .payAsYouGo, applied.offer.periodCount > 1 {
            next.offer = applied.periodOffer(remaining: applied.offer.periodCount - 1)
          }
        }
        let payload = factory.renewal(
          id: record.id, state: next, productID: plan.product.id, start: now,
          end: next.expiresDate, price: firstOffer?.price ?? fullPrice, offer: firstOffer,
          customer: state.customer, storefront: catalog.storefront, signedAt: now, nonce: nonce,
          reason: .purchase)
        record.signed = try sign(payload)
        chain.state = next
        chain.renewalInfo = try signRenewalInfo(next, customer: state.customer, at: now)
        changes.subscriptions.append(chain)
        changes.events.append(
          StoreEvent(
            date: now, customerID: state.customer.id,
            kind: change == .upgrade ? .upgraded : .crossgraded, transactionID: record.id,
            productID: plan.product.id,
            detail: "from \(existing.payload.productId), prorated refund "
              + catalog.displayPrice(milliunits: refund)))
        return (record.signed!, true)
      }
    }
    if let existing = plan.existing { return (existing, false) }
    let commitment = plan.commitmentPlan.map { CommitmentRules.start(at: now, plan: $0) }
    var payload = factory.purchase(
      id: record.id, product: plan.product, request: plan.request, offer: plan.offer,
      customer: state.customer, storefront: catalog.storefront, date: now, nonce: nonce,
      commitment: commitment)
    if let seats = plan.multiSeat {
      payload.quantity = seats.seats
      payload.price = MultiSeatRules.averagePrice(seats)
      payload.multiSeatInfo = seats
    }
    if plan.product.type == .autoRenewable {
      var chain = startOrContinueChain(
        plan, payload: &payload, existing: plan.chain, customer: state.customer, now: now)
      chain.commitment = commitment
      chain.multiSeatInfo = plan.multiSeat
      if let seats = plan.multiSeat { chain.renewalPrice = MultiSeatRules.averagePrice(seats) }
      chain.hasBillingPlans = plan.product.subscription?.commitmentPlan != nil
      if let monthly = plan.commitmentPlan {
        chain.renewalPrice = TransactionFactory.milliunits(monthly.monthlyPrice)
      }
      var stored = SubscriptionRecord(state: chain)
      stored.renewalInfo = try signRenewalInfo(chain, customer: state.customer, at: now)
      changes.subscriptions.append(stored)
    }
    record.signed = try sign(payload)
    return (record.signed!, true)
  }

  /// The state of a subscription chain after a new purchase: a new chain, or a lapsed one
  /// resumed with its original transaction ID (the App Store keeps one chain per group).
  private func startOrContinueChain(
    _ plan: PurchasePlan, payload: inout JWSTransactionDecodedPayload,
    existing: SubscriptionRecord?, customer: Customer, now: Date
  ) -> SubscriptionState {
    let info = plan.product.subscription!
    let expires = Date(epochMilliseconds: payload.expiresDate ?? now.epochMilliseconds)
    var offer: SubscriptionState.PeriodOffer?
    if let applied = plan.offer, applied.offer.paymentMode == .payAsYouGo,
      applied.offer.periodCount > 1
    {
      offer = applied.periodOffer(remaining: applied.offer.periodCount - 1)
    }
    guard var chain = existing?.state else {
      return SubscriptionState(
        originalID: UInt64(payload.originalTransactionId) ?? 0, customerID: customer.id,
        groupID: info.subscriptionGroupID, productID: plan.product.id,
        autoRenewProductID: plan.product.id, expiresDate: expires, originalPurchaseDate: now,
        recentStartDate: now, renewalPrice: TransactionFactory.milliunits(plan.product.price),
        currency: payload.currency ?? "", offer: offer, appAccountToken: payload.appAccountToken)
    }
    payload.originalTransactionId = String(chain.originalID)
    payload.originalPurchaseDate = chain.originalPurchaseDate.epochMilliseconds
    // A lapse shorter than 60 days does not restart the run of service.
    if now.timeIntervalSince(chain.expiresDate) >= 60 * 86_400 { chain.recentStartDate = now }
    chain.productID = plan.product.id
    chain.autoRenewProductID = plan.product.id
    chain.willAutoRenew = true
    chain.expiresDate = expires
    chain.renewalPrice = TransactionFactory.milliunits(plan.product.price)
    chain.expirationReason = nil
    chain.plannedExpirationReason = nil
    chain.billingIssue = nil
    chain.priceIncrease = nil
    chain.nextBillingPlan = nil
    chain.isRevoked = false
    chain.offer = offer
    if let token = payload.appAccountToken { chain.appAccountToken = token }
    return chain
  }

  /// Signs the renewal info of `state` at `date`.
  func signRenewalInfo(_ state: SubscriptionState, customer: Customer, at date: Date) throws
    -> SignedRenewalInfo
  {
    let winBack =
      catalog.product(id: state.productID)?.subscription?.winBackOffers.compactMap(\.id) ?? []
    let payload = factory.renewalInfo(
      state, at: date, eligibleWinBackOfferIDs: winBack, customer: customer, nonce: ids.makeUUID())
    return SignedRenewalInfo(jws: try signer.sign(payload), payload: payload)
  }

  /// The unused share of `payload`'s price at `date`, in milliunits.
  static func proratedRefund(_ payload: JWSTransactionDecodedPayload, at date: Date) -> Int64 {
    guard let expires = payload.expiresDate, let price = payload.price,
      expires > payload.purchaseDate
    else { return 0 }
    let remaining = max(0, expires - date.epochMilliseconds)
    return price * remaining / (expires - payload.purchaseDate)
  }
}
