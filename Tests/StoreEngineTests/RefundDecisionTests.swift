import Foundation
import StoreCore
import Testing

/// A customer's refund request and the App Store's decisions, as the app sees them through
/// `Transaction.updates` and the deciders.
@Suite struct RefundDecisionTests {
  @Test func aProratedRefundReachesTheAppAndItsStandingIsDecidedOnce() async throws {
    let store = try EngineHarness()
    let bought = try await store.buy(Demo.coins)
    try store.engine.finish(bought.id)
    try store.engine.requestRefund(bought.id, reason: .unintendedPurchase)
    #expect(try store.engine.pendingRefundRequest(bought.id) == .unintendedPurchase)
    // Asking changes nothing the app sees.
    #expect(try store.ledger.record(id: bought.id)?.signed == bought)
    #expect(throws: RefundRefusal.duplicateRequest) { try store.engine.requestRefund(bought.id) }
    let updates = store.engine.updates()
    store.clock.advance(by: 3600)
    let refunded = try #require(
      try store.engine.decideRefund(bought.id, .prorated(percentage: 40000)))
    var iterator = updates.makeAsyncIterator()
    #expect(await iterator.next() == refunded)
    #expect(refunded.payload.revocationType == .refundProrated)
    #expect(refunded.payload.revocationPercentage == 40000)
    #expect(refunded.payload.revocationReason == .refundedForOtherReason)
    #expect(refunded.payload.revocationDate == 1_796_122_800_000)
    #expect(
      Standing.decide(refunded.payload, chain: nil, nonRenewingLength: nil, now: store.clock.now())
        == .refundedInPart(on: Date(epochMilliseconds: 1_796_122_800_000), percentage: 40000))
    #expect(try store.engine.pendingRefundRequest(bought.id) == nil)
    #expect(
      try store.engine.refundCase(bought.id)?.outcomeWords(refunded.payload) == "refunded 40%")
    let decided = StoreEngineError.notApplicable(
      1, action: "refunded", reason: "no refund request waits for a decision")
    #expect(throws: decided) { try store.engine.decideRefund(bought.id, .full) }
  }

  @Test func aDeclinedRequestChangesNothingAndCannotBeDecidedAgain() async throws {
    let store = try EngineHarness()
    let bought = try await store.buy(Demo.lifetime)
    try store.engine.requestRefund(bought.id)
    #expect(try store.engine.decideRefund(bought.id, .declined) == nil)
    #expect(try store.entitledProducts() == [Demo.lifetime])
    #expect(try store.engine.refundCase(bought.id)?.outcome == .declined)
    let refusal = StoreEngineError.notApplicable(
      1, action: "refunded", reason: "no refund request waits for a decision")
    #expect(throws: refusal) { try store.engine.decideRefund(bought.id, .full) }
    #expect(throws: RefundRefusal.duplicateRequest) { try store.engine.requestRefund(bought.id) }
  }

  @Test func aReversedRefundGivesTheSubscriptionBackThroughUpdates() async throws {
    let store = try EngineHarness()
    let bought = try await store.buy(Demo.plusMonthly)
    try store.engine.finish(bought.id)
    try store.engine.requestRefund(bought.id, reason: .fulfillmentIssue)
    let updates = store.engine.updates()
    var iterator = updates.makeAsyncIterator()
    // `refund` grants a waiting request in full; the customer said it did not work.
    let refunded = try #require(try store.engine.perform(.refund, on: bought.id))
    #expect(await iterator.next() == refunded)
    #expect(refunded.payload.revocationReason == .refundedDueToIssue)
    #expect(refunded.payload.revocationType == .refundFull)
    #expect(try store.entitledProducts().isEmpty)
    store.clock.advance(by: 86_400)
    let reinstated = try store.engine.reverseRefund(bought.id)
    #expect(await iterator.next() == reinstated)
    #expect(reinstated.payload.revocationDate == nil)
    #expect(reinstated.payload.revocationReason == nil)
    #expect(reinstated.payload.revocationType == nil)
    #expect(reinstated.payload.revocationPercentage == nil)
    #expect(reinstated.payload.expiresDate == bought.payload.expiresDate)
    #expect(try store.entitledProducts() == [Demo.plusMonthly])
    #expect(try store.engine.refundCase(bought.id)?.outcome == .reversed)
    let refusal = StoreEngineError.notApplicable(
      1, action: "reinstated", reason: "it was not refunded")
    #expect(throws: refusal) { try store.engine.reverseRefund(bought.id) }
  }

  @Test func badDecisionsAreRefusedAndASubscriptionsShareIsItsUnusedTime() async throws {
    let store = try EngineHarness()
    let bought = try await store.buy(Demo.plusMonthly)
    let noRequest = StoreEngineError.notApplicable(
      1, action: "refunded", reason: "no refund request waits for a decision")
    #expect(throws: noRequest) { try store.engine.decideRefund(bought.id, .declined) }
    try store.engine.requestRefund(bought.id)
    let share = StoreEngineError.notApplicable(
      1, action: "refunded", reason: "a prorated refund is more than 0% and less than 100%")
    #expect(throws: share) { try store.engine.decideRefund(bought.id, .prorated(percentage: 0)) }
    #expect(throws: share) {
      try store.engine.decideRefund(bought.id, .prorated(percentage: 100_000))
    }
    // A week's free trial, a quarter of it used.
    let period = (bought.payload.expiresDate ?? 0) - bought.payload.purchaseDate
    store.clock.advance(by: TimeInterval(period) / 4000)
    #expect(try store.engine.defaultProratedPercentage(bought.id) == 75000)
    #expect(RevocationType.percentText(67932) == "67.932%")
    #expect(RevocationType.percentText(40000) == "40%")
    #expect(RevocationType.percentText(500) == "0.5%")
  }
}
