import Foundation
import StoreCore
import StoreJWS
import Testing

/// StoreKit 2's purchase rules, one scenario per rule, on a manual clock with real signing and a
/// real SQLite ledger.
@Suite struct PurchaseSemanticsTests {
  @Test func aPurchaseReturnsAVerifiedSignedTransaction() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.lifetime)
    #expect(transaction.payload.transactionId == "1")
    #expect(transaction.payload.originalTransactionId == "1")
    #expect(transaction.payload.type == .nonConsumable)
    #expect(transaction.payload.purchaseDate == 1_796_119_200_000)
    #expect(transaction.payload.price == 29_990)
    #expect(transaction.payload.currency == "USD")
    #expect(transaction.payload.storefront == "USA")
    #expect(transaction.payload.storefrontId == "143441")
    #expect(transaction.payload.environment == .xcode)
    #expect(transaction.payload.bundleId == "dev.storeterm.demo")
    #expect(transaction.payload.transactionReason == .purchase)
    #expect(transaction.payload.inAppOwnershipType == .purchased)
    let verified = store.verifier.verify(transaction.jws, as: JWSTransactionDecodedPayload.self)
    #expect(try verified.get() == .verified(transaction.payload))
  }

  @Test func transactionIdentifiersCountUpAcrossProducts() async throws {
    let store = try EngineHarness()
    let ids = [
      try await store.buy(Demo.coins), try await store.buy(Demo.themes),
      try await store.buy(Demo.plusMonthly),
    ].map(\.payload.transactionId)
    #expect(ids == ["1", "2", "3"])
  }

  @Test func aConsumableQuantityMultipliesThePrice() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.coins, PurchaseOptions(quantity: 3))
    #expect(transaction.payload.quantity == 3)
    #expect(transaction.payload.price == 2_970)
  }

  @Test func aQuantityBelowOneIsInvalid() async throws {
    let store = try EngineHarness()
    await #expect(throws: PurchaseRefusal.invalidQuantity) {
      try await store.buy(Demo.coins, PurchaseOptions(quantity: 0))
    }
  }

  @Test func aQuantityOnANonConsumableIsInvalid() async throws {
    let store = try EngineHarness()
    await #expect(throws: PurchaseRefusal.invalidQuantity) {
      try await store.buy(Demo.lifetime, PurchaseOptions(quantity: 2))
    }
    #expect(try store.engine.records(customerID: "default").isEmpty)
  }

  @Test func anUnknownProductIsRefusedAndNothingIsStored() async throws {
    let store = try EngineHarness()
    await #expect(throws: StoreEngineError.unknownProduct("nope")) { try await store.buy("nope") }
    #expect(try store.ledger.events(after: 0, limit: 100).map(\.kind) == [.customerCreated])
  }

  @Test func anOwnedNonConsumableIsNotChargedTwice() async throws {
    let store = try EngineHarness()
    let first = try await store.buy(Demo.lifetime)
    let second = try await store.buy(Demo.lifetime)
    #expect(second == first)
    #expect(try store.engine.allTransactions(customerID: "default").count == 1)
  }

  @Test func anActiveSubscriptionIsNotChargedTwice() async throws {
    let store = try EngineHarness()
    let first = try await store.buy(Demo.plusMonthly)
    #expect(try await store.buy(Demo.plusMonthly) == first)
  }

  @Test func consumablesCanBeBoughtAgainAndAgain() async throws {
    let store = try EngineHarness()
    try await store.buy(Demo.coins)
    try await store.buy(Demo.coins)
    #expect(try store.engine.allTransactions(customerID: "default").count == 2)
  }

  @Test func cancellingChargesNothing() async throws {
    let store = try EngineHarness()
    let outcome = try store.engine.purchase(
      Demo.lifetime, customerID: "default", options: PurchaseOptions(cancel: true))
    #expect(outcome == .userCancelled)
    #expect(try store.engine.records(customerID: "default").isEmpty)
    #expect(
      try store.ledger.events(after: 0, limit: 10).map(\.kind) == [.customerCreated, .cancelled])
  }

  @Test func aSimulatedPurchaseFailureThrowsStoreKitsError() async throws {
    let store = try EngineHarness(
      session: StoreSession(failures: [.purchase: .storeKit(.notEntitled)]))
    await #expect(throws: SimulatedStoreKitError.notEntitled) { try await store.buy(Demo.lifetime) }
    let events = try store.ledger.events(after: 0, limit: 10)
    #expect(events.last?.kind == .failed)
    #expect(events.last?.detail == "StoreKitError.notEntitled")
  }

  @Test func aPerPurchaseFailureOverridesTheSession() async throws {
    let store = try EngineHarness()
    await #expect(throws: PurchaseRefusal.productUnavailable) {
      try await store.buy(Demo.lifetime, PurchaseOptions(failure: .purchase(.productUnavailable)))
    }
  }

  @Test func aSimulatedLoadProductsFailureThrows() async throws {
    let store = try EngineHarness(
      session: StoreSession(failures: [.loadProducts: .storeKit(.networkError("offline"))]))
    #expect(throws: SimulatedStoreKitError.networkError("offline")) {
      try store.engine.products(customerID: "default")
    }
  }

  @Test func theAppAccountTokenIsSigned() async throws {
    let store = try EngineHarness()
    let token = UUID(uuidString: "A1B2C3D4-0000-4000-8000-000000000001")!
    let transaction = try await store.buy(Demo.themes, PurchaseOptions(appAccountToken: token))
    #expect(transaction.payload.appAccountToken == token)
  }

  @Test func deviceVerificationHashesTheNonceWithTheCustomersDevice() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.themes)
    let customer = try store.engine.customer("default")
    let nonce = try #require(transaction.payload.deviceVerificationNonce)
    #expect(
      transaction.payload.deviceVerification
        == SHA384DeviceVerificationHasher().deviceVerification(
          nonce: nonce, deviceVerificationID: customer.deviceVerificationID))
  }

  @Test func aNonRenewingSubscriptionHasNoExpirationInTheCatalog() async throws {
    let store = try EngineHarness()
    let transaction = try await store.buy(Demo.seasonPass)
    #expect(transaction.payload.type == .nonRenewingSubscription)
    #expect(transaction.payload.expiresDate == nil)
    #expect(try store.entitledProducts() == [Demo.seasonPass])
  }
}
