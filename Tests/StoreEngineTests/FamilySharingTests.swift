import Foundation
import StoreCore
import StoreJWS
import Testing

/// Family Sharing, one scenario per rule: shareable purchases reach every other member as their
/// own `FAMILY_SHARED` transactions, follow the purchaser's renewals, and are revoked when a
/// member leaves or the purchaser is refunded.
@Suite struct FamilySharingTests {
  static let day: TimeInterval = 86_400
  static let start = Int64(1_796_119_200_000)
  static let dec8 = Int64(1_796_724_000_000)
  static let jan8 = Int64(1_799_402_400_000)

  /// A harness where `default`, `alice` and `bob` are in family `smiths`.
  static func family() throws -> EngineHarness {
    let store = try EngineHarness()
    for id in ["default", "alice", "bob"] { try store.engine.joinFamily("smiths", customerID: id) }
    return store
  }

  static func buy(_ store: EngineHarness, _ productID: String, as customerID: String) throws
    -> SignedTransaction
  {
    guard
      case .success(let transaction) = try store.engine.purchase(productID, customerID: customerID)
    else { throw EngineHarness.HarnessError.unexpected("not a success") }
    return transaction
  }

  static func entitled(_ store: EngineHarness, _ customerID: String) throws -> [String] {
    try store.engine.currentEntitlements(customerID: customerID).map(\.payload.transactionId)
  }

  @Test func aShareableNonConsumableReachesEveryOtherMemberAsTheirOwnFamilySharedTransaction()
    async throws
  {
    let store = try Self.family()
    let bought = try await store.buy(Demo.lifetime)
    #expect(bought.payload.inAppOwnershipType == .purchased)
    let alice = try #require(store.engine.allTransactions(customerID: "alice").first)
    let bob = try #require(store.engine.allTransactions(customerID: "bob").first)
    #expect([alice.payload.transactionId, bob.payload.transactionId] == ["2", "3"])
    #expect(alice.payload.originalTransactionId == "2")
    #expect(alice.payload.inAppOwnershipType == .familyShared)
    #expect(alice.payload.productId == Demo.lifetime)
    #expect(alice.payload.purchaseDate == Self.start)
    #expect(alice.payload.originalPurchaseDate == Self.start)
    #expect(alice.payload.webOrderLineItemId == nil)
    #expect(alice.payload.revocationDate == nil)
    #expect(
      store.verifier.verify(alice.jws, as: JWSTransactionDecodedPayload.self)
        == .success(.verified(alice.payload)))
    #expect(try Self.entitled(store, "alice") == ["2"])
    #expect(try Self.entitled(store, "default") == ["1"])
  }

  @Test func aSharedSubscriptionKeepsThePurchasersDatesExpirationAndWebOrderLineItem()
    async throws
  {
    let store = try Self.family()
    let bought = try await store.buy(Demo.plusMonthly)
    let alice = try #require(store.engine.allTransactions(customerID: "alice").first)
    #expect(alice.payload.transactionId == "2")
    #expect(alice.payload.originalTransactionId == "2")
    #expect(alice.payload.webOrderLineItemId == bought.payload.webOrderLineItemId)
    #expect(alice.payload.expiresDate == Self.dec8)
    #expect(alice.payload.purchaseDate == bought.payload.purchaseDate)
    #expect(alice.payload.subscriptionGroupIdentifier == Demo.plusGroup)
    #expect(alice.payload.inAppOwnershipType == .familyShared)
    #expect(try Self.entitled(store, "alice") == ["2"])
  }

  @Test func consumablesAndProductsThatAreNotFamilyShareableAreNeverShared() async throws {
    let store = try Self.family()
    try await store.buy(Demo.coins)
    try await store.buy(Demo.themes)
    try await store.buy(Demo.liteMonthly)
    try await store.buy(Demo.seasonPass)
    #expect(try store.engine.allTransactions(customerID: "alice").isEmpty)
    #expect(try store.engine.allTransactions(customerID: "bob").isEmpty)
  }

  @Test func eachRenewalReachesTheMemberUnderTheMembersOriginalTransactionID() async throws {
    let store = try Self.family()
    try await store.buy(Demo.plusMonthly)
    var updates = store.engine.updates(customerID: "alice").makeAsyncIterator()
    #expect(await updates.next()?.payload.transactionId == "2")
    store.clock.advance(by: 8 * Self.day)
    #expect(try store.engine.catchUp() == 1)
    // The purchaser's renewal is 4; alice's copy 5 and bob's 6.
    let renewal = try #require(await updates.next())
    #expect(renewal.payload.transactionId == "5")
    #expect(renewal.payload.originalTransactionId == "2")
    #expect(renewal.payload.webOrderLineItemId == "4")
    #expect(renewal.payload.transactionReason == .renewal)
    #expect(renewal.payload.purchaseDate == Self.dec8)
    #expect(renewal.payload.expiresDate == Self.jan8)
    #expect(renewal.payload.inAppOwnershipType == .familyShared)
    #expect(try Self.entitled(store, "alice") == ["5"])
    #expect(try Self.entitled(store, "bob") == ["6"])
  }

  @Test func sharedTransactionsArriveThroughTheMembersUpdatesAllAndLatest() async throws {
    let store = try Self.family()
    var updates = store.engine.updates(customerID: "alice").makeAsyncIterator()
    try await store.buy(Demo.lifetime)
    let delivered = try #require(await updates.next())
    #expect(delivered.payload.inAppOwnershipType == .familyShared)
    #expect(try store.engine.allTransactions(customerID: "alice") == [delivered])
    let records = try store.engine.records(customerID: "alice")
    #expect(TransactionRules.latest(records, productID: Demo.lifetime) == delivered)
    #expect(try store.engine.unfinished(customerID: "alice") == [delivered])
  }

  @Test func aMemberWhoJoinsLaterReceivesTheFamilysExistingSharedPurchases() async throws {
    let store = try EngineHarness()
    try store.engine.joinFamily("smiths", customerID: "default")
    try await store.buy(Demo.lifetime)
    try await store.buy(Demo.plusMonthly)
    try await store.buy(Demo.coins)
    let received = try store.engine.joinFamily("smiths", customerID: "carol")
    #expect(received.map(\.payload.productId) == [Demo.lifetime, Demo.plusMonthly])
    #expect(received.map(\.payload.transactionId) == ["4", "5"])
    #expect(try Self.entitled(store, "carol") == ["4", "5"])
    let kinds = try store.ledger.events(after: 0, limit: 100)
      .filter { $0.customerID == "carol" }.map(\.kind)
    #expect(kinds == [.customerCreated, .familyJoined, .familyShared, .familyShared])
  }

  @Test func aMemberWhoLeavesLosesSharedAccessThroughAFamilyRevocation() async throws {
    let store = try Self.family()
    try await store.buy(Demo.lifetime)
    var updates = store.engine.updates(customerID: "alice").makeAsyncIterator()
    _ = await updates.next()
    store.clock.advance(by: 60)
    #expect(try store.engine.leaveFamily(customerID: "alice") == "smiths")
    let revoked = try #require(await updates.next())
    #expect(revoked.payload.transactionId == "2")
    #expect(revoked.payload.revocationDate == Self.start + 60_000)
    #expect(revoked.payload.revocationReason == .refundedForOtherReason)
    #expect(revoked.payload.revocationType == .familyRevoke)
    // Not a refund: no percentage.
    #expect(revoked.payload.revocationPercentage == nil)
    #expect(try Self.entitled(store, "alice") == [])
    #expect(try store.engine.allTransactions(customerID: "alice") == [revoked])
    #expect(try Self.entitled(store, "default") == ["1"])
    #expect(try Self.entitled(store, "bob") == ["3"])
    #expect(try store.engine.familyMembers(customerID: "default").map(\.id) == ["default", "bob"])
  }

  // https://developer.apple.com/documentation/storekit/transaction/apptransactionid : one value
  // per Apple Account and app, so a member's copy carries the member's, not the purchaser's.
  @Test func aSharedCopyCarriesTheMembersAppTransactionID() async throws {
    let store = try Self.family()
    let bought = try await store.buy(Demo.lifetime)
    let copy = try #require(store.engine.allTransactions(customerID: "alice").first)
    let purchaser = try store.engine.customer("default").appTransactionID
    let member = try store.engine.customer("alice").appTransactionID
    #expect(bought.payload.appTransactionId == purchaser)
    #expect(copy.payload.appTransactionId == member)
    #expect(member != purchaser)
    #expect(member.count == 18)
  }

  @Test func aMemberWhoJoinsAgainReceivesNewCopiesOfTheFamilysPurchases() throws {
    let store = try Self.family()
    _ = try Self.buy(store, Demo.lifetime, as: "default")
    _ = try Self.buy(store, Demo.plusMonthly, as: "default")
    #expect(try Self.entitled(store, "alice").count == 2)
    try store.engine.leaveFamily(customerID: "alice")
    #expect(try Self.entitled(store, "alice") == [])
    store.clock.advance(by: 60)
    let received = try store.engine.joinFamily("smiths", customerID: "alice")
    #expect(received.map(\.payload.productId) == [Demo.lifetime, Demo.plusMonthly])
    #expect(received.map(\.payload.inAppOwnershipType) == [.familyShared, .familyShared])
    #expect(received.map(\.payload.purchaseDate) == [Self.start, Self.start])
    let entitled = try store.engine.currentEntitlements(customerID: "alice")
    #expect(entitled.map(\.id) == received.map(\.id))
    // The revoked copies stay in the history beside the new ones.
    #expect(try store.engine.allTransactions(customerID: "alice").count == 4)
  }

  @Test func whenThePurchaserLeavesTheFamilyLosesTheirPurchases() async throws {
    let store = try Self.family()
    try await store.buy(Demo.lifetime)
    try store.engine.leaveFamily(customerID: "default")
    #expect(try Self.entitled(store, "alice") == [])
    #expect(try Self.entitled(store, "bob") == [])
    #expect(try Self.entitled(store, "default") == ["1"])
  }

  @Test func aRefundOfThePurchasersTransactionRevokesTheSharedCopiesWithTheSameReason()
    async throws
  {
    let store = try Self.family()
    try await store.buy(Demo.lifetime)
    try store.engine.revoke(1)
    let alice = try #require(store.engine.allTransactions(customerID: "alice").first)
    #expect(alice.payload.revocationReason == .refundedDueToIssue)
    #expect(alice.payload.revocationType == .familyRevoke)
    #expect(alice.payload.revocationPercentage == nil)
    #expect(alice.payload.revocationDate == Self.start)
    #expect(try Self.entitled(store, "alice") == [])
    #expect(try store.ledger.hasEvent(.familyRevoked, transactionID: 2, customerID: "alice"))
  }

  @Test func aMembersSharedSubscriptionEndsWhenThePurchasersExpires() async throws {
    let store = try Self.family()
    try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 86_400)
    try store.engine.expireSubscription(1)
    let alice = try #require(store.engine.allTransactions(customerID: "alice").first)
    #expect(alice.payload.expiresDate == Self.start + 86_400_000)
    #expect(try Self.entitled(store, "alice") == [])
    let status = try #require(store.engine.subscriptionStatuses(customerID: "alice").first)
    #expect(status.state == .expired)
  }

  @Test func aMemberWithTwoSharedChainsInOneGroupKeepsAccessWhileEitherIsActive() throws {
    let store = try Self.family()
    // Alice and the organizer each subscribe to a plan of the same group; Bob gets both.
    _ = try Self.buy(store, Demo.cloud200GB, as: "alice")
    let organizers = try Self.buy(store, Demo.cloud2TB, as: "default")
    store.clock.advance(by: Self.day)
    try store.engine.expireSubscription(organizers.id)
    let bob = try store.engine.currentEntitlements(customerID: "bob")
    #expect(bob.map(\.payload.productId) == [Demo.cloud200GB])
    #expect(bob.map(\.payload.inAppOwnershipType) == [.familyShared])
    let states = try store.engine.subscriptionStatuses(customerID: "bob")
      .map { "\($0.transaction.payload.productId) \($0.state)" }
    #expect(states.sorted() == ["\(Demo.cloud200GB) subscribed", "\(Demo.cloud2TB) expired"])
  }

  @Test func aMembersSharedAccessFollowsThePurchasersGracePeriod() async throws {
    let store = try EngineHarness(
      session: StoreSession(billingIssuesEnabled: true, billingGracePeriodEnabled: true))
    for id in ["default", "alice"] { try store.engine.joinFamily("smiths", customerID: id) }
    try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 10 * Self.day)
    try store.engine.catchUp()
    let status = try #require(store.engine.subscriptionStatuses(customerID: "alice").first)
    #expect(status.state == .inGracePeriod)
    #expect(status.transaction.payload.inAppOwnershipType == .familyShared)
    #expect(try Self.entitled(store, "alice") == ["2"])
  }

  @Test func aMemberIsSubscribedThroughTheFamilyWhileTheirOwnSubscriptionExpired() async throws {
    let store = try EngineHarness()
    let own = try Self.buy(store, Demo.plusYearly, as: "alice")
    store.clock.advance(by: 60)
    try store.engine.expireSubscription(own.id)
    try store.engine.joinFamily("smiths", customerID: "alice")
    try store.engine.joinFamily("smiths", customerID: "default")
    try await store.buy(Demo.plusMonthly)
    let statuses = try store.engine.subscriptionStatuses(
      customerID: "alice", groupID: Demo.plusGroup)
    #expect(statuses.map(\.state) == [.expired, .subscribed])
    #expect(statuses.map(\.transaction.payload.inAppOwnershipType) == [.purchased, .familyShared])
    #expect(try Self.entitled(store, "alice") == ["3"])
  }

  @Test func aMembersOwnPurchaseWinsOverASharedOneForTheSameProduct() async throws {
    let store = try EngineHarness()
    try store.engine.joinFamily("smiths", customerID: "default")
    try await store.buy(Demo.lifetime)
    let own = try Self.buy(store, Demo.lifetime, as: "alice")
    try store.engine.joinFamily("smiths", customerID: "alice")
    #expect(try store.engine.allTransactions(customerID: "alice").count == 2)
    #expect(try Self.entitled(store, "alice") == [own.payload.transactionId])
    try store.engine.leaveFamily(customerID: "alice")
    #expect(try Self.entitled(store, "alice") == [own.payload.transactionId])
  }

  @Test func aSharedCopyDoesNotEndTheMembersIntroductoryEligibility() async throws {
    let store = try Self.family()
    try await store.buy(Demo.plusMonthly)
    let products = try store.engine.products(customerID: "alice")
    let monthly = try #require(products.first { $0.id == Demo.plusMonthly })
    #expect(monthly.subscription?.isEligibleForIntroOffer == true)
  }

  @Test func theFamilyRefusesBadNamesSecondFamiliesAndASeventhMemberAndChangesNothing()
    async throws
  {
    let store = try Self.family()
    let before = try store.ledger.events(after: 0, limit: 1000).count
    #expect(throws: StoreEngineError.badFamilyName("the smiths")) {
      try store.engine.joinFamily("the smiths", customerID: "dave")
    }
    #expect(throws: StoreEngineError.alreadyInFamily(customer: "alice", group: "smiths")) {
      try store.engine.joinFamily("joneses", customerID: "alice")
    }
    #expect(throws: StoreEngineError.notInFamily("erin")) {
      try store.engine.leaveFamily(customerID: "erin")
    }
    #expect(try store.ledger.events(after: 0, limit: 1000).count == before)
    for id in ["carol", "dave", "erin"] { try store.engine.joinFamily("smiths", customerID: id) }
    #expect(throws: StoreEngineError.familyFull("smiths")) {
      try store.engine.joinFamily("smiths", customerID: "frank")
    }
    #expect(try store.engine.familyMembers(customerID: "frank") == [])
  }

  @Test func refundsAndSubscriptionControlsOnASharedCopyAreRefused() async throws {
    let store = try Self.family()
    try await store.buy(Demo.plusMonthly)
    let refusal = StoreEngineError.familyCopy(2, action: "refunded", purchaserTransaction: 1)
    #expect(throws: refusal) { try store.engine.refund(2) }
    #expect(
      refusal.description
        == "transaction 2 cannot be refunded: it is shared through Family Sharing; act on the "
        + "purchaser's transaction 1")
    #expect(throws: StoreEngineError.familyCopy(2, action: "expired", purchaserTransaction: 1)) {
      try store.engine.expireSubscription(2)
    }
  }
}
