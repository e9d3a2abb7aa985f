import Foundation

/// Apple-hosted seat assignment's rules, as pure functions: who may get a seat, and which
/// `ASSIGNED` transactions a member needs, follows or loses.
///
/// Like ``FamilySharing``, the plan is computed from scratch and idempotent: running it twice
/// changes nothing the second time.
public enum SeatRules {
  /// Whether `product`'s subscription group sells seats, so a change to a subscription of it may
  /// concern assigned members (a cheap check, so nothing else reads the seats).
  public static func sellsSeats(_ product: CatalogProduct?, in catalog: ProductCatalog) -> Bool {
    guard let group = product?.subscription?.subscriptionGroupID else { return false }
    return catalog.products().contains {
      $0.subscription?.subscriptionGroupID == group
        && $0.subscription?.seatPriceTiers.isEmpty == false
    }
  }

  /// The seats of `state` at `now`; nil when it was not bought by seat.
  public static func assignment(_ state: SubscriptionState, at now: Date) -> SeatAssignment? {
    guard let info = state.multiSeatInfo else { return nil }
    return SeatAssignment(
      purchaserID: state.customerID, productID: state.productID, originalID: state.originalID,
      seats: info.seats, invitationManagement: info.invitationManagement,
      members: state.seatMembers, isActive: state.renewalState(at: now).isEntitled)
  }

  /// Why `member` cannot get a seat of `state` at `now`; nil when they can.
  ///
  /// The purchaser holds one of the seats (Apple's Claim Seat: "Claim a seat for each member
  /// other than the purchaser"), so at most seats − 1 members hold one.
  public static func assignRefusal(_ state: SubscriptionState, member: String, at now: Date)
    -> SeatRefusal?
  {
    let customer = state.customerID
    let product = state.productID
    guard member != customer else { return .purchaserIsMember(member) }
    guard let seats = assignment(state, at: now) else {
      return .notMultiSeat(customer: customer, product: product)
    }
    guard seats.invitationManagement == TransactionMultiSeatInfo.apple else {
      return .developerHosted(customer: customer, product: product)
    }
    guard seats.isActive else { return .notActive(customer: customer, product: product) }
    guard !seats.members.contains(member) else {
      return .alreadyAssigned(member: member, product: product, purchaser: customer)
    }
    guard seats.freeSeats > 0 else {
      return .seatsTaken(customer: customer, product: product, seats: seats.seats)
    }
    return nil
  }

  /// The steps that bring `memberID`'s `ASSIGNED` copies of the purchaser's chain in line.
  ///
  /// - A member of `state.seatMembers` without a live copy gets the chain's latest transaction
  ///   while it grants access; one with a live copy gets every later transaction (each
  ///   renewal), continuing the member's own original transaction ID.
  /// - A live copy follows its purchaser's transaction (expiry, upgrade); it is revoked with the
  ///   purchaser's reason when that transaction was refunded or revoked, and with reason 0 when
  ///   the member no longer holds a seat (as Family Sharing does when a member leaves).
  ///
  /// - Parameters:
  ///   - chain: the purchaser's records of the chain (any order).
  ///   - memberRecords: every record of the member.
  public static func plan(
    chain: [TransactionRecord], state: SubscriptionState, memberID: String,
    memberRecords: [TransactionRecord], now: Date
  ) -> [FamilySharing.Step] {
    let sources = Dictionary(
      chain.filter { $0.sharedFromID == nil }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let copies = memberRecords.filter { record in
      guard let source = record.sharedFromID, sources[source] != nil else { return false }
      return record.signed?.payload.inAppOwnershipType == .assigned
    }.sorted { $0.id < $1.id }
    let live = copies.filter { $0.signed?.isRevoked == false }
    let isMember = state.seatMembers.contains(memberID)
    var steps: [FamilySharing.Step] = []
    for copy in live {
      guard isMember, let sourceID = copy.sharedFromID,
        let payload = sources[sourceID]?.signed?.payload
      else {
        steps.append(.revoke(copy: copy, reason: .refundedForOtherReason, why: "seat removed"))
        continue
      }
      if payload.revocationDate != nil {
        steps.append(
          .revoke(
            copy: copy, reason: payload.revocationReason ?? .refundedForOtherReason,
            why: "purchaser \(state.customerID) transaction \(sourceID) revoked"))
      } else if payload.expiresDate != copy.signed?.payload.expiresDate
        || payload.isUpgraded != copy.signed?.payload.isUpgraded
      {
        steps.append(.mirror(copy: copy, source: payload))
      }
    }
    guard isMember else { return steps }
    let own = sources.values.filter { record in
      guard let signed = record.signed, !signed.isRevoked else { return false }
      return signed.payload.inAppOwnershipType == .purchased
    }.sorted { $0.id < $1.id }
    let memberOriginal = copies.first.flatMap {
      $0.signed.flatMap { UInt64($0.payload.originalTransactionId) }
    }
    let pending: [TransactionRecord]
    if let last = live.compactMap(\.sharedFromID).max() {
      pending = own.filter { $0.id > last }
    } else {
      pending = state.renewalState(at: now).isEntitled ? Array(own.suffix(1)) : []
    }
    return steps
      + pending.map { .share(source: $0, member: memberID, originalID: memberOriginal) }
  }
}
