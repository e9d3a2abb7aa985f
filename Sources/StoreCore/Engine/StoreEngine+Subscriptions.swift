import Foundation

/// A subscription's status as StoreKit reports it: `Product.SubscriptionInfo.Status`.
public struct SignedSubscriptionStatus: Sendable, Equatable {
  /// Where the subscription stands now.
  public var state: RenewalStanding
  /// The signed renewal info.
  public var renewalInfo: SignedRenewalInfo
  /// The latest transaction of the chain.
  public var transaction: SignedTransaction
  /// The state behind it.
  public var subscription: SubscriptionState
}

extension StoreEngine {
  // MARK: - Time passing

  /// Generates everything due by the clock's now: renewals (each a new signed transaction,
  /// delivered through `updates`), billing failures, grace periods ending, expiries.
  ///
  /// Runs whether or not storeterm was running when the dates passed; each subscription is
  /// advanced in its own ledger write, so another process catching up at the same time cannot
  /// renew twice.
  ///
  /// - Parameter progress: called after each batch with the renewals generated so far.
  /// - Returns: how many renewals were generated.
  @discardableResult
  public func catchUp(batchSize: Int = 512, progress: ((Int) -> Void)? = nil) throws -> Int {
    let now = clock.now()
    var renewals = 0
    var visited: Set<UInt64> = []
    while true {
      let due = try ledger.dueSubscriptions(by: now, limit: batchSize)
        .filter { !visited.contains($0.originalID) }
      if due.isEmpty { break }
      for subscription in due {
        visited.insert(subscription.originalID)
        let renewed = try advance(
          originalID: subscription.originalID, customerID: subscription.customerID, to: now)
        renewals += renewed.count
        for transaction in renewed {
          listeners.broadcast(transaction, customerID: subscription.customerID)
          try issueBundledSubscriptions(for: transaction, customerID: subscription.customerID)
        }
        broadcastStatus(customerID: subscription.customerID, originalID: subscription.originalID)
        if !renewed.isEmpty {
          shareWithFamily(of: subscription.customerID, productID: subscription.productID)
        }
      }
      progress?(renewals)
    }
    return renewals
  }

  /// Whether nothing is due by the clock's now, so `catchUp()` would change nothing: one read,
  /// for a caller that answers from a read-only snapshot and catches up only when needed.
  public func isCaughtUp() throws -> Bool {
    try ledger.dueSubscriptions(by: clock.now(), limit: 1).isEmpty
  }

  /// Advances one subscription chain to `now` in one ledger write.
  private func advance(originalID: UInt64, customerID: String, to now: Date) throws
    -> [SignedTransaction]
  {
    let catalog = self.catalog
    let billing = session.billing
    return try ledger.change(customerID: customerID, scope: .chain(originalID)) { state in
      guard var chain = state.subscriptions.first(where: { $0.state.originalID == originalID })
      else { return (LedgerChanges(), []) }
      let steps = SubscriptionLifecycle.advance(
        &chain.state, to: now, billing: billing,
        periodOf: { catalog.product(id: $0)?.subscription?.subscriptionPeriod },
        priceOf: { catalog.product(id: $0).map { TransactionFactory.milliunits($0.price) } })
      guard !steps.isEmpty else { return (LedgerChanges(), []) }
      var changes = LedgerChanges()
      var renewed: [SignedTransaction] = []
      var nextID = state.nextID
      for step in steps {
        switch step {
        case .renewed(let renewal):
          renewed.append(
            try recordRenewal(
              renewal, id: nextID, chain: chain.state, customer: state.customer,
              storefront: catalog.storefront, signedAt: renewal.start, changes: &changes))
          nextID += 1
        case .billingFailed, .graceEnded, .expired:
          changes.events += Self.events(of: step, chain: chain.state, customerID: customerID)
        }
      }
      chain.renewalInfo = try signRenewalInfo(chain.state, customer: state.customer, at: now)
      changes.subscriptions.append(chain)
      return (changes, renewed)
    }
  }

  /// The event log's entry for a step of time on `chain` other than a renewal (which is
  /// recorded with its transaction).
  static func events(
    of step: SubscriptionLifecycle.Step, chain: SubscriptionState, customerID: String
  ) -> [StoreEvent] {
    func event(_ date: Date, _ kind: StoreEvent.Kind, _ detail: String = "") -> StoreEvent {
      StoreEvent(
        date: date, customerID: customerID, kind: kind, transactionID: chain.originalID,
        productID: chain.productID, detail: detail)
    }
    switch step {
    case .renewed: return []
    case .billingFailed(let date, let graceEnds):
      return [event(date, .billingFailed, graceEnds == nil ? "" : "grace period")]
    case .graceEnded(let date): return [event(date, .gracePeriodEnded)]
    case .expired(let date, let reason): return [event(date, .expired, reason.name)]
    }
  }

  /// Signs `renewal` as transaction `id` of `chain` and adds it, with its event, to `changes`.
  func recordRenewal(
    _ renewal: SubscriptionLifecycle.Renewal, id: UInt64, chain: SubscriptionState,
    customer: Customer, storefront: CatalogStorefront, signedAt date: Date,
    kind: StoreEvent.Kind = .renewed, detail: String = "", changes: inout LedgerChanges
  ) throws -> SignedTransaction {
    let transaction = try sign(
      factory.renewal(
        id: id, state: chain, productID: renewal.productID, start: renewal.start, end: renewal.end,
        price: renewal.price, offer: renewal.offer, customer: customer, storefront: storefront,
        signedAt: date, nonce: ids.makeUUID(), commitment: renewal.commitment))
    changes.inserted.append(
      TransactionRecord(
        id: id, customerID: customer.id, productID: renewal.productID, state: .purchased,
        request: PurchaseRequest(appAccountToken: chain.appAccountToken), signed: transaction,
        createdDate: date))
    changes.events.append(
      StoreEvent(
        date: renewal.start, customerID: customer.id, kind: kind, transactionID: id,
        productID: renewal.productID, detail: detail))
    return transaction
  }

  // MARK: - Status

  /// Changes to the customer's subscription statuses (`Product.SubscriptionInfo.Status.updates`):
  /// renewals, expiries, billing changes, auto-renew and plan changes, price increases.
  public func statusUpdates(customerID: String = Customer.defaultID)
    -> AsyncStream<SignedSubscriptionStatus>
  {
    statusListeners.subscribe(customerID: customerID)
  }

  /// Sends the current status of one chain to the status listeners.
  func broadcastStatus(customerID: String, originalID: UInt64) {
    guard
      let status = try? subscriptionStatuses(customerID: customerID)
        .first(where: { $0.subscription.originalID == originalID })
    else { return }
    statusListeners.broadcast(status, customerID: customerID)
  }

  /// The customer's subscription chains as the App Store keeps them: their own, then each one a
  /// family member shares with them (its state as of the copy they hold).
  public func subscriptionChains(customerID: String, records: [TransactionRecord]? = nil) throws
    -> [SubscriptionState]
  {
    let records = try records ?? ledger.decidingRecords(customerID: customerID)
    return try ledger.subscriptions(customerID: customerID).map(\.state) + familyChains(records)
  }

  /// The status of each of the customer's subscriptions, optionally of one group: one per
  /// chain of their own, and one per chain shared with them through Family Sharing (so a
  /// member may be subscribed through the family while their own subscription expired).
  public func subscriptionStatuses(customerID: String, groupID: String? = nil) throws
    -> [SignedSubscriptionStatus]
  {
    let now = clock.now()
    // Each chain's latest transaction is among the deciding records.
    let records = try ledger.decidingRecords(customerID: customerID)
    let states = try subscriptionChains(customerID: customerID, records: records)
    let signed = TransactionRules.chronological(records)
    // Read once, and only when a status is reported (reading may create the customer).
    var account: Customer?
    let own = try states.compactMap { state -> SignedSubscriptionStatus? in
      guard groupID == nil || state.groupID == groupID,
        let latest = signed.last(where: {
          $0.payload.originalTransactionId == String(state.originalID)
        })
      else { return nil }
      let customer = try account ?? customer(customerID)
      account = customer
      // Renewal info is re-signed when read, so its state and `signedDate` are current.
      let info = try signRenewalInfo(state, customer: customer, at: now)
      return SignedSubscriptionStatus(
        state: state.renewalState(at: now), renewalInfo: info, transaction: latest,
        subscription: state)
    }
    let bundled = try bundledStatuses(
      signed, bundles: states, groupID: groupID, customerID: customerID, at: now)
    return own + bundled
  }
}

extension ExpirationIntent {
  /// StoreKit's `RenewalInfo.ExpirationReason` case name.
  public var name: String {
    switch self {
    case .customerCancelled: "autoRenewDisabled"
    case .billingError: "billingError"
    case .customerDidNotConsentToPriceIncrease: "didNotConsentToPriceIncrease"
    case .productNotAvailable: "productUnavailable"
    case .other: "unknown"
    case .unbundled: "unbundled"
    }
  }
}
