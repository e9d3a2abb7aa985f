import Foundation

extension StoreEngine {
  /// Approves a pending Ask to Buy request: the App Store charges the customer now and the
  /// transaction arrives through ``updates()``.
  @discardableResult
  public func approve(_ id: UInt64) throws -> SignedTransaction {
    try complete(id, control: .approve, event: .approved)
  }

  /// Resolves an interrupted purchase (it completes now) or a subscription's billing issue (it
  /// recovers with a new transaction); either arrives through ``updates()``.
  @discardableResult
  public func resolve(_ id: UInt64) throws -> SignedTransaction {
    let existing = try record(id)
    if existing.state == .purchased,
      existing.signed?.payload.type == .autoRenewableSubscription
    {
      let recovered = try resolveBillingIssue(id)
      listeners.broadcast(recovered, customerID: existing.customerID)
      return recovered
    }
    return try complete(id, control: .resolve, event: .resolved)
  }

  /// Declines a pending Ask to Buy request; nothing is charged and nothing is delivered.
  public func decline(_ id: UInt64) throws {
    let now = clock.now()
    try changeRecord(id) { record, changes, _ in
      if let refusal = TransactionControlRules.refusal(
        .decline, record: record, chain: nil, now: now)
      {
        throw refusal
      }
      record.state = .declined
      changes.updated.append(record)
      changes.events.append(event(.declined, record, at: now))
    }
  }

  /// Refunds a transaction (`revocationReason` other, as a customer's refund request is) and
  /// delivers the revoked transaction through ``updates()``.
  @discardableResult
  public func refund(_ id: UInt64, reason: RevocationReason = .refundedForOtherReason) throws
    -> SignedTransaction
  {
    try revoke(id, reason: reason, kind: .refunded, control: .refund)
  }

  /// Revokes a transaction because of a problem on the developer's side (`revocationReason`
  /// developer issue) and delivers it through ``updates()``.
  @discardableResult
  public func revoke(_ id: UInt64) throws -> SignedTransaction {
    try revoke(id, reason: .refundedDueToIssue, kind: .revoked, control: .revoke)
  }

  /// Marks a transaction finished, as `transaction.finish()` does; finishing twice is harmless.
  public func finish(_ id: UInt64) throws {
    let now = clock.now()
    try changeRecord(id) { record, changes, _ in
      if let refusal = TransactionControlRules.refusal(
        .finish, record: record, chain: nil, now: now)
      {
        throw refusal
      }
      guard !record.isFinished else { return }
      record.isFinished = true
      changes.updated.append(record)
      changes.events.append(event(.finished, record, at: now))
    }
  }

  /// Deletes a record, as `SKTestSession.deleteTransaction(identifier:)` does.
  public func delete(_ id: UInt64) throws {
    let now = clock.now()
    try changeRecord(id) { record, changes, _ in
      changes.deleted.append(record.id)
      changes.events.append(event(.deleted, record, at: now))
    }
  }

  /// Deletes every record of every customer, unfinished ones too (`clearTransactions()`).
  public func clearTransactions() throws {
    let now = clock.now()
    try ledger.clearTransactions { customerID in
      StoreEvent(date: now, customerID: customerID, kind: .cleared)
    }
  }

  // MARK: - Transaction.updates

  /// A stream of transactions changed outside a purchase call (`Transaction.updates`).
  ///
  /// It carries approvals, resolutions, refunds, revocations and purchases made outside the app.
  /// The first stream of a process also receives every unfinished transaction of `customerID`
  /// once, as StoreKit re-delivers them at launch. Registration is immediate, so nothing that
  /// happens after this call returns is missed.
  public func updates(customerID: String = Customer.defaultID)
    -> AsyncStream<SignedTransaction>
  {
    listeners.subscribe(customerID: customerID) {
      (try? TransactionRules.unfinished(ledger.unfinishedRecords(customerID: customerID))) ?? []
    }
  }

  // MARK: - Helpers

  private func complete(
    _ id: UInt64, control: TransactionControl, event kind: StoreEvent.Kind
  ) throws -> SignedTransaction {
    let now = clock.now()
    let nonce = ids.makeUUID()
    let existing = try record(id)
    // A product scope holds the pending record itself; a consumable's holds nothing else.
    var scope = Self.scope(of: existing.productID, in: catalog)
    if scope == .none { scope = .record(id) }
    let signed = try ledger.change(customerID: existing.customerID, scope: scope) { state in
      guard var record = state.records.first(where: { $0.id == id }) else {
        throw StoreEngineError.unknownTransaction(id)
      }
      if let refusal = TransactionControlRules.refusal(
        control, record: record, chain: nil, now: now)
      {
        throw refusal
      }
      var options = PurchaseOptions(
        quantity: record.request.quantity, appAccountToken: record.request.appAccountToken,
        offer: record.request.offer.flatMap(Self.offerChoice))
      if record.request.offer == PurchasePlan.monthlyPlanTag {
        options.billingPlanType = BillingPlanType.monthly.rawValue
      }
      // A multiseat request keeps its seats as its quantity (a subscription's is otherwise 1).
      if record.request.quantity > 1,
        self.catalog.product(id: record.productID)?.subscription?.seatPriceTiers.isEmpty == false
      {
        options.quantity = 1
        options.seats = record.request.quantity
      }
      var plan = try PurchasePlan.make(
        productID: record.productID, options: options, state: state, catalog: self.catalog,
        now: now)
      plan.request = record.request
      var changes = LedgerChanges()
      let (transaction, charged) = try charge(
        plan, record: &record, state: state, catalog: self.catalog, now: now, nonce: nonce,
        changes: &changes)
      // Approving a request for something the customer already has charges nothing.
      record.state = charged ? .purchased : .declined
      changes.updated.append(record)
      changes.events.append(
        self.event(kind, record, at: now, detail: charged ? "" : "already owned"))
      return (changes, transaction)
    }
    listeners.broadcast(signed, customerID: existing.customerID)
    shareWithFamily(of: existing.customerID, productID: existing.productID)
    try issueBundledSubscriptions(for: signed, customerID: existing.customerID)
    return signed
  }

  /// Revokes `id` for `reason`, refunding `percentage` (milliunits) of it as `type` says.
  func revoke(
    _ id: UInt64, reason: RevocationReason, kind: StoreEvent.Kind, control: TransactionControl,
    type: RevocationType = .refundFull, percentage: Int = RevocationType.fullPercentage
  ) throws -> SignedTransaction {
    let now = clock.now()
    let nonce = ids.makeUUID()
    let existing = try record(id)
    if let refusal = TransactionControlRules.refusal(
      control, record: existing, chain: nil, now: now)
    {
      throw refusal
    }
    let customer = try customer(existing.customerID)
    let signed = try changeRecord(id) { record, changes, state -> SignedTransaction in
      if let refusal = TransactionControlRules.refusal(
        control, record: record, chain: nil, now: now)
      {
        throw refusal
      }
      let current = record.signed!
      var payload = factory.reissued(
        current.payload, date: now, nonce: nonce, customer: customer)
      payload.revocationDate = now.epochMilliseconds
      payload.revocationReason = reason
      // In Apple's milli-percent: a full refund is 100000.
      payload.revocationType = type
      payload.revocationPercentage = percentage
      record.signed = try sign(payload)
      changes.updated.append(record)
      // Revoking the chain's current transaction ends the subscription: no more renewals.
      if var chain = state.subscriptions.first(where: {
        String($0.state.originalID) == payload.originalTransactionId
          && $0.state.expiresDate.epochMilliseconds == payload.expiresDate
      }) {
        chain.state.isRevoked = true
        chain.state.willAutoRenew = false
        chain.renewalInfo = try signRenewalInfo(chain.state, customer: customer, at: now)
        changes.subscriptions.append(chain)
      }
      changes.events.append(event(kind, record, at: now, detail: Self.detail(of: reason)))
      return record.signed!
    }
    listeners.broadcast(signed, customerID: existing.customerID)
    shareWithFamily(of: existing.customerID, productID: existing.productID)
    return signed
  }

  /// The event log's detail for a revocation with `reason`.
  static func detail(of reason: RevocationReason) -> String {
    switch reason {
    case .refundedDueToIssue: "developerIssue"
    case .refundedForOtherReason: "other"
    case .upgradedToBundle: "upgradedToBundle"
    }
  }

  /// Runs `body` on the current version of record `id` inside one ledger write.
  @discardableResult
  func changeRecord<Result: Sendable>(
    _ id: UInt64,
    _ body: (inout TransactionRecord, inout LedgerChanges, CustomerLedger) throws -> Result
  ) throws -> Result {
    let existing = try record(id)
    return try ledger.change(customerID: existing.customerID, scope: .record(id)) { state in
      guard var record = state.records.first(where: { $0.id == id }) else {
        throw StoreEngineError.unknownTransaction(id)
      }
      var changes = LedgerChanges()
      let result = try body(&record, &changes, state)
      return (changes, result)
    }
  }

  func event(
    _ kind: StoreEvent.Kind, _ record: TransactionRecord, at date: Date, detail: String = ""
  ) -> StoreEvent {
    StoreEvent(
      date: date, customerID: record.customerID, kind: kind, transactionID: record.id,
      productID: record.productID, detail: detail)
  }

  /// The offer choice a stored request tag names (`promotional:ID`, `winBack:ID`, `introductory`).
  static func offerChoice(_ tag: String) -> PurchaseOptions.OfferChoice? {
    let parts = tag.split(separator: ":", maxSplits: 1).map(String.init)
    switch parts.first {
    case "introductory": return .introductory
    case "promotional": return parts.count == 2 ? .promotional(parts[1]) : nil
    case "winBack": return parts.count == 2 ? .winBack(parts[1]) : nil
    case "code": return parts.count == 2 ? .code(parts[1]) : nil
    default: return nil
    }
  }
}
