import StoreCore
import StoreKit
import Testing

@testable import StoreManager

/// What screens see: purchase states, entitlements, statuses, products, restore.
@MainActor @Suite struct StoreBehaviorTests {
  static let table = EntitlementTable([
    "pro": [Demo.lifetime, Demo.plusMonthly], "themes": [Demo.themes, Demo.lifetime],
  ])

  @Test func aPurchaseStartedTwiceAsksTheAppStoreOnce() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      let product = try await harness.product(Demo.coins)
      async let first = store.purchase(product)
      async let second = store.purchase(product)
      let states = await [first, second]
      // Whichever call reaches the main actor second finds the first under way.
      #expect(Set(states) == [.purchasing, .succeeded(transactionID: 1)])
      #expect(try harness.engine.records(customerID: "default").count == 1)
      #expect(store.balances == [Demo.coins: 1])
    }
  }

  @Test func theListenerDeliversWhatAnEarlierRunLeftUnfinished() async throws {
    let harness = try ManagerHarness()
    // Bought while no store was running (another device, or a crash before delivery).
    _ = try harness.engine.purchase(Demo.coins, customerID: "default")
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      // The store's listener is the process's first, so StoreKit replays it there once.
      await store.updatesHandled(atLeast: 1)
      #expect(store.feed.map(\.source) == [.update])
      #expect(store.balances == [Demo.coins: 1])
      let unfinished = try harness.unfinishedIDs()
      #expect(unfinished == [])
      // Reading the unfinished ones as well (what storeterm does at start) grants nothing more.
      await store.recoverUnfinished()
      #expect(store.balances == [Demo.coins: 1])
      #expect(store.feed.count == 1)
    }
  }

  @Test func theFeedKeepsTheNewestEntries() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      var configuration = harness.configuration()
      configuration.feedLimit = 2
      let store = Store(configuration: configuration)
      let coins = try await harness.product(Demo.coins)
      for _ in 0..<3 { await store.purchase(coins) }
      #expect(store.feed.map(\.id) == [2, 3])
      #expect(store.feed.map(\.transactionID) == [2, 3])
      #expect(store.balances == [Demo.coins: 3])
    }
  }

  @Test func askToBuyIsPendingThenSucceedsWhenTheApprovalArrives() async throws {
    let harness = try ManagerHarness(session: StoreSession(askToBuyEnabled: true))
    try await harness.run {
      let store = Store(
        configuration: harness.configuration(entitlements: StoreBehaviorTests.table))
      #expect(await store.purchase(try await harness.product(Demo.lifetime)) == .pending)
      #expect(store.entitlements == [])
      try harness.engine.approve(1)
      await store.updatesHandled(atLeast: 1)
      #expect(store.purchaseState(of: Demo.lifetime) == .succeeded(transactionID: 1))
      #expect(store.entitlements == ["pro", "themes"])
      #expect(store.feed.map(\.source) == [.update])
      #expect(try harness.unfinishedIDs() == [])
    }
  }

  @Test func aDeclinedRequestEndsDeclinedAndGrantsNothing() async throws {
    let harness = try ManagerHarness(session: StoreSession(askToBuyEnabled: true))
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      #expect(await store.purchase(try await harness.product(Demo.themes)) == .pending)
      try harness.engine.decline(1)
      store.askToBuyDeclined(productID: Demo.themes)
      #expect(store.purchaseState(of: Demo.themes) == .declined)
      store.dismissPurchase(of: Demo.themes)
      #expect(store.purchaseState(of: Demo.themes) == .idle)
      await store.refresh()
      #expect(store.entitledProductIDs == [])
    }
  }

  @Test func anUpdateArrivingBeforeTheResultSettlesThePurchase() async throws {
    let harness = try ManagerHarness()
    await harness.run {
      let store = Store(configuration: harness.configuration())
      let engine = harness.engine
      let state = await store.settle(productID: Demo.lifetime) {
        // Ask to Buy approved at once: the approval reaches the listener before the
        // purchase call has returned `.pending`.
        var options = PurchaseOptions()
        options.askToBuy = true
        guard
          case .pending(let id) = try engine.purchase(
            Demo.lifetime, customerID: "default", options: options)
        else { return .userCancelled }
        try engine.approve(id)
        await store.updatesHandled(atLeast: 1)
        return .pending
      }
      #expect(state == .succeeded(transactionID: 1))
      #expect(store.entitledProductIDs == [Demo.lifetime])
    }
  }

  @Test func anUnverifiedUpdateFailsThePendingPurchase() async throws {
    let harness = try ManagerHarness(session: StoreSession(askToBuyEnabled: true))
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      #expect(await store.purchase(try await harness.product(Demo.themes)) == .pending)
      harness.updateSession { $0.failures[.verification] = .verification(.invalidCertificateChain) }
      try harness.engine.approve(1)
      await store.updatesHandled(atLeast: 1)
      #expect(
        store.purchaseState(of: Demo.themes) == .failed(.unverified(.invalidCertificateChain)))
      #expect(store.entitledProductIDs == [])
      #expect(store.warnings.count == 1)
    }
  }

  @Test func entitlementsAndSubscriptionStatusFollowVerifiedTransactions() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(
        configuration: harness.configuration(entitlements: StoreBehaviorTests.table))
      await store.purchase(try await harness.product(Demo.plusMonthly))
      await store.purchase(try await harness.product(Demo.coins))
      #expect(store.entitledProductIDs == [Demo.plusMonthly])
      #expect(store.entitlements == ["pro"])
      let status = try #require(store.subscriptionStatuses[Demo.plusGroup])
      #expect(status.state == .subscribed)
      #expect(status.productID == Demo.plusMonthly)
      #expect(status.transactionID == 1)
      #expect(status.isEntitled)
      #expect(status.willAutoRenew == true)
      try harness.engine.refund(1)
      await store.updatesHandled(atLeast: 1)
      #expect(store.entitlements == [])
      #expect(store.subscriptionStatuses[Demo.plusGroup]?.state == .revoked)
    }
  }

  @Test func anExpiredSubscriptionShowsExpired() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      await store.purchase(try await harness.product(Demo.plusMonthly))
      harness.clock.advance(by: 400 * 24 * 3600)
      await store.refresh()
      #expect(store.entitledProductIDs == [])
      #expect(store.subscriptionStatuses[Demo.plusGroup]?.state == .expired)
    }
  }

  @Test func productsLoadOnceSortedAndReloadWhenTheStorefrontChanges() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      await store.loadProducts()
      let ids = store.products.map(\.id)
      #expect(ids.count == ManagerHarness.demoConfiguration.allProductIDs.count)
      let types = store.products.map(\.type)
      #expect(types.firstIndex(of: .consumable)! > types.lastIndex(of: .autoRenewable)!)
      #expect(store.storefront?.countryCode == "USA")
      let lifetime = try #require(store.products.first { $0.id == Demo.lifetime })
      #expect(lifetime.displayPrice == "$29.99")
      // Nothing changed: a second load keeps what it has even when the App Store fails.
      harness.updateSession { $0.failures[.loadProducts] = .storeKit(.networkError("offline")) }
      await store.loadProducts()
      #expect(store.productsError == nil)
      #expect(store.products.map(\.id) == ids)
      harness.updateSession { $0.failures[.loadProducts] = nil }
      let germany = try #require(CatalogStorefront(countryCode: "DEU"))
      harness.engine.setCatalog(
        ProductCatalog(configuration: ManagerHarness.demoConfiguration, storefront: germany))
      await store.loadProducts()
      #expect(store.storefront?.countryCode == "DEU")
      #expect(store.products.first { $0.id == Demo.lifetime }?.displayPrice.contains("€") == true)
    }
  }

  @Test func restoreSyncsThenDeliversAndRebuilds() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(
        configuration: harness.configuration(faultHook: .failing(at: .beforeFinish)))
      await store.purchase(try await harness.product(Demo.lifetime))
      store.stop()
      let restarted = Store(configuration: harness.configuration())
      #expect(restarted.entitledProductIDs == [])
      harness.updateSession { $0.failures[.appStoreSync] = .storeKit(.notEntitled) }
      await #expect {
        try await restarted.restore()
      } throws: { error in
        guard case StoreKitError.notEntitled = error else { return false }
        return true
      }
      #expect(restarted.entitledProductIDs == [])
      harness.updateSession { $0.failures[.appStoreSync] = nil }
      try await restarted.restore()
      #expect(restarted.entitledProductIDs == [Demo.lifetime])
      #expect(try harness.unfinishedIDs() == [])
    }
  }

  @Test func theEntitlementTableReadsItsJSONForm() throws {
    let table = try EntitlementTable(json: #"{"pro": ["a", "b"], "themes": ["b"]}"#)
    #expect(table.capabilities(for: ["b"]) == ["pro", "themes"])
    #expect(table.capabilities(for: ["c"]) == ["c"])
    #expect(throws: EntitlementTableError(description: "pro[1]: the number 3, not a product ID")) {
      try EntitlementTable(json: #"{"pro": ["a", 3]}"#)
    }
    #expect(throws: EntitlementTableError(description: "the top level is an array, not an object"))
    {
      try EntitlementTable(json: "[]")
    }
  }
}
