import Foundation
import StoreCore
import Testing

/// Ask to Buy, interrupted purchases, refunds, revocations, finishing and deleting.
@Suite struct AskToBuyAndManagementTests {
  @Test func askToBuyLeavesThePurchasePendingAndGrantsNothing() async throws {
    let store = try EngineHarness(session: StoreSession(askToBuyEnabled: true))
    let id = try await store.buyPending(Demo.lifetime, PurchaseOptions())
    #expect(id == 1)
    #expect(try store.entitledProducts().isEmpty)
    #expect(try store.engine.allTransactions(customerID: "default").isEmpty)
    #expect(try store.engine.record(1).state == .pendingApproval)
  }

  @Test func anApprovalArrivesThroughUpdatesNotAsAPurchaseResult() async throws {
    let store = try EngineHarness()
    let updates = store.engine.updates()
    let id = try await store.buyPending(Demo.lifetime, PurchaseOptions(askToBuy: true))
    store.clock.advance(by: 60)
    let approved = try store.engine.approve(id)
    var iterator = updates.makeAsyncIterator()
    #expect(await iterator.next() == approved)
    #expect(approved.payload.transactionId == "1")
    #expect(approved.payload.purchaseDate == 1_796_119_260_000)
    #expect(try store.entitledProducts() == [Demo.lifetime])
  }

  @Test func aDeclinedRequestDeliversNothing() async throws {
    let store = try EngineHarness()
    let id = try await store.buyPending(Demo.lifetime, PurchaseOptions(askToBuy: true))
    try store.engine.decline(id)
    #expect(try store.engine.record(id).state == .declined)
    #expect(try store.engine.allTransactions(customerID: "default").isEmpty)
    #expect(throws: StoreEngineError.wrongState(id, action: "approved", state: "declined")) {
      try store.engine.approve(id)
    }
  }

  @Test func approvingSomethingNotPendingIsRefused() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.lifetime)
    #expect(throws: StoreEngineError.wrongState(1, action: "approved", state: "purchased")) {
      try store.engine.approve(transaction.id)
    }
    #expect(throws: StoreEngineError.unknownTransaction(99)) {
      try store.engine.approve(99)
    }
  }

  @Test func anInterruptedPurchaseCompletesWhenResolved() async throws {
    let store = try EngineHarness(session: StoreSession(interruptedPurchasesEnabled: true))
    let id = try await store.buyPending(Demo.coins, PurchaseOptions(quantity: 2))
    #expect(try store.engine.record(id).state == .interrupted)
    let resolved = try store.engine.resolve(id)
    #expect(resolved.payload.quantity == 2)
    #expect(try store.engine.unfinished(customerID: "default") == [resolved])
  }

  @Test func aRefundRevokesTheEntitlementAndIsDeliveredAsAnUpdate() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.lifetime)
    let updates = store.engine.updates()
    store.clock.advance(by: 3_600)
    let refunded = try store.engine.refund(transaction.id)
    var iterator = updates.makeAsyncIterator()
    // The purchase itself is unfinished, so the first listener gets it first, then the refund.
    #expect(await iterator.next() == transaction)
    #expect(await iterator.next() == refunded)
    #expect(refunded.payload.revocationDate == 1_796_122_800_000)
    #expect(refunded.payload.revocationReason == .refundedForOtherReason)
    // A full refund: REFUND_FULL, 100% in milli-percent.
    #expect(refunded.payload.revocationType == .refundFull)
    #expect(refunded.payload.revocationPercentage == 100_000)
    #expect(refunded.payload.signedDate == 1_796_122_800_000)
    #expect(try store.entitledProducts().isEmpty)
    #expect(try store.engine.allTransactions(customerID: "default") == [refunded])
  }

  @Test func refundingTwiceIsRefused() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.lifetime)
    try store.engine.refund(transaction.id)
    #expect(throws: StoreEngineError.alreadyRevoked(1)) { try store.engine.refund(1) }
  }

  @Test func aRevocationCarriesTheDeveloperIssueReason() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.plusMonthly)
    let revoked = try store.engine.revoke(transaction.id)
    #expect(revoked.payload.revocationReason == .refundedDueToIssue)
    #expect(revoked.payload.revocationType == .refundFull)
    #expect(revoked.payload.revocationPercentage == 100_000)
    #expect(try store.entitledProducts().isEmpty)
  }

  @Test func finishedConsumablesLeaveTransactionAll() async throws {
    let store = try EngineHarness()
    let coins = try await store.buy(Demo.coins)
    let lifetime = try await store.buy(Demo.lifetime)
    try store.engine.finish(coins.id)
    try store.engine.finish(lifetime.id)
    #expect(try store.engine.allTransactions(customerID: "default") == [lifetime])
    #expect(try store.engine.unfinished(customerID: "default").isEmpty)
  }

  @Test func consumableHistoryKeepsFinishedConsumables() async throws {
    let store = try EngineHarness(session: StoreSession(includesConsumableHistory: true))
    let coins = try await store.buy(Demo.coins)
    try store.engine.finish(coins.id)
    #expect(try store.engine.allTransactions(customerID: "default") == [coins])
  }

  @Test func consumablesAreNeverEntitlements() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    try await store.buy(Demo.themes)
    #expect(try store.entitledProducts() == [Demo.themes])
  }

  @Test func anExpiredSubscriptionLeavesCurrentEntitlements() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.plusMonthly)
    #expect(try store.entitledProducts() == [Demo.plusMonthly])
    store.clock.advance(by: 7 * 86_400)
    #expect(try store.entitledProducts().isEmpty)
  }

  @Test func deletingARecordRemovesItEntirely() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.lifetime)
    try store.engine.delete(transaction.id)
    #expect(try store.engine.records(customerID: "default").isEmpty)
    #expect(try await store.buy(Demo.lifetime).payload.transactionId == "2")
  }

  @Test func clearingRemovesUnfinishedTransactionsToo() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    try store.engine.clearTransactions()
    #expect(try store.engine.unfinished(customerID: "default").isEmpty)
    #expect(try store.ledger.events(after: 0, limit: 10).last?.kind == .cleared)
  }

  @Test func everyListenerGetsEveryUpdate() async throws {
    let store = try EngineHarness()
    let first = store.engine.updates()
    let second = store.engine.updates()
    let id = try await store.buyPending(Demo.themes, PurchaseOptions(askToBuy: true))
    let approved = try store.engine.approve(id)
    var one = first.makeAsyncIterator()
    var two = second.makeAsyncIterator()
    #expect(await one.next() == approved)
    #expect(await two.next() == approved)
  }

  @Test func theLedgerSurvivesARestartAndUnfinishedArriveOnceMore() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.lifetime)
    let restarted = try store.reopened()
    #expect(try restarted.entitledProducts() == [Demo.lifetime])
    let updates = restarted.engine.updates()
    var iterator = updates.makeAsyncIterator()
    #expect(await iterator.next() == transaction)
    try restarted.engine.finish(transaction.id)
    let again = try restarted.reopened()
    #expect(try again.engine.unfinished(customerID: "default").isEmpty)
  }

  /// Found by the differential walk (seed 1): an approved request keeps the lower identifier it
  /// got when asked, yet it is the group's newest charge, so it is the latest transaction.
  @Test func anApprovedUpgradeIsTheLatestThoughItsIdentifierIsLower() async throws {
    let store = try EngineHarness()
    // Use up the introductory offer, so the request asks for no offer at approval.
    let first = try await store.buy(Demo.liteMonthly)
    _ = try store.engine.refund(first.id)
    let request = try await store.buyPending(Demo.plusYearly, PurchaseOptions(askToBuy: true))
    store.clock.advance(by: 86_400)
    let lite = try await store.buy(Demo.liteMonthly)
    store.clock.advance(by: 60)
    let approved = try store.engine.approve(request)
    #expect((request, lite.id) == (2, 3))
    #expect(try store.entitledProducts() == [Demo.plusYearly])
    let status = try #require(
      try store.engine.subscriptionStatuses(customerID: "default").first)
    #expect(status.state == .subscribed)
    #expect(status.transaction.id == approved.id)
  }
}
