import Foundation

extension StoreEngine {
  // MARK: - Joining and leaving

  /// The most people one Family Sharing group holds (the organizer and five members).
  public static let familyLimit = 6

  /// Puts the customer in Family Sharing group `group` (created by its first member); they
  /// receive the family's shared purchases at once, through `Transaction.updates`.
  ///
  /// - Returns: the shared transactions the customer received on joining.
  /// - Throws: `StoreEngineError.badFamilyName`, `.alreadyInFamily` or `.familyFull`.
  @discardableResult
  public func joinFamily(_ group: String, customerID: String) throws -> [SignedTransaction] {
    guard Self.isValidFamilyName(group) else { throw StoreEngineError.badFamilyName(group) }
    try ensureCustomer(customerID)
    let delivered = try changeMembership(group, customerID: customerID, kind: .familyJoined) {
      customer, customerCount in
      if let current = customer.familyGroup {
        throw StoreEngineError.alreadyInFamily(customer: customerID, group: current)
      }
      // The write read the members and the customer joining.
      guard customerCount <= Self.familyLimit else { throw StoreEngineError.familyFull(group) }
      customer.familyGroup = group
    }
    deliver(delivered)
    return delivered.filter { $0.customerID == customerID }.map(\.transaction)
  }

  /// Takes the customer out of their family: the purchases family members shared with them, and
  /// theirs shared with the family, are revoked (`REVOKE`) and leave `currentEntitlements`.
  ///
  /// - Returns: the group left.
  /// - Throws: `StoreEngineError.notInFamily`.
  @discardableResult
  public func leaveFamily(customerID: String) throws -> String {
    guard let group = try ledger.existingCustomer(customerID)?.familyGroup else {
      throw StoreEngineError.notInFamily(customerID)
    }
    let delivered = try changeMembership(group, customerID: customerID, kind: .familyLeft) {
      customer, _ in
      guard customer.familyGroup == group else { throw StoreEngineError.notInFamily(customerID) }
      customer.familyGroup = nil
    }
    deliver(delivered)
    return group
  }

  /// Changes the customer's membership of `group` with `update` (given how many customers the
  /// write read: the members and the customer), logs `kind`, and brings the family in line, in
  /// one ledger write; returns what reaches each member.
  private func changeMembership(
    _ group: String, customerID: String, kind: StoreEvent.Kind,
    _ update: (inout Customer, _ customerCount: Int) throws -> Void
  ) throws -> [(customerID: String, transaction: SignedTransaction)] {
    let now = clock.now()
    return try ledger.changeFamily(group, including: customerID) { family in
      var family = family
      guard let index = family.customers.firstIndex(where: { $0.customer.id == customerID })
      else { throw StoreEngineError.notInFamily(customerID) }
      try update(&family.customers[index].customer, family.customers.count)
      var changes = LedgerChanges()
      changes.customers.append(family.customers[index].customer)
      changes.events.append(
        StoreEvent(date: now, customerID: customerID, kind: kind, detail: group))
      let delivered = try applyFamilyPlan(family, now: now, changes: &changes)
      return (changes, delivered)
    }
  }

  /// The members of the customer's family, in the order they joined the ledger; empty when the
  /// customer is in none.
  public func familyMembers(customerID: String) throws -> [Customer] {
    guard let group = try ledger.existingCustomer(customerID)?.familyGroup else { return [] }
    return try ledger.familyMembers(group)
  }

  /// Whether `name` can name a family group: 1 to 64 ASCII letters, digits, `-`, `_` or `.`.
  public static func isValidFamilyName(_ name: String) -> Bool {
    guard (1...64).contains(name.utf8.count) else { return false }
    return name.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2E
    }
  }

  // MARK: - Sharing

  /// Brings the family of `customerID` in line with Family Sharing's rules.
  ///
  /// After a change to their purchases: new shared copies, copies following a renewal, expiry or
  /// upgrade, and copies revoked after a refund. Does nothing for a customer without a family.
  ///
  /// Idempotent; callers whose own change already committed ignore its failure, because the next
  /// family change or catch-up computes the same plan again.
  func shareWithFamily(of customerID: String) throws {
    guard let group = try ledger.existingCustomer(customerID)?.familyGroup else { return }
    let now = clock.now()
    let delivered = try ledger.changeFamily(group, including: nil) { family in
      var changes = LedgerChanges()
      let delivered = try applyFamilyPlan(family, now: now, changes: &changes)
      return (changes, delivered)
    }
    deliver(delivered)
  }

  /// Shares with the family when `productID` is family-shareable (a cheap check first, so
  /// purchases of anything else never read the family), and with the members holding an
  /// assigned seat of a multiseat subscription (``shareWithSeats(of:productID:)``).
  func shareWithFamily(of customerID: String, productID: String) {
    shareWithSeats(of: customerID, productID: productID)
    guard FamilySharing.isShareable(catalog.product(id: productID)) else { return }
    // The caller's change has committed; a failure here is retried by the next family change.
    try? shareWithFamily(of: customerID)
  }

  /// Signs and records the steps of `FamilySharing.plan`, and returns what reaches each member.
  private func applyFamilyPlan(
    _ family: FamilyLedger, now: Date, changes: inout LedgerChanges
  ) throws -> [(customerID: String, transaction: SignedTransaction)] {
    let customers = Dictionary(
      family.customers.map { ($0.customer.id, $0.customer) }, uniquingKeysWith: { a, _ in a })
    var nextID = family.nextID
    var delivered: [(customerID: String, transaction: SignedTransaction)] = []
    for step in FamilySharing.plan(family, catalog: catalog, now: now) {
      let memberID: String =
        switch step {
        case .share(_, let memberID, _): memberID
        case .mirror(let copy, _), .revoke(let copy, _, _): copy.customerID
        }
      guard let member = customers[memberID] else { continue }
      if let reached = try applySharing(
        step, member: member, kind: .family, nextID: &nextID, now: now, changes: &changes)
      {
        delivered.append(reached)
      }
    }
    return delivered
  }

  /// Sends shared and revoked copies to their members' `Transaction.updates` (they happen
  /// outside the member's app) and their subscription statuses to the status listeners.
  func deliver(_ delivered: [(customerID: String, transaction: SignedTransaction)]) {
    for (customerID, transaction) in delivered {
      listeners.broadcast(transaction, customerID: customerID)
      if transaction.payload.type == .autoRenewableSubscription,
        let original = UInt64(transaction.payload.originalTransactionId)
      {
        broadcastStatus(customerID: customerID, originalID: original)
      }
    }
  }

  // MARK: - What a member's app sees

  /// The subscription chains a customer has through Family Sharing or an assigned seat, each
  /// the purchaser's chain as the member sees it: under the member's original transaction ID, and ending with the
  /// last transaction shared with them (when the purchaser's chain moved on to a product that
  /// is not shared, the member's access ends with the last shared period).
  func familyChains(_ records: [TransactionRecord]) throws -> [SubscriptionState] {
    var latestCopy: [String: TransactionRecord] = [:]
    for record in records where record.sharedFromID != nil {
      guard let payload = record.signed?.payload, payload.type == .autoRenewableSubscription
      else { continue }
      latestCopy[payload.originalTransactionId] = record
    }
    var chains: [SubscriptionState] = []
    // Each purchaser's subscriptions, read once however many of their chains are shared.
    var purchasers: [String: [SubscriptionRecord]] = [:]
    for (original, copy) in latestCopy.sorted(by: { $0.key < $1.key }) {
      guard let sourceID = copy.sharedFromID, let source = try ledger.record(id: sourceID),
        let sourcePayload = source.signed?.payload, let memberOriginal = UInt64(original),
        let copyPayload = copy.signed?.payload
      else { continue }
      let purchaserChains =
        try purchasers[source.customerID] ?? ledger.subscriptions(customerID: source.customerID)
      purchasers[source.customerID] = purchaserChains
      guard
        var state = purchaserChains.first(where: {
          String($0.state.originalID) == sourcePayload.originalTransactionId
        })?.state
      else { continue }
      let purchaserLatest = try UInt64(sourcePayload.originalTransactionId).flatMap {
        try ledger.latestRecord(customerID: source.customerID, originalID: $0)
      }
      if purchaserLatest?.id != source.id {
        state.expiresDate = Date(
          epochMilliseconds: copyPayload.expiresDate ?? copyPayload.purchaseDate)
        state.billingIssue = nil
        state.willAutoRenew = false
      }
      state.originalID = memberOriginal
      state.customerID = copy.customerID
      state.appAccountToken = nil
      state.isRevoked = state.isRevoked || copy.signed?.isRevoked == true
      chains.append(state)
    }
    return chains
  }

  /// Refuses QA actions on a Family Sharing or assigned-seat copy: only the purchaser's
  /// transaction is billed, refunded or renewed, and the copy follows it.
  func refuseFamilyCopy(_ record: TransactionRecord, action: String) throws {
    if let refusal = TransactionControlRules.familyCopyRefusal(record, action: action) {
      throw refusal
    }
  }
}
