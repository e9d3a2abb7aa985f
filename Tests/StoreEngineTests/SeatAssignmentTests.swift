import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

/// Apple-hosted seat assignment through the engine: a member's `ASSIGNED` transactions follow
/// the purchaser's renewals, expiry and refund as Family Sharing copies do, and taking a seat
/// back revokes them with `ASSIGNMENT_REVOKE`.
struct SeatAssignmentTests {
  static let team = BundleEngineTests.team
  static let day: TimeInterval = 86_400

  /// A harness where `alice` bought `seats` seats of Team and `bob` holds one.
  static func assigned(seats: Int = 3) throws -> EngineHarness {
    let harness = try BundleEngineTests.harness()
    var options = PurchaseOptions()
    options.seats = seats
    guard
      case .success = try harness.engine.purchase(team, customerID: "alice", options: options)
    else { throw EngineHarness.HarnessError.unexpected("alice's purchase") }
    try harness.engine.assignSeat(purchaserID: "alice", productID: team, memberID: "bob")
    return harness
  }

  static func transactions(_ harness: EngineHarness, _ customer: String) throws
    -> [JWSTransactionDecodedPayload]
  {
    try harness.engine.allTransactions(customerID: customer).map(\.payload)
  }

  static func access(_ harness: EngineHarness, _ customer: String) throws -> Access? {
    let facts = try harness.engine.accessFacts(
      customerID: customer, records: try harness.engine.decidingRecords(customerID: customer))
    return Access.decide(facts, at: harness.clock.now()).first { $0.productID == team }
  }

  @Test func aMembersAssignedTransactionFollowsEachRenewalInTheirOwnChain() async throws {
    let harness = try Self.assigned()
    let first = try #require(try Self.transactions(harness, "bob").first)
    #expect(first.inAppOwnershipType == .assigned)
    #expect(first.originalTransactionId == first.transactionId)
    #expect(first.multiSeatInfo?.invitationManagement == "APPLE")
    #expect(first.quantity == 3)
    harness.clock.advance(by: 32 * Self.day)
    try harness.engine.catchUp()
    let bob = try Self.transactions(harness, "bob")
    #expect(bob.count == 2)
    #expect(bob.map(\.transactionReason) == [.purchase, .renewal])
    #expect(bob.map(\.originalTransactionId) == [first.transactionId, first.transactionId])
    #expect(bob.allSatisfy { $0.inAppOwnershipType == .assigned })
    let alice = try Self.transactions(harness, "alice")
    #expect(bob.last?.expiresDate == alice.last?.expiresDate)
    #expect(
      try harness.engine.currentEntitlements(customerID: "bob").map(\.payload.transactionId)
        == [bob[1].transactionId])
    #expect(try Self.access(harness, "bob")?.isAssigned == true)
  }

  /// Taking a seat back is two writes (the purchaser's list, then the member's copy): a crash
  /// between them leaves the member listed as removed, and the next look at the seats (here the
  /// purchaser's renewal) revokes the copy and forgets the name.
  @Test func aRemovalACrashInterruptedIsFinishedAtTheNextLook() async throws {
    let harness = try Self.assigned()
    let original = try #require(
      try harness.ledger.subscriptions(customerID: "alice").first?.state.originalID)
    // The removal's first write alone, as a crash right after it would leave it.
    try harness.ledger.change(customerID: "alice", scope: .chain(original)) { state in
      var chain = try #require(state.subscriptions.first)
      chain.state.seatMembers.removeAll { $0 == "bob" }
      chain.state.seatMembersRemoved.append("bob")
      var changes = LedgerChanges()
      changes.subscriptions = [chain]
      return (changes, ())
    }
    #expect(try Self.access(harness, "bob")?.isAssigned == true)
    harness.clock.advance(by: 32 * Self.day)
    try harness.engine.catchUp()
    let bob = try Self.transactions(harness, "bob")
    #expect(bob.count == 1)
    #expect(bob.first?.revocationType == .assignmentRevoke)
    #expect(try harness.engine.currentEntitlements(customerID: "bob").isEmpty)
    let state = try #require(try harness.ledger.subscriptions(customerID: "alice").first?.state)
    #expect(state.seatMembers.isEmpty)
    #expect(state.seatMembersRemoved.isEmpty)
  }

  @Test func thePurchasersRefundRevokesTheMembersTransaction() async throws {
    let harness = try Self.assigned()
    let purchase = try #require(try Self.transactions(harness, "alice").first)
    try harness.engine.refund(UInt64(purchase.transactionId)!, reason: .refundedDueToIssue)
    let copy = try #require(try Self.transactions(harness, "bob").first)
    #expect(copy.revocationType == .assignmentRevoke)
    #expect(copy.revocationReason == .refundedDueToIssue)
    #expect(copy.revocationDate == harness.clock.now().epochMilliseconds)
    #expect(try harness.engine.currentEntitlements(customerID: "bob").isEmpty)
    let answer = try #require(try Self.access(harness, "bob"))
    #expect(!answer.hasAccess)
    #expect(answer.standing == .assignmentRevoked(on: harness.clock.now()))
    #expect(answer.standing.code == "assignment_revoked")
  }

  @Test func whenThePurchasersSubscriptionExpiresTheMemberLosesAccess() async throws {
    let harness = try Self.assigned()
    let purchase = try #require(try Self.transactions(harness, "alice").first)
    try harness.engine.setAutoRenew(UInt64(purchase.transactionId)!, enabled: false)
    harness.clock.advance(by: 32 * Self.day)
    try harness.engine.catchUp()
    #expect(try Self.transactions(harness, "bob").count == 1)
    #expect(try harness.engine.currentEntitlements(customerID: "bob").isEmpty)
    let answer = try #require(try Self.access(harness, "bob"))
    guard case .expired = answer.standing else {
      Issue.record("the member's copy expired with the purchaser's: \(answer.standing)")
      return
    }
    // An expired subscription gives no seats.
    #expect(
      throws: SeatRefusal.notActive(customer: "alice", product: Self.team),
      performing: {
        try harness.engine.assignSeat(purchaserID: "alice", productID: Self.team, memberID: "cy")
      })
  }

  @Test func takingTheSeatBackRevokesItAndFreesTheSeatForAnother() async throws {
    let harness = try Self.assigned(seats: 2)
    #expect(
      throws: SeatRefusal.seatsTaken(customer: "alice", product: Self.team, seats: 2),
      performing: {
        try harness.engine.assignSeat(purchaserID: "alice", productID: Self.team, memberID: "cy")
      })
    #expect(try harness.ledger.existingCustomer("cy") == nil)
    let updates = harness.engine.updates(customerID: "bob")
    let revoked = try harness.engine.removeSeat(
      purchaserID: "alice", productID: Self.team, memberID: "bob")
    #expect(revoked.map(\.payload.revocationType) == [.assignmentRevoke])
    #expect(revoked.map(\.payload.revocationReason) == [.refundedForOtherReason])
    var heard: [SignedTransaction] = []
    for await update in updates {
      heard.append(update)
      if update.payload.revocationDate != nil { break }
    }
    #expect(heard.last == revoked.first)
    #expect(try harness.engine.currentEntitlements(customerID: "bob").isEmpty)
    let events = try harness.ledger.events(after: 0, limit: 100)
    let revocation = try #require(events.last { $0.kind == .assignmentRevoked })
    #expect(revocation.customerID == "bob")
    #expect(NotificationKind.of(revocation, transaction: revoked.first?.payload)?.name == "REVOKE")
    #expect(events.filter { $0.kind == .seatRemoved }.map(\.detail) == ["bob"])
    // The seat is free again.
    let given = try harness.engine.assignSeat(
      purchaserID: "alice", productID: Self.team, memberID: "cy")
    #expect(given.map(\.payload.inAppOwnershipType) == [.assigned])
    #expect(try harness.engine.seatAssignments(customerID: "alice").map(\.members) == [["cy"]])
    #expect(
      throws: SeatRefusal.notAssigned(member: "bob", product: Self.team, purchaser: "alice"),
      performing: {
        try harness.engine.removeSeat(purchaserID: "alice", productID: Self.team, memberID: "bob")
      })
  }

  @Test func refusalsNameTheInputAndChangeNothing() async throws {
    let harness = try Self.assigned()
    let before = try harness.ledger.events(after: 0, limit: 1_000).count
    let cases: [(String, String, String, SeatRefusal)] = [
      ("alice", Self.team, "alice", .purchaserIsMember("alice")),
      (
        "alice", Self.team, "bob",
        .alreadyAssigned(member: "bob", product: Self.team, purchaser: "alice")
      ),
      ("nobody", Self.team, "bob", .unknownCustomer("nobody")),
      (
        "bob", BundleEngineTests.music, "cy",
        .noSubscription(customer: "bob", product: BundleEngineTests.music)
      ),
    ]
    for (purchaser, product, member, refusal) in cases {
      #expect(throws: refusal) {
        try harness.engine.assignSeat(purchaserID: purchaser, productID: product, memberID: member)
      }
    }
    #expect(
      SeatRefusal.alreadyAssigned(member: "bob", product: Self.team, purchaser: "alice")
        .description
        == "customer \"bob\" already holds a seat of \"\(Self.team)\" from \"alice\"")
    #expect(try harness.ledger.events(after: 0, limit: 1_000).count == before)
    #expect(try harness.ledger.existingCustomer("cy") == nil)
  }

  @Test func aSubscriptionBoughtWithoutSeatsOrDeveloperHostedGivesNone() async throws {
    let harness = try BundleEngineTests.harness()
    _ = try harness.engine.purchase(Self.team, customerID: "alice")
    #expect(
      throws: SeatRefusal.notMultiSeat(customer: "alice", product: Self.team),
      performing: {
        try harness.engine.assignSeat(purchaserID: "alice", productID: Self.team, memberID: "bob")
      })
    // A subscription bought before storeterm hosted invitations keeps `DEVELOPER`.
    var state = try #require(try harness.ledger.subscriptions(customerID: "alice").first).state
    state.multiSeatInfo = TransactionMultiSeatInfo(
      invitationManagement: TransactionMultiSeatInfo.developer,
      priceTiers: [.init(tierPrice: 9990, tierQuantity: 3)])
    #expect(
      SeatRules.assignRefusal(state, member: "bob", at: harness.clock.now())
        == .developerHosted(customer: "alice", product: Self.team))
  }

  @Test func familySharingLeavesAssignedTransactionsAlone() async throws {
    let harness = try Self.assigned()
    try harness.engine.joinFamily("smiths", customerID: "bob")
    try harness.engine.joinFamily("smiths", customerID: "dee")
    try harness.engine.leaveFamily(customerID: "bob")
    let copy = try #require(try Self.transactions(harness, "bob").first)
    #expect(copy.revocationDate == nil)
    #expect(copy.inAppOwnershipType == .assigned)
    #expect(try Self.transactions(harness, "dee").isEmpty)
    #expect(try harness.engine.currentEntitlements(customerID: "bob").count == 1)
  }
}
