import Foundation

extension StoreEngine {
  /// Gives `memberID` a seat of `purchaserID`'s multiseat subscription to `productID`.
  ///
  /// As the group purchaser does with Apple-hosted invitations: the member receives an
  /// `ASSIGNED` transaction at once, through `Transaction.updates`, and one for each later
  /// renewal. A member without an account yet gets one, as any first use of an Apple Account
  /// does.
  ///
  /// - Returns: the transactions the member received.
  /// - Throws: ``SeatRefusal`` (nothing is changed).
  @discardableResult
  public func assignSeat(purchaserID: String, productID: String, memberID: String) throws
    -> [SignedTransaction]
  {
    let state = try seatChain(purchaserID, productID: productID, memberID: memberID)
    let original = state.originalID
    let now = clock.now()
    // Refused before the member's account is made, so a refusal changes nothing; the write
    // below decides again on the chain as it then stands.
    if let refusal = SeatRules.assignRefusal(state, member: memberID, at: now) { throw refusal }
    try ensureCustomer(memberID)
    try changeSeats(
      of: purchaserID, productID: productID, originalID: original, member: memberID,
      event: .seatAssigned, at: now,
      missing: .noSubscription(customer: purchaserID, product: productID)
    ) { chain in
      if let refusal = SeatRules.assignRefusal(chain, member: memberID, at: now) { throw refusal }
      chain.seatMembers.append(memberID)
      chain.seatMembersRemoved.removeAll { $0 == memberID }
    }
    let delivered = try applySeats(purchaserID: purchaserID, originalID: original, to: [memberID])
    deliver(delivered)
    return delivered.map(\.transaction)
  }

  /// Takes back `memberID`'s seat of `purchaserID`'s multiseat subscription to `productID`: the
  /// member's `ASSIGNED` transactions are revoked (`ASSIGNMENT_REVOKE`, Apple's `REVOKE`
  /// notification) and leave `currentEntitlements`; the seat is free again.
  ///
  /// - Returns: the revoked transactions the member received.
  /// - Throws: ``SeatRefusal`` (nothing is changed).
  @discardableResult
  public func removeSeat(purchaserID: String, productID: String, memberID: String) throws
    -> [SignedTransaction]
  {
    let original = try seatChain(purchaserID, productID: productID, memberID: memberID)
      .originalID
    let now = clock.now()
    let notAssigned = SeatRefusal.notAssigned(
      member: memberID, product: productID, purchaser: purchaserID)
    try changeSeats(
      of: purchaserID, productID: productID, originalID: original, member: memberID,
      event: .seatRemoved, at: now, missing: notAssigned
    ) { chain in
      guard let index = chain.seatMembers.firstIndex(of: memberID) else { throw notAssigned }
      chain.seatMembers.remove(at: index)
      // Kept until the member's copies are revoked (below), so a crash in between is healed.
      chain.seatMembersRemoved.append(memberID)
    }
    let delivered = try applySeats(purchaserID: purchaserID, originalID: original, to: [memberID])
    try forgetRemovedMembers([memberID], purchaserID: purchaserID, originalID: original)
    deliver(delivered)
    return delivered.map(\.transaction)
  }

  /// Changes the seats of `purchaserID`'s chain `originalID` with `edit`, recording one event
  /// of `event` about `member`, in one write; `missing` is thrown when the chain is gone.
  private func changeSeats(
    of purchaserID: String, productID: String, originalID: UInt64, member: String,
    event: StoreEvent.Kind, at now: Date, missing: SeatRefusal,
    _ edit: (inout SubscriptionState) throws -> Void
  ) throws {
    try ledger.change(customerID: purchaserID, scope: .chain(originalID)) { state in
      guard var chain = state.subscriptions.first(where: { $0.state.originalID == originalID })
      else { throw missing }
      try edit(&chain.state)
      var changes = LedgerChanges()
      changes.subscriptions.append(chain)
      changes.events.append(
        StoreEvent(
          date: now, customerID: purchaserID, kind: event, transactionID: originalID,
          productID: productID, detail: member))
      return (changes, ())
    }
  }

  /// Drops `members` from the chain's removed members once their copies are revoked.
  private func forgetRemovedMembers(
    _ members: [String], purchaserID: String, originalID: UInt64
  ) throws {
    try ledger.change(customerID: purchaserID, scope: .chain(originalID)) { state in
      var changes = LedgerChanges()
      if var chain = state.subscriptions.first(where: { $0.state.originalID == originalID }),
        chain.state.seatMembersRemoved.contains(where: members.contains)
      {
        chain.state.seatMembersRemoved.removeAll(where: members.contains)
        changes.subscriptions.append(chain)
      }
      return (changes, ())
    }
  }

  /// The seats of each of the customer's multiseat subscriptions, by original transaction ID.
  public func seatAssignments(customerID: String) throws -> [SeatAssignment] {
    let now = clock.now()
    return try ledger.subscriptions(customerID: customerID).map(\.state)
      .sorted { $0.originalID < $1.originalID }
      .compactMap { SeatRules.assignment($0, at: now) }
  }

  /// Brings the assigned members of `customerID`'s multiseat subscriptions in line after a
  /// change to the purchaser's subscription to `productID` (a renewal, a refund, an upgrade):
  /// a cheap catalog check first, so no other purchase reads the seats.
  ///
  /// The caller's change has committed; a failure here is healed by the next change, because
  /// the plan is computed again from scratch.
  func shareWithSeats(of customerID: String, productID: String) {
    guard SeatRules.sellsSeats(catalog.product(id: productID), in: catalog) else { return }
    guard let chains = try? ledger.subscriptions(customerID: customerID) else { return }
    let seated = chains.map(\.state).filter {
      !$0.seatMembers.isEmpty || !$0.seatMembersRemoved.isEmpty
    }
    // The purchaser's records, read once for every chain with members.
    guard !seated.isEmpty, let records = try? ledger.records(customerID: customerID) else {
      return
    }
    for state in seated {
      // A removal a crash interrupted is finished here: its member's copies are revoked.
      let removed = state.seatMembersRemoved
      guard
        let delivered = try? applySeats(
          state, records: records, to: state.seatMembers + removed)
      else { continue }
      if !removed.isEmpty {
        try? forgetRemovedMembers(removed, purchaserID: customerID, originalID: state.originalID)
      }
      deliver(delivered)
    }
  }

  /// The purchaser's subscription to `productID` as it stands.
  private func seatChain(_ purchaserID: String, productID: String, memberID: String) throws
    -> SubscriptionState
  {
    guard memberID != purchaserID else { throw SeatRefusal.purchaserIsMember(memberID) }
    guard try ledger.existingCustomer(purchaserID) != nil else {
      throw SeatRefusal.unknownCustomer(purchaserID)
    }
    guard
      let chain = try ledger.subscriptions(customerID: purchaserID)
        .first(where: { $0.state.productID == productID })
    else { throw SeatRefusal.noSubscription(customer: purchaserID, product: productID) }
    return chain.state
  }

  /// ``applySeats(_:records:to:)`` on the purchaser's chain `originalID` as it now stands.
  private func applySeats(purchaserID: String, originalID: UInt64, to members: [String]) throws
    -> [(customerID: String, transaction: SignedTransaction)]
  {
    guard
      let state = try ledger.subscriptions(customerID: purchaserID)
        .first(where: { $0.state.originalID == originalID })?.state
    else { return [] }
    return try applySeats(state, records: try ledger.records(customerID: purchaserID), to: members)
  }

  /// Signs and records each member's steps of ``SeatRules/plan`` for the chain `state` (its
  /// records among the purchaser's `records`), member by member (each in one ledger write of
  /// their own), and returns what reaches each member.
  private func applySeats(
    _ state: SubscriptionState, records: [TransactionRecord], to members: [String]
  ) throws -> [(customerID: String, transaction: SignedTransaction)] {
    let original = String(state.originalID)
    let chain = records.filter { $0.signed?.payload.originalTransactionId == original }
    let now = clock.now()
    var delivered: [(customerID: String, transaction: SignedTransaction)] = []
    for memberID in members {
      delivered += try ledger.change(customerID: memberID, scope: .all) { member in
        var changes = LedgerChanges()
        var nextID = member.nextID
        let steps = SeatRules.plan(
          chain: chain, state: state, memberID: memberID, memberRecords: member.records, now: now)
        let reached = try steps.compactMap { step in
          try applySharing(
            step, member: member.customer, kind: .seat, nextID: &nextID, now: now,
            changes: &changes)
        }
        return (changes, reached)
      }
    }
    return delivered
  }
}
