import Foundation
import StoreCore
import StoreJWS
import StoreTermTestSupport
import Testing

/// Issue 17, findings 1, 2 and 13: hostile catalog text and hostile imported App Store data
/// never reach the terminal raw, in any command's text output, on either stream.
@Suite struct HostileOutputTests {
  private func expectSafe(_ run: CommandRun, _ what: String) {
    let raw = HostileFixture.rawControls(in: run.standardOutput + run.standardError)
    #expect(raw.isEmpty, "\(what) printed raw \(raw.map { String($0.value, radix: 16) })")
  }

  @Test func everyCommandEscapesHostileCatalogText() async throws {
    let folder = try HostileFixture.folder()
    let config = try HostileFixture.hostileCatalog(in: folder)
    let db = folder.appending(path: "ledger.sqlite").path
    let common = ["--config", config, "--db", db]
    let coins = "dev.storeterm.demo.coins.100"
    let lines: [[String]] = [
      ["products"], ["products", "--verbose"],
      ["purchase", coins, "--quantity", "2"], ["purchase", "dev.storeterm.demo.plus.monthly"],
      ["purchase", "dev.storeterm.demo.lifetime"], ["balances"], ["transactions"],
      ["entitlements"], ["status"], ["customers"], ["customer", "default"], ["jws", "1"],
      ["manage", "refund", "1"], ["purchase", "no.such\u{1B}]0;x\u{07}"],
      ["clock", "advance", "1\u{1B}[31m"], ["family", "join", "x\u{202E}y"],
    ]
    for line in lines {
      let run = await runStoreTerm(line + common)
      expectSafe(run, line.joined(separator: " "))
    }
    // The escape is shown, so the name can still be read.
    let products = await runStoreTerm(["products"] + common)
    #expect(products.standardOutput.contains("100 CoinsT\\u{1B}]0;pwned\\u{7}\\u{1B}[31mRED"))
  }

  @Test func jsonStaysExactJSONWithTheSameValues() async throws {
    let folder = try HostileFixture.folder()
    let config = try HostileFixture.hostileCatalog(in: folder)
    let db = folder.appending(path: "ledger.sqlite").path
    let run = await runStoreTerm(["products", "--json", "--config", config, "--db", db])
    expectSafe(run, "products --json")
    let json = try JSONParser.parse(run.standardOutput)
    guard case .array(let products) = json, case .string(let name) = products[0]["displayName"]
    else { Issue.record("not an array of products"); return }
    #expect(name.hasSuffix(HostileFixture.payload))
  }

  @Test func hostileImportedDataIsEscapedInImportCustomersAndCustomer() async throws {
    let source = try HostileFixture.folder()
    let sourceDB = source.appending(path: "ledger.sqlite").path
    let root = source.appending(path: "root.pem").path
    #expect(await runStoreTerm(["cert", "--out", root, "--db", sourceDB]).status == 0)
    let signer = try TestCertificateAuthority.loadOrCreate(stateDirectory: source.path)
      .makeSigner()
    let hostile = HostileFixture.transaction(
      id: "903", original: "902\u{1B}]0;pwned\u{07}", product: "evil\u{9B}31m\u{202E}",
      storefront: "US\u{1B}[2J")
    let file = source.appending(path: "hostile.txt").path
    try Data((try signer.sign(hostile) + "\n").utf8).write(to: URL(fileURLWithPath: file))
    let target = try HostileFixture.folder().appending(path: "support.sqlite").path
    let imported = await runStoreTerm(["import", file, "--root", root, "--db", target])
    #expect(imported.status == 0, "\(imported.standardError)")
    expectSafe(imported, "import")
    #expect(imported.standardOutput.contains("original:902\\u{1B}]0;pwned\\u{7}"))
    expectSafe(await runStoreTerm(["customers", "--db", target]), "customers")
    expectSafe(
      await runStoreTerm(["customer", "original:902\u{1B}]0;pwned\u{07}", "--db", target]),
      "customer")
    expectSafe(await runStoreTerm(["customer", "903", "--db", target]), "customer 903")
    let verify = await runStoreTerm(
      ["verify", "--db", sourceDB], input: try signer.sign(hostile) + "\n")
    expectSafe(verify, "verify")
  }

  @Test func aCustomerIDThatWouldBreakTheTableIsRefused() async throws {
    let db = try HostileFixture.folder().appending(path: "ledger.sqlite").path
    for id in ["a\nb", " ", "x\u{1B}[31m", "a\u{202E}b", String(repeating: "x", count: 201), ""] {
      let run = await runStoreTerm(["balances", "--customer", id, "--db", db])
      #expect(run.status == 64)
      #expect(run.standardError.hasPrefix("storeterm: --customer: an account identifier must be"))
    }
    #expect(!FileManager.default.fileExists(atPath: db))
  }
}
