import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

/// `storeterm import --server`: one storeterm pulls a customer from another's App Store Server
/// API on loopback and files it as `import FILE` does; bad input is one line and changes nothing.
@Suite struct ServerImportTests {
  /// A Sandbox ledger with a subscription, a lifetime unlock and coins, an API key, its root
  /// certificate, and `storeterm serve` over it.
  final class Source {
    let directory: URL
    let database: String
    let root: String
    let keyPath: String
    let keyID: String
    let issuerID: String
    let server: ServerProcess

    init() async throws {
      directory = try TestPaths.temporaryDirectory()
      database = directory.appending(path: "ledger.sqlite").path
      root = directory.appending(path: "root.pem").path
      keyPath = directory.appending(path: "key.p8").path
      for product in [
        "dev.storeterm.demo.plus.monthly", "dev.storeterm.demo.lifetime",
        "dev.storeterm.demo.coins.100",
      ] {
        let bought = await runStoreTerm([
          "--db", database, "--environment", "Sandbox", "purchase", product,
          "--account-token", "6F9619FF-8B86-D011-B42D-00C04FC964FF",
        ])
        #expect(bought.status == 0, "\(bought.standardError)")
      }
      let created = await runStoreTerm([
        "--db", database, "--json", "server-keys", "create", "--out", keyPath,
      ])
      let key = try JSONParser.parse(created.standardOutput)
      keyID = key["keyId"]?.string ?? ""
      issuerID = key["issuerId"]?.string ?? ""
      let cert = await runStoreTerm(["cert", "--out", root, "--db", database])
      #expect(cert.status == 0, "\(cert.standardError)")
      server = try ServerProcess(
        [
          "--db", database, "--environment", "Sandbox", "serve", "--listen", "127.0.0.1:0",
        ], directory: directory)
    }

    var url: String { "http://127.0.0.1:\(server.port)" }

    func importArguments(into db: String, _ transactionID: String = "1") -> [String] {
      [
        "--db", db, "--environment", "Sandbox", "import", "--server", url, "--key", keyPath,
        "--key-id", keyID, "--issuer-id", issuerID, "--root", root, transactionID,
      ]
    }

    deinit { _ = server.stop() }
  }

  static func target() throws -> String {
    try TestPaths.temporaryDirectory().appending(path: "support.sqlite").path
  }

  /// A customer's transactions as `customer --json` lists them, without what the server
  /// re-signs per request (`signedDate`) or keeps for devices (device verification).
  static func transactions(_ customer: String, db: String) async throws -> [JSONValue] {
    let run = await runStoreTerm([
      "--db", db, "--environment", "Sandbox", "customer", customer, "--json",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    guard case .array(let items)? = try JSONParser.parse(run.standardOutput)["transactions"]
    else { return [] }
    return items.map { item in
      guard case .object(let members) = item else { return item }
      return .object(
        members.filter {
          !["signedDate", "deviceVerification", "deviceVerificationNonce"].contains($0.key)
        })
    }
  }

  static func entitlements(_ customer: String, db: String) async throws -> [String] {
    let run = await runStoreTerm([
      "--db", db, "--environment", "Sandbox", "customer", customer, "--json",
    ])
    guard case .array(let items)? = try JSONParser.parse(run.standardOutput)["entitlements"]
    else { return [] }
    return items.map { item in
      "\(item["id"]?.string ?? "?") \(item["code"]?.string ?? "?") \(item["access"] == .bool(true))"
    }
  }

  @Test func aCustomerPulledFromAnotherStoretermEqualsTheSource() async throws {
    let source = try await Source()
    let db = try Self.target()
    let run = await runStoreTerm(source.importArguments(into: db))
    #expect(run.status == 0, "\(run.standardError)")
    let key = "token:6F9619FF-8B86-D011-B42D-00C04FC964FF"
    #expect(
      run.standardOutput
        == "imported 5 items from \(source.url): 5 verified, 0 unverified, 0 already imported\n"
        + "customers: \(key)\n")
    let imported = try await Self.transactions(key, db: db)
    let original = try await Self.transactions("default", db: source.database)
    #expect(imported.count == 3)
    #expect(imported == original)
    // The same access, except that a consumable's balance is the app's own bookkeeping, which
    // no App Store Server API response carries.
    #expect(
      try await Self.entitlements("default", db: source.database) == [
        "5A1E0001 active true", "dev.storeterm.demo.plus.monthly active true",
        "dev.storeterm.demo.coins.100 consumable true", "dev.storeterm.demo.lifetime owned true",
      ])
    #expect(
      try await Self.entitlements(key, db: db) == [
        "5A1E0001 active true", "dev.storeterm.demo.plus.monthly active true",
        "dev.storeterm.demo.coins.100 consumable false", "dev.storeterm.demo.lifetime owned true",
      ])
  }

  @Test func badInputIsOneLineAndLeavesTheLedgerAlone() async throws {
    let source = try await Source()
    let db = try Self.target()
    var arguments = source.importArguments(into: db)
    let garbage = source.directory.appending(path: "not-a-key.p8").path
    try Data("hello\n".utf8).write(to: URL(fileURLWithPath: garbage))
    func replacing(_ option: String, with value: String) -> [String] {
      var copy = arguments
      if let index = copy.firstIndex(of: option) { copy[index + 1] = value }
      return copy
    }
    let cases: [([String], Int32, String)] = [
      (
        replacing("--server", with: "http://127.0.0.1:1"), 1,
        "storeterm: http://127.0.0.1:1: no answer (cannot connect)\n"
      ),
      (
        replacing("--issuer-id", with: "00000000-0000-0000-0000-000000000000"), 1,
        "storeterm: \(source.url): 401 Unauthenticated (the key ID, issuer ID, bundle ID or key"
          + " is not one the server knows)\n"
      ),
      (
        replacing("--key", with: garbage), 1,
        "storeterm: \(garbage): not an App Store Server API key (a .p8 file: a P-256 private key"
          + " in PEM)\n"
      ),
      (
        source.importArguments(into: db, "999"), 1,
        "storeterm: 999: Transaction id not found. (errorCode 4040010)\n"
      ),
    ]
    for (words, status, message) in cases {
      let run = await runStoreTerm(words)
      #expect(run.status == status, "\(words)")
      #expect(run.standardError == message)
    }
    arguments.removeAll { $0 == "--server" || $0 == source.url }
    let usage = await runStoreTerm(arguments)
    #expect(usage.status == 64)
    #expect(usage.standardError.hasPrefix("storeterm: --key works only with --server URL\n"))
    #expect(!FileManager.default.fileExists(atPath: db))
  }
}
