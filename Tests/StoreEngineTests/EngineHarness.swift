import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport

/// A simulated App Store for one test: the demo catalog, a manual clock at a fixed date,
/// sequential identifiers, real ES256 signing and a real SQLite file in a temporary directory.
struct EngineHarness {
  /// 2026-12-01T10:00:00Z.
  static let start = Date(timeIntervalSince1970: 1_796_119_200)
  /// One certificate authority for every test (generating keys is the slow part).
  static let authority: TestCertificateAuthority = try! TestCertificateAuthority.generate()

  let engine: StoreEngine
  let clock: ManualClock
  let ledger: SQLiteLedger
  let verifier: SignedDataVerifier
  let databasePath: String

  static let demoConfiguration: StoreKitConfiguration = FixtureCatalogs.demo

  init(
    session: StoreSession = StoreSession(), databasePath: String? = nil, clock: ManualClock? = nil,
    authority: TestCertificateAuthority = EngineHarness.authority
  ) throws {
    let path =
      try databasePath ?? TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    self.databasePath = path
    self.clock = clock ?? ManualClock(EngineHarness.start)
    ledger = try SQLiteLedger(location: .file(path))
    let identity = SignedDataConfiguration()
    verifier = authority.makeVerifier(configuration: identity)
    engine = StoreEngine(
      catalog: ProductCatalog(configuration: EngineHarness.demoConfiguration),
      session: session, ledger: ledger, signer: authority.makeSigner(),
      clock: self.clock, ids: SequentialIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
  }

  /// The same database opened again, as a new process would.
  func reopened() throws -> EngineHarness {
    try EngineHarness(session: StoreSession(), databasePath: databasePath, clock: clock)
  }

  /// Buys `productID` for the default customer and returns the signed transaction.
  @discardableResult
  func buy(_ productID: String, _ options: PurchaseOptions = PurchaseOptions()) async throws
    -> SignedTransaction
  {
    let outcome = try engine.purchase(
      productID, customerID: Customer.defaultID, options: options)
    guard case .success(let transaction) = outcome else {
      throw HarnessError.unexpected("\(outcome)")
    }
    return transaction
  }

  /// Starts a purchase that must end pending, and returns the request's identifier.
  func buyPending(_ productID: String, _ options: PurchaseOptions) async throws -> UInt64 {
    let outcome = try engine.purchase(
      productID, customerID: Customer.defaultID, options: options)
    guard case .pending(let id) = outcome else { throw HarnessError.unexpected("\(outcome)") }
    return id
  }

  /// Product identifiers of the default customer's current entitlements.
  func entitledProducts() throws -> [String] {
    try engine.currentEntitlements(customerID: Customer.defaultID).map(\.payload.productId)
  }

  enum HarnessError: Error { case unexpected(String) }
}

/// The demo catalog's product identifiers.
enum Demo {
  static let coins = "dev.storeterm.demo.coins.100"
  static let lifetime = "dev.storeterm.demo.lifetime"
  static let themes = "dev.storeterm.demo.themes"
  static let seasonPass = "dev.storeterm.demo.seasonpass"
  static let plusMonthly = "dev.storeterm.demo.plus.monthly"
  static let plusYearly = "dev.storeterm.demo.plus.yearly"
  static let liteMonthly = "dev.storeterm.demo.plus.lite.monthly"
  static let premiumYearly = "dev.storeterm.demo.plus.premium.yearly"
  static let cloud2TB = "dev.storeterm.demo.cloud.2tb"
  static let cloud200GB = "dev.storeterm.demo.cloud.200gb"
  static let plusGroup = "5A1E0001"
}
