import Foundation
import StoreKit
import StoreKitTest
import StoreManager
import StorePersistence
import StoreTermTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The `Store` unchanged over the public StoreKit API alone: `SKTestSession` configures the
/// process's App Store globally, as on a device, and nothing is scoped.
///
/// The scenario runs in a child process (an exit test), because the global configuration is
/// the process's one App Store and other suites here run in parallel with their own.
@Suite struct PublicStoreKitTests {
  @Test func theStoreRunsOverTheGlobalStoreKitAndSKTestSession() async throws {
    let result = try await #require(
      #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        do {
          try await PublicStoreKitScenario.run()
        } catch {
          FileHandle.standardError.write(Data("\(error)\n".utf8))
          exit(1)
        }
      })
    #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")
  }
}

/// What the child process does, in the order an app would.
@MainActor enum PublicStoreKitScenario {
  static let coins = "dev.storeterm.demo.coins.100"
  static let lifetime = "dev.storeterm.demo.lifetime"
  static let monthly = "dev.storeterm.demo.plus.monthly"

  struct Mismatch: Error, CustomStringConvertible {
    let description: String
  }

  static func check(_ condition: Bool, _ what: String) throws {
    if !condition { throw Mismatch(description: "public StoreKit scenario: \(what)") }
  }

  static func run() async throws {
    let session = try SKTestSession(contentsOf: TestPaths.demoCatalog)
    let store = Store(
      configuration: StoreConfiguration(
        productIDs: [coins, lifetime, monthly],
        entitlements: EntitlementTable(["pro": [lifetime, monthly]]),
        fulfillment: try FulfillmentStore(location: .inMemory)))
    await store.start()
    try check(
      store.products.map(\.id) == [monthly, coins, lifetime], "products \(store.products.map(\.id))"
    )

    let coinProduct = try #require(store.products.first { $0.id == coins })
    let bought = await store.purchase(coinProduct, options: [.quantity(2)])
    try check(bought == .succeeded(transactionID: 1), "coins ended \(bought)")
    try check(store.balances == [coins: 2], "balances \(store.balances)")

    session.askToBuyEnabled = true
    let lifetimeProduct = try #require(store.products.first { $0.id == lifetime })
    let asked = await store.purchase(lifetimeProduct)
    try check(asked == .pending, "lifetime ended \(asked)")
    try session.approveAskToBuyTransaction(identifier: 2)
    await store.updatesHandled(atLeast: 1)
    try check(store.purchaseState(of: lifetime) == .succeeded(transactionID: 2), "approval")
    try check(store.entitlements == ["pro"], "entitlements \(store.entitlements)")

    try session.refundTransaction(identifier: 1)
    await store.updatesHandled(atLeast: 2)
    try check(store.balances == [coins: 0], "balances after the refund \(store.balances)")

    try await store.restore()
    try check(store.entitledProductIDs == [lifetime], "after restore \(store.entitledProductIDs)")
    try check(store.warnings.isEmpty, "warnings \(store.warnings)")
    try check(session.allTransactions().count == 2, "transactions")
  }
}
