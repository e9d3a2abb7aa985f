import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport
import Testing

/// The proof: Apple's own App Store Server Library, as the client, against the real
/// `storeterm serve` on loopback, every signed item verified in Sandbox against the exported
/// root; keys made and revoked with `storeterm server-keys`.
@Suite(.serialized) struct ServerInteropTests {
  /// `storeterm server-keys create --json` → key ID, issuer ID, private key path.
  func createKey(database: String) throws -> (id: String, issuer: String, path: String) {
    let outcome = try StoreTermProcess.run(
      ["--db", database, "--environment", "Sandbox", "server-keys", "create", "--json"])
    #expect(outcome.status == 0, "\(outcome.error)")
    let json = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]
    let id = json?["keyId"] as? String ?? ""
    #expect(id.count == 10)
    let path = json?["privateKeyPath"] as? String ?? ""
    let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    #expect(mode == 0o600)
    return (id, json?["issuerId"] as? String ?? "", path)
  }

  @Test func applesClientCallsEveryEndpointAndVerifiesEverySignedItem() throws {
    guard ServerOracle.shouldRun else {
      _ = ServerOracle.checkAvailable()
      return
    }
    #expect(ServerOracle.unavailableReason == nil, "\(ServerOracle.unavailableReason ?? "")")
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    let key = try createKey(database: database)
    let revoked = try createKey(database: database)
    #expect(revoked.issuer == key.issuer)
    let revocation = try StoreTermProcess.run(
      ["--db", database, "--environment", "Sandbox", "server-keys", "revoke", revoked.id])
    #expect(revocation.status == 0)

    // Seed in process, on the same ledger and CA, as the App Store would have recorded them.
    let clock = ManualClock(Date().addingTimeInterval(-3600))
    let ledger = try SQLiteLedger(location: .file(database))
    let authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: directory.path)
    let engine = StoreEngine(
      catalog: ProductCatalog(configuration: FixtureCatalogs.demo), session: StoreSession(),
      ledger: ledger, signer: authority.makeSigner(), clock: clock, ids: RandomIdentifiers(),
      factory: TransactionFactory(
        identity: ServerHarness.identity, hasher: SHA384DeviceVerificationHasher()))
    func buy(_ product: String, _ customer: String) throws -> String {
      clock.advance(by: 1)
      guard case .success(let signed) = try engine.purchase(product, customerID: customer) else {
        throw HarnessError("\(product) was not bought")
      }
      return String(signed.id)
    }
    let walk = try (0..<250).map { _ in try buy(Demo.coins, "walker") }
    let monthly = try buy(Demo.monthly, Customer.defaultID)
    let lifetime = try buy(Demo.lifetime, Customer.defaultID)
    let coins = try buy(Demo.coins, Customer.defaultID)
    let themes = try buy(Demo.themes, Customer.defaultID)
    _ = try engine.refund(UInt64(coins) ?? 0)
    let order = try #require(
      try ServerDirectory(ledger: ledger).orderID(transactionID: UInt64(lifetime) ?? 0))
    let root = directory.appending(path: "root.der").path
    try Data(authority.rootCertificate.der).write(to: URL(fileURLWithPath: root))

    let server = try ServerProcess(
      ["--db", database, "--environment", "Sandbox", "serve", "--listen", "127.0.0.1:0"],
      directory: directory)
    let plan: [[String: Any]] = [
      ["call": "transaction-info", "id": lifetime],
      ["call": "history", "id": walk[100]],
      ["call": "history", "id": monthly, "productTypes": ["CONSUMABLE"], "revoked": true],
      ["call": "history", "id": monthly, "sort": "DESCENDING"],
      ["call": "statuses", "id": lifetime],
      ["call": "statuses", "id": lifetime, "statuses": [2]],
      ["call": "order", "orderId": order],
      ["call": "refunds", "id": monthly],
      ["call": "app-transaction", "id": monthly],
      ["call": "transaction-info", "id": "999999"],
      ["call": "auth", "id": lifetime, "revokedKey": revoked.path, "revokedKeyId": revoked.id],
    ]
    let planPath = directory.appending(path: "plan.json").path
    try JSONSerialization.data(withJSONObject: plan).write(to: URL(fileURLWithPath: planPath))
    let run = try ServerOracle.run(
      baseURL: "http://127.0.0.1:\(server.port)", key: key.path, keyID: key.id,
      issuerID: key.issuer, root: root, plan: planPath)
    #expect(server.stop() == 0)
    #expect(server.output.hasSuffix("stopped on SIGTERM\n"))
    #expect(run.status == 0, "\(run.error)")
    try #require(run.results.count == plan.count, "\(run.error)")
    let results = run.results

    #expect(results[0]["transactionId"] as? String == lifetime)
    // 250 transactions, 20 a page: each exactly once, in purchase order.
    #expect(results[1]["pages"] as? [Int] == Array(repeating: 20, count: 12) + [10])
    #expect(results[1]["transactionIds"] as? [String] == walk)
    #expect(results[1]["environment"] as? String == "Sandbox")
    #expect(results[2]["transactionIds"] as? [String] == [coins])
    #expect(results[3]["transactionIds"] as? [String] == [themes, coins, lifetime, monthly])
    let groups = results[4]["groups"] as? [[String: Any]] ?? []
    #expect(groups.count == 1)
    let items = groups.first?["items"] as? [[String: Any]] ?? []
    #expect(items.count == 1)
    #expect(items.first?["originalTransactionId"] as? String == monthly)
    #expect(items.first?["transactionId"] as? String == monthly)
    #expect(items.first?["renewalOriginalTransactionId"] as? String == monthly)
    #expect(items.first?["status"] as? Int == 1)
    #expect((results[5]["groups"] as? [Any])?.isEmpty == true)
    #expect(results[6]["status"] as? Int == 0)
    #expect(results[6]["transactionIds"] as? [String] == [lifetime])
    #expect(results[7]["transactionIds"] as? [String] == [coins])
    #expect(results[8]["bundleId"] as? String == "dev.storeterm.demo")
    #expect(results[8]["receiptType"] as? String == "Sandbox")
    #expect(results[9]["httpStatus"] as? Int == 404)
    #expect(results[9]["errorCode"] as? Int == 4_040_010)
    let cases = results[10]["cases"] as? [String: Int] ?? [:]
    #expect(
      cases == [
        "missing": 401, "expired": 401, "too long-lived": 401, "wrongly signed": 401,
        "foreign bundle": 401, "wrong audience": 401, "unknown key": 401, "revoked key": 401,
      ])
  }
}
