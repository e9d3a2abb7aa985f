import Foundation

/// The seats of one multiseat subscription with Apple-hosted invitations, as its purchaser sees
/// them: how many there are and who holds the assigned ones.
public struct SeatAssignment: Sendable, Equatable {
  /// The group purchaser.
  public var purchaserID: String
  /// The subscription's current product.
  public var productID: String
  /// The purchaser's original transaction ID of the subscription.
  public var originalID: UInt64
  /// The seats bought (`multiSeatInfo`'s tiers added up), the purchaser's own among them.
  public var seats: Int
  /// `APPLE` or `DEVELOPER`, as signed in `multiSeatInfo`.
  public var invitationManagement: String?
  /// The customers holding an assigned seat, in the order they got it.
  public var members: [String]
  /// Whether the subscription grants access now (an expired one gives no seats).
  public var isActive: Bool

  /// Creates an assignment summary.
  public init(
    purchaserID: String, productID: String, originalID: UInt64, seats: Int,
    invitationManagement: String?, members: [String], isActive: Bool
  ) {
    self.purchaserID = purchaserID
    self.productID = productID
    self.originalID = originalID
    self.seats = seats
    self.invitationManagement = invitationManagement
    self.members = members
    self.isActive = isActive
  }

  /// The seats still free: all of them but the purchaser's own and the assigned ones.
  public var freeSeats: Int { max(0, seats - 1 - members.count) }
}

/// Why the App Store refuses a change to a multiseat subscription's assigned seats; each
/// description names the input first, for `storeterm: <description>`.
public enum SeatRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// No customer with this ID in the ledger.
  case unknownCustomer(String)
  /// The purchaser named as the member: they hold the purchaser's own seat.
  case purchaserIsMember(String)
  /// The customer has no subscription whose current product is this one.
  case noSubscription(customer: String, product: String)
  /// The subscription was not bought with `.seats(_:)`.
  case notMultiSeat(customer: String, product: String)
  /// The subscription's invitations are developer-hosted: the app gives its seats.
  case developerHosted(customer: String, product: String)
  /// The subscription grants no access now (expired, in billing retry or revoked).
  case notActive(customer: String, product: String)
  /// The member already holds a seat of it.
  case alreadyAssigned(member: String, product: String, purchaser: String)
  /// Every seat is taken.
  case seatsTaken(customer: String, product: String, seats: Int)
  /// The member holds no seat of it.
  case notAssigned(member: String, product: String, purchaser: String)

  /// One clause naming the bad input.
  public var description: String {
    switch self {
    case .unknownCustomer(let id):
      "customer \"\(id)\" does not exist"
    case .purchaserIsMember(let id):
      "customer \"\(id)\" is the group purchaser, who already holds a seat of their own"
    case .noSubscription(let customer, let product):
      "customer \"\(customer)\" has no subscription to \"\(product)\""
    case .notMultiSeat(let customer, let product):
      "\"\(product)\" of customer \"\(customer)\" is not a multiseat subscription (buy it with"
        + " --seats N)"
    case .developerHosted(let customer, let product):
      "\"\(product)\" of customer \"\(customer)\" has developer-hosted invitations"
        + " (invitationManagement DEVELOPER): the app, not the App Store, gives its seats"
    case .notActive(let customer, let product):
      "\"\(product)\" of customer \"\(customer)\" is not active, so it has no seats to give"
    case .alreadyAssigned(let member, let product, let purchaser):
      "customer \"\(member)\" already holds a seat of \"\(product)\" from \"\(purchaser)\""
    case .seatsTaken(let customer, let product, let seats):
      "all \(seats) seats of \"\(product)\" of customer \"\(customer)\" are taken (the"
        + " purchaser's own and \(seats - 1) assigned); remove a member first"
    case .notAssigned(let member, let product, let purchaser):
      "customer \"\(member)\" holds no seat of \"\(product)\" from \"\(purchaser)\""
    }
  }
}

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
