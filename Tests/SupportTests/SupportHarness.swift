import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport
import Testing

/// A simulated App Store for one support test: the demo catalog, a manual clock from
/// 1 Dec 2026 10:00 UTC, sequential identifiers, real signing and a real SQLite ledger.
struct SupportHarness {
  /// 2026-12-01T10:00:00Z.
  static let start = Date(timeIntervalSince1970: 1_796_119_200)
  static let day: TimeInterval = 86_400
  /// One certificate authority for every test (generating keys is the slow part).
  static let authority: TestCertificateAuthority = try! TestCertificateAuthority.generate()
  static let configuration: StoreKitConfiguration = FixtureCatalogs.demo
  static let catalog = ProductCatalog(configuration: configuration)
  static let names = ProductNames(catalog: catalog)

  let engine: StoreEngine
  let clock: ManualClock
  let ledger: SQLiteLedger
  let databasePath: String

  init(session: StoreSession = StoreSession()) throws {
    databasePath = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    clock = ManualClock(Self.start)
    ledger = try SQLiteLedger(location: .file(databasePath))
    let identity = SignedDataConfiguration()
    engine = StoreEngine(
      catalog: Self.catalog, session: session, ledger: ledger,
      signer: Self.authority.makeSigner(), clock: clock, ids: SequentialIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
  }

  var directory: SupportDirectory { SupportDirectory(ledger: ledger) }

  /// Buys `productID` for `customer`; the purchase must succeed.
  @discardableResult
  func buy(
    _ productID: String, customer: String = Customer.defaultID,
    _ options: PurchaseOptions = PurchaseOptions()
  ) throws -> SignedTransaction {
    let outcome = try engine.purchase(productID, customerID: customer, options: options)
    guard case .success(let transaction) = outcome else { throw HarnessError("\(outcome)") }
    return transaction
  }

  /// Moves the clock and generates what fell due.
  func advance(days: Double) throws {
    clock.advance(by: days * Self.day)
    try engine.catchUp()
  }

  /// The explainer's lines for `customer` now.
  func explain(_ customer: String = Customer.defaultID, balances: [String: Int] = [:]) throws
    -> [AccessExplanation]
  {
    let history = try #require(try directory.history(customerID: customer, balances: balances))
    return AccessExplainer.explain(history, names: Self.names, now: clock.now())
  }

  /// The explainer's lines as `code: sentence` (access yes/no first) for exact comparison.
  func explained(_ customer: String = Customer.defaultID, balances: [String: Int] = [:]) throws
    -> [String]
  {
    try explain(customer, balances: balances).map(Self.summary)
  }

  static func summary(_ line: AccessExplanation) -> String {
    "\(line.name) [\(line.hasAccess ? "yes" : "no")] \(line.reason.rawValue): \(line.sentence)"
  }

  /// The timeline's names for `customer`.
  func timeline(_ customer: String = Customer.defaultID) throws -> [TimelineEntry] {
    let history = try #require(try directory.history(customerID: customer))
    return CustomerTimeline.entries(history, names: Self.names)
  }

  struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}

/// The demo catalog's product identifiers.
enum Demo {
  static let coins = "dev.storeterm.demo.coins.100"
  static let lifetime = "dev.storeterm.demo.lifetime"
  static let plusMonthly = "dev.storeterm.demo.plus.monthly"
  static let plusYearly = "dev.storeterm.demo.plus.yearly"
  static let liteMonthly = "dev.storeterm.demo.plus.lite.monthly"
}
