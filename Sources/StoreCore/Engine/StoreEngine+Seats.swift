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
    try ledger.change(customerID: purchaserID, scope: .chain(original)) { state in
      guard var chain = state.subscriptions.first(where: { $0.state.originalID == original })
      else { throw SeatRefusal.noSubscription(customer: purchaserID, product: productID) }
      if let refusal = SeatRules.assignRefusal(chain.state, member: memberID, at: now) {
        throw refusal
      }
      chain.state.seatMembers.append(memberID)
      chain.state.seatMembersRemoved.removeAll { $0 == memberID }
      var changes = LedgerChanges()
      changes.subscriptions.append(chain)
      changes.events.append(
        StoreEvent(
          date: now, customerID: purchaserID, kind: .seatAssigned, transactionID: original,
          productID: productID, detail: memberID))
      return (changes, ())
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
    try ledger.change(customerID: purchaserID, scope: .chain(original)) { state in
      guard var chain = state.subscriptions.first(where: { $0.state.originalID == original }),
        let index = chain.state.seatMembers.firstIndex(of: memberID)
      else {
        throw SeatRefusal.notAssigned(member: memberID, product: productID, purchaser: purchaserID)
      }
      chain.state.seatMembers.remove(at: index)
      // Kept until the member's copies are revoked (below), so a crash in between is healed.
      chain.state.seatMembersRemoved.append(memberID)
      var changes = LedgerChanges()
      changes.subscriptions.append(chain)
      changes.events.append(
        StoreEvent(
          date: now, customerID: purchaserID, kind: .seatRemoved, transactionID: original,
          productID: productID, detail: memberID))
      return (changes, ())
    }
    let delivered = try applySeats(purchaserID: purchaserID, originalID: original, to: [memberID])
    try forgetRemovedMembers([memberID], purchaserID: purchaserID, originalID: original)
    deliver(delivered)
    return delivered.map(\.transaction)
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
    for chain in chains
    where !chain.state.seatMembers.isEmpty || !chain.state.seatMembersRemoved.isEmpty {
      let original = chain.state.originalID
      // A removal a crash interrupted is finished here: its member's copies are revoked.
      let removed = chain.state.seatMembersRemoved
      guard
        let delivered = try? applySeats(
          purchaserID: customerID, originalID: original, to: chain.state.seatMembers + removed)
      else { continue }
      if !removed.isEmpty {
        try? forgetRemovedMembers(removed, purchaserID: customerID, originalID: original)
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

  /// Signs and records each member's steps of ``SeatRules/plan``, member by member (each in
  /// one ledger write of their own), and returns what reaches each member.
  private func applySeats(purchaserID: String, originalID: UInt64, to members: [String]) throws
    -> [(customerID: String, transaction: SignedTransaction)]
  {
    guard
      let state = try ledger.subscriptions(customerID: purchaserID)
        .first(where: { $0.state.originalID == originalID })?.state
    else { return [] }
    let chain = try ledger.records(customerID: purchaserID).filter {
      $0.signed?.payload.originalTransactionId == String(originalID)
    }
    let now = clock.now()
    var delivered: [(customerID: String, transaction: SignedTransaction)] = []
    for memberID in members {
      delivered += try ledger.change(customerID: memberID, scope: .all) { member in
        var changes = LedgerChanges()
        let steps = SeatRules.plan(
          chain: chain, state: state, memberID: memberID, memberRecords: member.records, now: now)
        let reached = try applySeatSteps(steps, member: member, now: now, changes: &changes)
        return (changes, reached)
      }
    }
    return delivered
  }

  /// Signs one member's seat steps into `changes`; returns what reaches the member.
  private func applySeatSteps(
    _ steps: [FamilySharing.Step], member: CustomerLedger, now: Date,
    changes: inout LedgerChanges
  ) throws -> [(customerID: String, transaction: SignedTransaction)] {
    var nextID = member.nextID
    var delivered: [(customerID: String, transaction: SignedTransaction)] = []
    for step in steps {
      if let reached = try applySharing(
        step, member: member.customer, kind: .seat, nextID: &nextID, now: now, changes: &changes)
      {
        delivered.append(reached)
      }
    }
    return delivered
  }
}
