import Foundation
import StoreCore
import Testing

/// Offer codes redeemed by reference name, and the length of non-renewing subscriptions.
@Suite struct OfferCodeAndNonRenewingTests {
  static let podcastCode = "Podcast code: 1 month free"

  @Test func aNewCustomerRedeemsAnOfferCode() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(
      Demo.plusMonthly, PurchaseOptions(offer: .code(Self.podcastCode)))
    #expect(transaction.payload.offerType == .offerCode)
    #expect(transaction.payload.offerIdentifier == Self.podcastCode)
    #expect(transaction.payload.offerDiscountType == .freeTrial)
    #expect(transaction.payload.price == 0)
    // One month from 1 December 2026, 10:00.
    #expect(transaction.payload.expiresDate == 1_798_797_600_000)
  }

  @Test func aCodeForNewAndLapsedCustomersRefusesACurrentSubscriber() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.plusMonthly)
    await #expect(throws: PurchaseRefusal.ineligibleForOffer) {
      try await store.buy(Demo.plusMonthly, PurchaseOptions(offer: .code(Self.podcastCode)))
    }
  }

  @Test func aLapsedCustomerMayRedeemAnExpiredEligibleCode() async throws {
    let store = try EngineHarness()
    let trial = try await store.buy(Demo.plusMonthly)
    try store.engine.setAutoRenew(trial.id, enabled: false)
    store.clock.advance(by: 10 * 86_400)
    try store.engine.catchUp()
    let coded = try await store.buy(
      Demo.plusMonthly, PurchaseOptions(offer: .code(Self.podcastCode)))
    #expect(coded.payload.offerType == .offerCode)
    #expect(coded.payload.originalTransactionId == "1")
  }

  @Test func anUnknownCodeIsAnInvalidOffer() async throws {
    let store = try EngineHarness()
    await #expect(throws: PurchaseRefusal.invalidOfferIdentifier) {
      try await store.buy(Demo.plusMonthly, PurchaseOptions(offer: .code("nope")))
    }
  }

  @Test func aNonRenewingSubscriptionGrantsAccessForItsLength() async throws {
    let store = try EngineHarness(session: StoreSession())
    try await store.buy(Demo.seasonPass)
    store.clock.advance(by: 364 * 86_400)
    #expect(try store.entitledProducts() == [Demo.seasonPass])
    store.clock.advance(by: 2 * 86_400)
    #expect(try store.entitledProducts().isEmpty)
    var session = store.engine.session
    session.nonRenewingDuration = CatalogProduct.SubscriptionPeriod(value: 2, unit: .year)
    store.engine.setSession(session)
    #expect(try store.entitledProducts() == [Demo.seasonPass])
  }
}
