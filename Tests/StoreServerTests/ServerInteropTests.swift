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

  /// An engine on the server's ledger and CA (with both), to record what the App Store would
  /// have before the server is asked about it.
  static func seeding(database: String, directory: URL, clock: ManualClock) throws
    -> (engine: StoreEngine, ledger: SQLiteLedger, authority: TestCertificateAuthority)
  {
    let ledger = try SQLiteLedger(location: .file(database))
    let authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: directory.path)
    let engine = StoreEngine(
      catalog: ProductCatalog(configuration: FixtureCatalogs.demo), session: StoreSession(),
      ledger: ledger, signer: authority.makeSigner(), clock: clock, ids: RandomIdentifiers(),
      factory: TransactionFactory(
        identity: ServerHarness.identity, hasher: SHA384DeviceVerificationHasher()))
    return (engine, ledger, authority)
  }

  @Test func applesClientCallsEveryEndpointAndVerifiesEverySignedItem() throws {
    guard ServerOracle.required() else { return }
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
    let (engine, ledger, authority) = try Self.seeding(
      database: database, directory: directory, clock: clock)
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

  @Test func applesClientExtendsConsumesAndSetsTokensThroughTheServer() throws {
    guard ServerOracle.required() else { return }
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    let key = try createKey(database: database)
    let clock = ManualClock(Date().addingTimeInterval(-3600))
    let (engine, _, authority) = try Self.seeding(
      database: database, directory: directory, clock: clock)
    func buy(_ product: String, _ customer: String) throws -> SignedTransaction {
      clock.advance(by: 1)
      guard case .success(let signed) = try engine.purchase(product, customerID: customer) else {
        throw HarnessError("\(product) was not bought")
      }
      return signed
    }
    let ann = try buy(Demo.lite, "ann")
    let bob = try buy(Demo.lite, "bob")
    let cat = try buy(Demo.lite, "cat")
    try engine.expireSubscription(cat.id)
    let coins = try buy(Demo.coins, "ann")
    let root = directory.appending(path: "root.der").path
    try Data(authority.rootCertificate.der).write(to: URL(fileURLWithPath: root))
    let server = try ServerProcess(
      ["--db", database, "--environment", "Sandbox", "serve", "--listen", "127.0.0.1:0"],
      directory: directory)
    let token = "5bd7f4c6-1f52-4d1e-9c61-2d3c4f0a9b7e"
    let plan: [[String: Any]] = [
      ["call": "extend", "id": String(ann.id), "days": 30, "requestIdentifier": "req-1"],
      ["call": "statuses", "id": String(ann.id)],
      ["call": "extend", "id": String(ann.id), "days": 91, "requestIdentifier": "req-x"],
      ["call": "extend", "id": String(cat.id), "days": 5, "requestIdentifier": "req-c"],
      ["call": "extend", "id": String(ann.id), "days": 5, "requestIdentifier": "req-2"],
      ["call": "extend", "id": String(ann.id), "days": 5, "requestIdentifier": "req-3"],
      [
        "call": "mass-extend", "productId": Demo.lite, "days": 7, "requestIdentifier": "mass-1",
        "storefronts": ["USA"],
      ],
      ["call": "mass-status", "productId": Demo.lite, "requestIdentifier": "mass-1"],
      ["call": "statuses", "id": String(bob.id)],
      [
        "call": "consumption", "id": String(coins.id), "consumptionPercentage": 50000,
        "refundPreference": "GRANT_PRORATED",
      ],
      ["call": "consumption", "id": String(coins.id), "customerConsented": false],
      ["call": "app-account-token", "id": String(ann.id), "token": token],
      ["call": "statuses", "id": String(ann.id)],
    ]
    let planPath = directory.appending(path: "plan.json").path
    try JSONSerialization.data(withJSONObject: plan).write(to: URL(fileURLWithPath: planPath))
    let run = try ServerOracle.run(
      baseURL: "http://127.0.0.1:\(server.port)", key: key.path, keyID: key.id,
      issuerID: key.issuer, root: root, plan: planPath)
    #expect(server.stop() == 0)
    #expect(run.status == 0, "\(run.error)")
    try #require(run.results.count == plan.count, "\(run.error)")
    let results = run.results
    let day: Int64 = 86_400_000
    let annExpires = ann.payload.expiresDate ?? 0
    #expect(results[0]["success"] as? Bool == true)
    #expect(results[0]["originalTransactionId"] as? String == String(ann.id))
    #expect((results[0]["effectiveDate"] as? NSNumber)?.int64Value == annExpires + 30 * day)
    let extended = Self.firstItem(results[1])
    #expect((extended["expiresDate"] as? NSNumber)?.int64Value == annExpires + 30 * day)
    #expect((extended["renewalDate"] as? NSNumber)?.int64Value == annExpires + 30 * day)
    #expect(results[2]["httpStatus"] as? Int == 400)
    #expect(results[2]["errorCode"] as? Int == 4_000_009)
    #expect(results[3]["httpStatus"] as? Int == 403)
    #expect(results[3]["errorCode"] as? Int == 4_030_004)
    #expect((results[4]["effectiveDate"] as? NSNumber)?.int64Value == annExpires + 35 * day)
    #expect(results[5]["httpStatus"] as? Int == 403)
    #expect(results[5]["errorCode"] as? Int == 4_030_005)
    #expect(results[6]["requestIdentifier"] as? String == "mass-1")
    #expect(results[7]["complete"] as? Bool == true)
    #expect(results[7]["succeededCount"] as? Int == 1)
    #expect(results[7]["failedCount"] as? Int == 1)
    let bobItem = Self.firstItem(results[8])
    #expect(
      (bobItem["renewalDate"] as? NSNumber)?.int64Value == (bob.payload.expiresDate ?? 0) + 7 * day)
    #expect(results[9]["sent"] as? Bool == true)
    #expect(results[10]["errorCode"] as? Int == 4_000_035)
    #expect(results[11]["set"] as? Bool == true)
    let tokened = Self.firstItem(results[12])
    #expect(tokened["appAccountToken"] as? String == token)
    #expect(tokened["renewalAppAccountToken"] as? String == token)
    // The ledger the CLI reads says the same.
    let status = try StoreTermProcess.run(
      ["--db", database, "--environment", "Sandbox", "--customer", "ann", "status"])
    #expect(status.output.contains("extended 35 days by the developer (2 extensions)"))
  }

  /// The first item of the first group of a `statuses` result.
  static func firstItem(_ result: [String: Any]) -> [String: Any] {
    let groups = result["groups"] as? [[String: Any]] ?? []
    return (groups.first?["items"] as? [[String: Any]])?.first ?? [:]
  }
}
