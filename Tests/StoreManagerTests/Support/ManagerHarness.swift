import Foundation
import StoreCore
import StoreJWS
@_spi(StoreTerm) import StoreKit
import StoreManager
import StorePersistence
import StoreTermTestSupport

/// A simulated App Store for one test, with StoreKit scoped to it: the demo catalog, a manual
/// clock, sequential identifiers, real signing, an in-memory ledger, and the app's database.
///
/// StoreKit is pointed at the engine with `StoreKitRuntime.withConfiguration`, never globally,
/// so these tests run in parallel with each other and with suites that use `SKTestSession`.
struct ManagerHarness {
  /// 2026-12-01T10:00:00Z.
  static let start = Date(timeIntervalSince1970: 1_796_119_200)
  /// One certificate authority for every test (generating keys is the slow part).
  static let authority: TestCertificateAuthority = try! TestCertificateAuthority.generate()

  static let demoConfiguration: StoreKitConfiguration = FixtureCatalogs.demo

  let engine: StoreEngine
  let clock: ManualClock
  let runtime: StoreKitRuntime.Configuration
  let fulfillment: FulfillmentStore

  init(session: StoreSession = StoreSession(), fulfillment: FulfillmentStore? = nil) throws {
    clock = ManualClock(ManagerHarness.start)
    let identity = SignedDataConfiguration()
    let ledger = try SQLiteLedger(location: .inMemory)
    engine = StoreEngine(
      catalog: ProductCatalog(configuration: ManagerHarness.demoConfiguration),
      session: session, ledger: ledger, signer: ManagerHarness.authority.makeSigner(),
      clock: clock, ids: SequentialIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
    runtime = StoreKitRuntime.Configuration(
      engine: engine, verifier: ManagerHarness.authority.makeVerifier(configuration: identity))
    self.fulfillment = try fulfillment ?? FulfillmentStore(location: .inMemory)
  }

  /// The store configuration for the demo products, with optional changes.
  func configuration(
    entitlements: EntitlementTable = EntitlementTable(), faultHook: FaultHook? = nil,
    bundleID: String = SignedDataConfiguration.defaultBundleId,
    environment: AppStore.Environment = .xcode
  ) -> StoreConfiguration {
    StoreConfiguration(
      productIDs: ManagerHarness.demoConfiguration.allProductIDs, entitlements: entitlements,
      bundleID: bundleID, environment: environment, fulfillment: fulfillment,
      faultHook: faultHook)
  }

  /// Runs `body` with StoreKit pointed at this harness's App Store.
  @MainActor
  func run<Result>(_ body: () async throws -> Result) async rethrows -> Result {
    try await StoreKitRuntime.withConfiguration(runtime, operation: body)
  }

  /// Turns on a session switch.
  func updateSession(_ change: (inout StoreSession) -> Void) {
    var session = engine.session
    change(&session)
    engine.setSession(session)
  }

  /// Identifiers of the default customer's unfinished transactions.
  func unfinishedIDs() throws -> [UInt64] {
    try engine.unfinished(customerID: Customer.defaultID).map(\.id)
  }

  /// The product with `id` as StoreKit returns it.
  func product(_ id: String) async throws -> Product {
    guard let product = try await Product.products(for: [id]).first else {
      throw HarnessError.missing(id)
    }
    return product
  }

  enum HarnessError: Error { case missing(String) }
}

/// The demo catalog's product identifiers.
enum Demo {
  static let coins = "dev.storeterm.demo.coins.100"
  static let bigCoins = "dev.storeterm.demo.coins.550"
  static let lifetime = "dev.storeterm.demo.lifetime"
  static let themes = "dev.storeterm.demo.themes"
  static let plusMonthly = "dev.storeterm.demo.plus.monthly"
  static let plusGroup = "5A1E0001"
}
