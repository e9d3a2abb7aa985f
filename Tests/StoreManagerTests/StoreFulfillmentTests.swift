import StoreCore
import StoreKit
import StoreManager
import Testing

/// The purchase path: verify, store the grant, then finish; once per transaction, whatever fails.
@MainActor @Suite struct StoreFulfillmentTests {
  @Test func aConsumablePurchaseLandsInTheBalanceAndIsFinished() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      let state = await store.purchase(
        try await harness.product(Demo.coins), options: [.quantity(3)])
      #expect(state == .succeeded(transactionID: 1))
      #expect(store.balances == [Demo.coins: 3])
      #expect(try harness.fulfillment.balances() == [Demo.coins: 3])
      #expect(try harness.unfinishedIDs() == [])
      #expect(store.feed.map(\.outcome) == [.delivered(.granted(units: 3))])
      #expect(store.feed.map(\.source) == [.purchase])
      #expect(store.warnings == [])
    }
  }

  @Test func theSameTransactionTwiceGrantsOnce() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      // The first run stores the grant but stops before finish(), as a crash would.
      let crashed = Store(
        configuration: harness.configuration(faultHook: .failing(at: .beforeFinish)))
      let state = await crashed.purchase(try await harness.product(Demo.coins))
      #expect(state == .failed(.other("a test fault was injected at beforeFinish")))
      #expect(try harness.unfinishedIDs() == [1])
      #expect(try harness.fulfillment.balances() == [Demo.coins: 1])
      crashed.stop()
      // The next start sees it unfinished, finds the grant stored, and only finishes it.
      let restarted = Store(configuration: harness.configuration())
      await restarted.recoverUnfinished()
      #expect(restarted.feed.map(\.outcome) == [.delivered(.alreadyGranted)])
      #expect(restarted.balances == [Demo.coins: 1])
      #expect(try harness.unfinishedIDs() == [])
      // Directly, too: a grant already recorded changes nothing.
      let record = try #require(try harness.engine.records(customerID: "default").first?.signed)
      let grant = Grant(
        transactionID: record.id, productID: Demo.coins, productType: .consumable,
        quantity: 1, purchaseDateMilliseconds: record.payload.purchaseDate)
      #expect(try harness.fulfillment.grant(grant) == .alreadyGranted)
      #expect(try harness.fulfillment.balances() == [Demo.coins: 1])
    }
  }

  @Test func aStorageFailureLeavesTheTransactionUnfinishedForTheNextStart() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let failing = Store(
        configuration: harness.configuration(faultHook: .failing(at: .insideGrant)))
      let state = await failing.purchase(try await harness.product(Demo.coins))
      let failure = PurchaseFailure.notPersisted(
        "the grant of transaction 1 was not stored: a test fault was injected at insideGrant")
      #expect(state == .failed(failure))
      #expect(failing.balances == [:])
      #expect(try harness.fulfillment.balances() == [:])
      #expect(try harness.fulfillment.record(transactionID: 1) == nil)
      #expect(try harness.unfinishedIDs() == [1])
      #expect(
        failing.warnings.map(\.description) == [
          "transaction 1 (\(Demo.coins)) was not delivered: \(failure)"
        ])
      failing.stop()
      let restarted = Store(configuration: harness.configuration())
      await restarted.recoverUnfinished()
      #expect(restarted.balances == [Demo.coins: 1])
      #expect(try harness.unfinishedIDs() == [])
    }
  }

  @Test func anUnverifiedTransactionNeverGrantsAndIsReported() async throws {
    let harness = try ManagerHarness(
      session: StoreSession(failures: [.verification: .verification(.invalidSignature)]))
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      let state = await store.purchase(try await harness.product(Demo.lifetime))
      #expect(state == .failed(.unverified(.invalidSignature)))
      await store.refresh()
      #expect(store.entitledProductIDs == [])
      #expect(try harness.fulfillment.record(transactionID: 1) == nil)
      #expect(try harness.unfinishedIDs() == [1])
      #expect(
        store.warnings.map(\.description) == [
          "transaction 1 (\(Demo.lifetime)) was not delivered: the transaction failed verification (invalidSignature)"
        ])
    }
  }

  @Test func anotherBundleIDNeverGrants() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(configuration: harness.configuration(bundleID: "com.example.other"))
      let state = await store.purchase(try await harness.product(Demo.coins))
      #expect(
        state
          == .failed(
            .notForThisApp(
              "transaction 1 was issued for the bundle ID dev.storeterm.demo, not com.example.other"
            )))
      #expect(try harness.fulfillment.balances() == [:])
      #expect(try harness.unfinishedIDs() == [1])
    }
  }

  @Test func anotherEnvironmentNeverGrants() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(configuration: harness.configuration(environment: .sandbox))
      let state = await store.purchase(try await harness.product(Demo.lifetime))
      #expect(
        state
          == .failed(
            .notForThisApp("transaction 1 comes from the Xcode environment, not Sandbox")))
      await store.refresh()
      #expect(store.entitledProductIDs == [])
    }
  }

  @Test func aRefundedConsumableIsReversedWhenTheRefundArrives() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      await store.purchase(try await harness.product(Demo.coins), options: [.quantity(3)])
      await store.purchase(try await harness.product(Demo.coins), options: [.quantity(2)])
      #expect(store.balances == [Demo.coins: 5])
      try harness.engine.refund(1)
      await store.updatesHandled(atLeast: 1)
      #expect(store.balances == [Demo.coins: 2])
      #expect(store.feed.last?.outcome == .delivered(.reversed(units: 3, uncollected: 0)))
      #expect(store.feed.last?.isRevoked == true)
      #expect(store.purchaseState(of: Demo.coins) == .succeeded(transactionID: 2))
    }
  }

  @Test func aRefundOfSpentUnitsTakesBackOnlyWhatIsLeft() async throws {
    let harness = try ManagerHarness()
    try await harness.run {
      let store = Store(configuration: harness.configuration())
      await store.purchase(try await harness.product(Demo.coins), options: [.quantity(3)])
      #expect(try harness.fulfillment.spend(2, of: Demo.coins) == 1)
      #expect(
        throws: FulfillmentError.insufficientBalance(
          productID: Demo.coins, balance: 1, requested: 2)
      ) {
        try harness.fulfillment.spend(2, of: Demo.coins)
      }
      store.stop()
      // Refunded while the app was not running: the next start catches it from the history.
      try harness.engine.refund(1)
      let restarted = Store(configuration: harness.configuration())
      await restarted.recoverUnfinished()
      #expect(restarted.balances == [Demo.coins: 0])
      #expect(restarted.feed.map(\.outcome) == [.delivered(.reversed(units: 1, uncollected: 2))])
      #expect(restarted.feed.map(\.source) == [.history])
      let record = try #require(try harness.fulfillment.record(transactionID: 1))
      #expect(
        record
          == FulfillmentRecord(
            transactionID: 1, productID: Demo.coins, granted: 3, reversed: 1, isRevoked: true))
      // Seen again, the refund changes nothing.
      await restarted.refresh()
      #expect(restarted.feed.count == 1)
    }
  }
}
