import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer

/// The App Store Server API over a support ledger of `size` transactions (ten a customer unless
/// told otherwise), as `storeterm serve` builds it, with one registered API key: what `server`
/// serves over HTTP and `handler` calls directly.
struct BenchServerAPI {
  let builder: SupportLedgerBuilder
  let ledger: SQLiteLedger
  let api: AppStoreServerAPI
  let identity = SignedDataConfiguration(bundleId: "dev.storeterm.demo", environment: .xcode)
  private let key: P256PrivateKey
  private let stored: ServerKey

  /// Builds the ledger in `folder` (and prints how long that took).
  init(
    size: Int, perCustomer: Int = 10, folder: URL, authority: TestCertificateAuthority
  ) throws {
    let customers = max(1, size / perCustomer)
    let builder = SupportLedgerBuilder(customers: customers, transactionsPerCustomer: perCustomer)
    self.builder = builder
    let clock = ContinuousClock()
    var built: SQLiteLedger?
    let building = try clock.measure {
      built = try builder.build(at: folder.appending(path: "ledger.sqlite").path)
    }
    guard let ledger = built else { throw BenchmarkError("the ledger was not built") }
    self.ledger = ledger
    print(
      "\n\((customers * perCustomer).formatted()) transactions (\(customers.formatted())"
        + " customers × \(perCustomer)), built in "
        + String(format: "%.1f s", BenchTime.milliseconds(building) / 1_000))
    // Mid-way through the chains, so nothing falls due and every request's catch-up is a
    // query that finds nothing, as on a server that keeps up.
    let simulated = ManualClock(builder.start.addingTimeInterval(200 * 86_400))
    let engine = StoreEngine(
      catalog: try BenchCatalog.demo(), session: StoreSession(), ledger: ledger,
      signer: authority.makeSigner(), clock: simulated, ids: RandomIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
    key = try P256PrivateKey.generate()
    stored = try ServerDirectory(ledger: ledger).addKey(
      keyID: "BENCHKEY01", publicKeyDER: try APIKeyFiles.publicKeyDER(key), date: Date(),
      makeIssuerID: { "57246542-96fe-1a63-e053-0824d011072a" })
    api = AppStoreServerAPI(
      engine: engine, ledger: ledger, signer: authority.makeSigner(), clock: simulated,
      identity: identity, realNow: { Date() })
  }

  /// How many customers the ledger holds.
  var customers: Int { builder.customers }

  /// A fresh bearer token for the registered key.
  func token() throws -> String {
    try ServerAPIToken.make(
      key: key, keyID: stored.keyID, issuerID: stored.issuerID, bundleID: identity.bundleId,
      now: Date())
  }

  /// Get Transaction History (v2) for customer `index`, named by one of their transactions.
  func historyPath(customer index: Int) -> String {
    "/inApps/v2/history/\(builder.originalID(index) + 3)"
  }

  /// Get All Subscription Statuses for customer `index`.
  func statusesPath(customer index: Int) -> String {
    "/inApps/v1/subscriptions/\(builder.originalID(index))"
  }
}
