import Foundation
import StoreCore
import Testing

/// Introductory, promotional and win-back offers at purchase time.
@Suite struct SubscriptionOfferTests {
  @Test func anEligibleCustomerGetsTheFreeTrialAutomatically() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.plusMonthly)
    #expect(transaction.payload.offerType == .introductoryOffer)
    #expect(transaction.payload.offerDiscountType == .freeTrial)
    #expect(transaction.payload.offerPeriod == "P1W")
    #expect(transaction.payload.price == 0)
    // 1 December 10:00 plus one week.
    #expect(transaction.payload.expiresDate == 1_796_724_000_000)
    #expect(transaction.payload.subscriptionGroupIdentifier == Demo.plusGroup)
    #expect(transaction.payload.webOrderLineItemId == "1")
  }

  @Test func payAsYouGoChargesTheOfferPriceForTheFirstPeriod() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.liteMonthly)
    #expect(transaction.payload.offerDiscountType == .payAsYouGo)
    #expect(transaction.payload.price == 990)
    #expect(transaction.payload.offerPeriod == "P3M")
    // One month: 1 January 2027, 10:00.
    #expect(transaction.payload.expiresDate == 1_798_797_600_000)
  }

  @Test func payUpFrontCoversTheWholeOfferTerm() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.cloud2TB)
    #expect(transaction.payload.offerDiscountType == .payUpFront)
    #expect(transaction.payload.price == 8_990)
    // Three months: 1 March 2027, 10:00.
    #expect(transaction.payload.expiresDate == 1_803_895_200_000)
  }

  @Test func subscribingOnceEndsIntroductoryEligibilityForTheWholeGroup() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    try store.engine.refund(trial.id)
    let products = try store.engine.products(customerID: "default")
    #expect(
      products.first { $0.id == Demo.plusYearly }?.subscription?.isEligibleForIntroOffer == false)
    #expect(
      products.first { $0.id == Demo.cloud2TB }?.subscription?.isEligibleForIntroOffer == true)
    let yearly = try await store.buy(Demo.plusYearly)
    #expect(yearly.payload.offerType == nil)
    #expect(yearly.payload.price == 49_990)
    await #expect(throws: PurchaseRefusal.ineligibleForOffer) {
      try store.engine.refund(yearly.id)
      try await store.buy(Demo.liteMonthly, PurchaseOptions(offer: .introductory))
    }
  }

  @Test func aPromotionalOfferNeedsAnEarlierSubscription() async throws {
    let store = try EngineHarness()
    await #expect(throws: PurchaseRefusal.ineligibleForOffer) {
      try await store.buy(
        Demo.plusMonthly, PurchaseOptions(offer: .promotional("plus.monthly.comeback")))
    }
  }

  @Test func aPromotionalOfferForALapsedSubscriber() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 8 * 86_400)
    let transaction = try await store.buy(
      Demo.plusMonthly, PurchaseOptions(offer: .identifier("plus.monthly.comeback")))
    #expect(transaction.payload.offerType == .promotionalOffer)
    #expect(transaction.payload.offerIdentifier == "plus.monthly.comeback")
    #expect(transaction.payload.price == 2_990)
  }

  // https://developer.apple.com/documentation/storekit/implementing-promotional-offers-in-your-app
  // : promotional offers are for "lapsed or current subscribers". On the plan they have, the
  // offer starts at the next renewal.
  @Test func aCurrentSubscribersPromotionalOfferStartsAtTheNextRenewal() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    let kept = try await store.buy(
      Demo.plusMonthly, PurchaseOptions(offer: .promotional("plus.monthly.comeback")))
    #expect(kept == trial)
    let renewal = try #require(store.engine.subscriptionStatuses(customerID: "default").first)
    #expect(renewal.renewalInfo.payload.offerType == .promotionalOffer)
    #expect(renewal.renewalInfo.payload.offerIdentifier == "plus.monthly.comeback")
    #expect(renewal.renewalInfo.payload.renewalPrice == 2_990)
    #expect(try store.ledger.hasEvent(.offerCodeRedeemed, transactionID: 1, customerID: "default"))
  }

  // On another plan of the group, the offer applies to the plan change: an upgrade from Lite
  // (level 3) to Plus (level 2) charges the offer's first month at once.
  @Test func aCurrentSubscribersPromotionalOfferAppliesToAnUpgradeAtOnce() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.liteMonthly)
    store.clock.advance(by: 86_400)
    let upgraded = try await store.buy(
      Demo.plusMonthly, PurchaseOptions(offer: .promotional("plus.monthly.comeback")))
    #expect(upgraded.payload.productId == Demo.plusMonthly)
    #expect(upgraded.payload.offerType == .promotionalOffer)
    #expect(upgraded.payload.offerIdentifier == "plus.monthly.comeback")
    #expect(upgraded.payload.offerDiscountType == .payAsYouGo)
    #expect(upgraded.payload.price == 2_990)
    #expect(upgraded.payload.offerPeriod == "P3M")
    // Two more discounted months follow with the renewals.
    let renewal = try #require(store.engine.subscriptionStatuses(customerID: "default").first)
    #expect(renewal.renewalInfo.payload.offerIdentifier == "plus.monthly.comeback")
    #expect(renewal.renewalInfo.payload.renewalPrice == 2_990)
  }

  // Introductory and win-back offers stay for customers without an active subscription.
  @Test func aCurrentSubscriberStillCannotUseIntroductoryOrWinBackOffers() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.plusMonthly)
    await #expect(throws: PurchaseRefusal.ineligibleForOffer) {
      try await store.buy(Demo.plusMonthly, PurchaseOptions(offer: .introductory))
    }
    await #expect(throws: PurchaseRefusal.ineligibleForOffer) {
      try await store.buy(
        Demo.plusMonthly, PurchaseOptions(offer: .winBack("plus.monthly.winback")))
    }
  }

  @Test func anUnknownOfferIdentifierIsInvalid() async throws {
    let store = try EngineHarness()
    await #expect(throws: PurchaseRefusal.invalidOfferIdentifier) {
      try await store.buy(Demo.plusMonthly, PurchaseOptions(offer: .identifier("nope")))
    }
    await #expect(throws: PurchaseRefusal.invalidOfferIdentifier) {
      try await store.buy(Demo.coins, PurchaseOptions(offer: .identifier("nope")))
    }
  }

  @Test func aWinBackOfferOnlyAfterTheSubscriptionEnded() async throws {
    let store = try EngineHarness()
    await #expect(throws: PurchaseRefusal.ineligibleForOffer) {
      try await store.buy(
        Demo.plusMonthly, PurchaseOptions(offer: .winBack("plus.monthly.winback")))
    }
    try await store.buy(Demo.plusMonthly)
    store.clock.advance(by: 8 * 86_400)
    let transaction = try await store.buy(
      Demo.plusMonthly, PurchaseOptions(offer: .winBack("plus.monthly.winback")))
    #expect(transaction.payload.offerType == .winBackOffer)
    #expect(transaction.payload.offerDiscountType == .freeTrial)
  }
}
