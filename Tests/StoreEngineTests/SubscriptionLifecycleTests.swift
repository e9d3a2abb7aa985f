import Foundation
import StoreCore
import StoreJWS
import Testing

/// Subscriptions over time: renewals, offers over several periods, auto-renew, billing retry and
/// grace, plan changes, price increases, on a manual clock with exact dates and prices.
@Suite struct SubscriptionLifecycleTests {
  static let day: TimeInterval = 86_400
  static let dec8 = Int64(1_796_724_000_000)
  static let jan8 = Int64(1_799_402_400_000)
  static let feb8 = Int64(1_802_080_800_000)
  static let jan1 = Int64(1_798_797_600_000)
  static let feb1 = Int64(1_801_476_000_000)
  static let mar1 = Int64(1_803_895_200_000)
  static let apr1 = Int64(1_806_573_600_000)

  static func status(_ store: EngineHarness) throws -> SignedSubscriptionStatus {
    try #require(store.engine.subscriptionStatuses(customerID: "default").first)
  }

  @Test func aTrialRenewsIntoAPaidMonthStartingWhereItEnded() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    var updates = store.engine.updates().makeAsyncIterator()
    #expect(await updates.next() == trial)
    store.clock.advance(by: 8 * Self.day)
    #expect(try store.engine.catchUp() == 1)
    let renewal = try #require(await updates.next())
    #expect(renewal.payload.transactionId == "2")
    #expect(renewal.payload.originalTransactionId == "1")
    #expect(renewal.payload.webOrderLineItemId == "2")
    #expect(renewal.payload.transactionReason == .renewal)
    #expect(renewal.payload.purchaseDate == Self.dec8)
    #expect(renewal.payload.expiresDate == Self.jan8)
    #expect(renewal.payload.originalPurchaseDate == 1_796_119_200_000)
    #expect(renewal.payload.price == 4_990)
    #expect(renewal.payload.offerType == nil)
    #expect(try Self.status(store).state == .subscribed)
    #expect(try store.entitledProducts() == [Demo.plusMonthly])
    #expect(
      store.verifier.verify(renewal.jws, as: JWSTransactionDecodedPayload.self)
        == .success(.verified(renewal.payload)))
  }

  @Test func catchingUpGeneratesEveryMissedRenewalOnce() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 70 * Self.day)
    // Now is 9 February: renewals on 8 December, 8 January and 8 February.
    #expect(try store.engine.catchUp() == 3)
    #expect(try store.engine.catchUp() == 0)
    let reopened = try store.reopened()
    #expect(try reopened.engine.catchUp() == 0)
    let all = try store.engine.allTransactions(customerID: "default")
    #expect(
      all.map(\.payload.purchaseDate) == [1_796_119_200_000, Self.dec8, Self.jan8, Self.feb8])
    #expect(all.map(\.payload.expiresDate) == [Self.dec8, Self.jan8, Self.feb8, 1_804_500_000_000])
  }

  @Test func payAsYouGoBillsTheOfferPriceForEachOfferPeriod() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.liteMonthly)
    store.clock.advance(by: 95 * Self.day)
    #expect(try store.engine.catchUp() == 3)
    let all = try store.engine.allTransactions(customerID: "default")
    #expect(all.map(\.payload.price) == [990, 990, 990, 1_990])
    #expect(all.map(\.payload.offerDiscountType) == [.payAsYouGo, .payAsYouGo, .payAsYouGo, nil])
    #expect(
      all.map(\.payload.purchaseDate) == [1_796_119_200_000, Self.jan1, Self.feb1, Self.mar1])
    #expect(all.last?.payload.expiresDate == Self.apr1)
  }

  @Test func turningAutoRenewOffExpiresAtTheEndOfThePeriod() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    try store.engine.setAutoRenew(trial.id, enabled: false)
    #expect(try Self.status(store).renewalInfo.payload.autoRenewStatus == .off)
    #expect(try Self.status(store).state == .subscribed)
    #expect(try store.engine.records(customerID: "default").count == 1)
    store.clock.advance(by: 8 * Self.day)
    #expect(try store.engine.catchUp() == 0)
    let status = try Self.status(store)
    #expect(status.state == .expired)
    #expect(status.renewalInfo.payload.expirationIntent == .customerCancelled)
    #expect(try store.entitledProducts().isEmpty)
    #expect(try store.ledger.events(after: 0, limit: 20).last?.detail == "autoRenewDisabled")
  }

  @Test func billingRetryEndsAccessUntilTheIssueIsResolved() async throws {
    let store = try EngineHarness(session: StoreSession(billingIssuesEnabled: true))
    let trial = try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 10 * Self.day)
    #expect(try store.engine.catchUp() == 0)
    var status = try Self.status(store)
    #expect(status.state == .inBillingRetryPeriod)
    #expect(status.renewalInfo.payload.isInBillingRetryPeriod == true)
    #expect(try store.entitledProducts().isEmpty)
    let recovered = try store.engine.resolve(trial.id)
    // After the grace period (none here), recovery starts a new period now.
    #expect(recovered.payload.purchaseDate == Self.dec8 + 3 * 86_400_000)
    #expect(recovered.payload.price == 4_990)
    status = try Self.status(store)
    #expect(status.state == .subscribed)
    #expect(try store.entitledProducts() == [Demo.plusMonthly])
  }

  @Test func theGracePeriodKeepsAccessAndRecoveryKeepsTheRenewalDate() async throws {
    let store = try EngineHarness(
      session: StoreSession(billingIssuesEnabled: true, billingGracePeriodEnabled: true))
    let trial = try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 10 * Self.day)
    try store.engine.catchUp()
    let status = try Self.status(store)
    #expect(status.state == .inGracePeriod)
    // 16 days after the failed renewal on 8 December.
    #expect(status.renewalInfo.payload.gracePeriodExpiresDate == Self.dec8 + 16 * 86_400_000)
    #expect(try store.entitledProducts() == [Demo.plusMonthly])
    let recovered = try store.engine.resolve(trial.id)
    #expect(recovered.payload.purchaseDate == Self.dec8)
    #expect(recovered.payload.expiresDate == Self.jan8)
  }

  @Test func anExhaustedRetryExpiresWithBillingError() async throws {
    let store = try EngineHarness(
      session: StoreSession(billingIssuesEnabled: true, billingGracePeriodEnabled: true))
    try await store.buy(Demo.plusMonthly)
    // 26 December: the 16-day grace period from 8 December is over.
    store.clock.advance(by: 25 * Self.day)
    try store.engine.catchUp()
    #expect(try Self.status(store).state == .inBillingRetryPeriod)
    store.clock.advance(by: 60 * Self.day)
    try store.engine.catchUp()
    let status = try Self.status(store)
    #expect(status.state == .expired)
    #expect(status.renewalInfo.payload.expirationIntent == .billingError)
    let kinds = try store.ledger.events(after: 0, limit: 20).map(\.kind)
    #expect(kinds.suffix(3) == [.billingFailed, .gracePeriodEnded, .expired])
  }

  @Test func anUpgradeTakesEffectAtOnceAndMarksTheOldTransaction() async throws {
    let store = try EngineHarness()
    let lite = try await store.buy(Demo.liteMonthly)
    store.clock.advance(by: 10 * Self.day)
    let plus = try await store.buy(Demo.plusMonthly)
    #expect(plus.payload.originalTransactionId == "1")
    #expect(plus.payload.transactionId == "2")
    #expect(plus.payload.purchaseDate == 1_796_119_200_000 + 10 * 86_400_000)
    #expect(plus.payload.price == 4_990)
    #expect(plus.payload.offerType == nil)
    let old = try #require(try store.engine.record(lite.id).signed)
    #expect(old.payload.isUpgraded == true)
    #expect(try store.entitledProducts() == [Demo.plusMonthly])
    let event = try #require(try store.ledger.events(after: 0, limit: 20).last)
    #expect(event.kind == .upgraded)
    // 21 of 31 days unused of a 0.99 month: 670 milliunits back, in the storefront's currency.
    #expect(event.detail == "from \(Demo.liteMonthly), prorated refund $0.67")
  }

  @Test func aDowngradeWaitsForTheNextRenewal() async throws {
    let store = try EngineHarness()
    let plus = try await store.buy(Demo.plusMonthly)
    let result = try await store.buy(Demo.liteMonthly)
    #expect(result == plus)
    let status = try Self.status(store)
    #expect(status.renewalInfo.payload.autoRenewProductId == Demo.liteMonthly)
    #expect(status.renewalInfo.payload.productId == Demo.plusMonthly)
    #expect(try store.entitledProducts() == [Demo.plusMonthly])
    store.clock.advance(by: 8 * Self.day)
    try store.engine.catchUp()
    let renewal = try #require(try store.engine.allTransactions(customerID: "default").last)
    #expect(renewal.payload.productId == Demo.liteMonthly)
    #expect(renewal.payload.price == 1_990)
    #expect(renewal.payload.purchaseDate == Self.dec8)
  }

  @Test func aConsentedPriceIncreaseBillsTheNewPriceAtRenewal() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    try store.engine.requestPriceIncrease(trial.id, newPrice: Decimal(string: "5.99")!)
    #expect(
      try Self.status(store).renewalInfo.payload.priceIncreaseStatus == .customerHasNotResponded)
    try store.engine.consentToPriceIncrease(trial.id)
    #expect(
      try Self.status(store).renewalInfo.payload.priceIncreaseStatus
        == .customerConsentedOrWasNotifiedWithoutNeedingConsent)
    store.clock.advance(by: 8 * Self.day)
    try store.engine.catchUp()
    #expect(try store.engine.allTransactions(customerID: "default").last?.payload.price == 5_990)
    #expect(throws: StoreEngineError.self) { try store.engine.consentToPriceIncrease(trial.id) }
  }

  @Test func aDeclinedPriceIncreaseExpiresTheSubscription() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    try store.engine.requestPriceIncrease(trial.id)
    try store.engine.declinePriceIncrease(trial.id)
    #expect(try Self.status(store).renewalInfo.payload.autoRenewStatus == .off)
    store.clock.advance(by: 8 * Self.day)
    try store.engine.catchUp()
    let status = try Self.status(store)
    #expect(status.state == .expired)
    #expect(status.renewalInfo.payload.expirationIntent == .customerDidNotConsentToPriceIncrease)
  }

  @Test func anUnansweredPriceIncreaseExpiresAtRenewal() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    try store.engine.requestPriceIncrease(trial.id)
    store.clock.advance(by: 8 * Self.day)
    try store.engine.catchUp()
    #expect(
      try Self.status(store).renewalInfo.payload.expirationIntent
        == .customerDidNotConsentToPriceIncrease)
  }

  @Test func expiringNowEndsAccessAndReSignsTheTransaction() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 3_600)
    try store.engine.expireSubscription(trial.id)
    let expired = try #require(try store.engine.record(trial.id).signed)
    #expect(expired.payload.expiresDate == 1_796_122_800_000)
    #expect(try Self.status(store).state == .expired)
    #expect(try store.entitledProducts().isEmpty)
    #expect(throws: StoreEngineError.self) { try store.engine.expireSubscription(trial.id) }
  }

  @Test func aForcedRenewalStartsAPeriodNow() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 86_400)
    let renewal = try #require(try store.engine.forceRenewal(trial.id))
    #expect(renewal.payload.purchaseDate == 1_796_205_600_000)
    #expect(renewal.payload.transactionReason == .renewal)
    #expect(renewal.payload.originalTransactionId == "1")
  }

  @Test func aForcedRenewalFailsWhileRenewalsFail() async throws {
    // shouldEnterBillingRetryOnRenewal: "all renewals … fail", the forced one too.
    let store = try EngineHarness(
      session: StoreSession(billingIssuesEnabled: true, billingGracePeriodEnabled: true))
    let trial = try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 86_400)
    #expect(try store.engine.forceRenewal(trial.id) == nil)
    let status = try Self.status(store)
    #expect(status.state == .inGracePeriod)
    let now = Int64(1_796_205_600_000)
    #expect(status.transaction.payload.expiresDate == now)
    #expect(status.renewalInfo.payload.gracePeriodExpiresDate == now + 16 * 86_400_000)
    #expect(try store.entitledProducts() == [Demo.plusMonthly])
    #expect(throws: StoreEngineError.self) { try store.engine.forceRenewal(trial.id) }
    let recovered = try store.engine.resolve(trial.id)
    #expect(recovered.payload.purchaseDate == now)
    #expect(try Self.status(store).state == .subscribed)
  }

  @Test func aRefundedSubscriptionStopsRenewing() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    try store.engine.refund(trial.id)
    store.clock.advance(by: 40 * Self.day)
    #expect(try store.engine.catchUp() == 0)
    #expect(try Self.status(store).state == .revoked)
  }

  @Test func subscriptionControlsNeedASubscription() async throws {
    let store = try EngineHarness()
    let lifetime = try await store.buy(Demo.lifetime)
    #expect(
      throws: StoreEngineError.notApplicable(
        1, action: "expired", reason: "it is not a subscription")
    ) { try store.engine.expireSubscription(lifetime.id) }
  }

  @Test func resubscribingContinuesTheChain() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    try store.engine.setAutoRenew(trial.id, enabled: false)
    store.clock.advance(by: 10 * Self.day)
    try store.engine.catchUp()
    let again = try await store.buy(Demo.plusYearly)
    #expect(again.payload.originalTransactionId == "1")
    #expect(again.payload.offerType == nil)
    #expect(try Self.status(store).state == .subscribed)
  }
}
