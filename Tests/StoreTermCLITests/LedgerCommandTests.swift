import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// The ledger commands end to end in-process: purchase, approve, refund, list, sign and verify.
@Suite struct LedgerCommandTests {
  /// A fresh ledger path in its own folder.
  static func database() throws -> String {
    try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
  }

  static func json(_ run: CommandRun) throws -> JSONValue {
    try JSONParser.parse(run.standardOutput)
  }

  @Test func aPurchasePrintsItsOutcomeAsJSONWithApplesFieldNames() async throws {
    let db = try LedgerCommandTests.database()
    let run = await runStoreTerm([
      "purchase", "dev.storeterm.demo.coins.100", "--quantity", "2", "--json", "--db", db,
    ])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let result = try LedgerCommandTests.json(run)
    #expect(result["result"] == .string("success"))
    #expect(result["transactionId"] == .string("1"))
    let transaction = try #require(result["transaction"])
    #expect(transaction["productId"] == .string("dev.storeterm.demo.coins.100"))
    #expect(transaction["type"] == .string("Consumable"))
    #expect(transaction["quantity"] == .number("2"))
    #expect(transaction["price"] == .number("1980"))
    #expect(transaction["currency"] == .string("USD"))
    #expect(transaction["inAppOwnershipType"] == .string("PURCHASED"))
    #expect(transaction["environment"] == .string("Xcode"))
  }

  @Test func askToBuyIsPendingUntilApprovedFromAnotherCommand() async throws {
    let db = try LedgerCommandTests.database()
    let pending = await runStoreTerm([
      "purchase", "dev.storeterm.demo.lifetime", "--ask-to-buy", "--db", db,
    ])
    #expect(pending.status == 0)
    #expect(
      pending.standardOutput
        == "pending: transaction 1 is pending approval (storeterm manage approve 1)\n")
    let before = await runStoreTerm(["entitlements", "--db", db])
    #expect(before.standardOutput == "no entitlements for customer default\n")
    let approved = await runStoreTerm(["manage", "approve", "1", "--db", db])
    #expect(approved.status == 0)
    #expect(
      approved.standardOutput
        == "approved: transaction 1 · Lifetime Unlock (dev.storeterm.demo.lifetime) · $29.99\n")
    let after = await runStoreTerm(["entitlements", "--db", db, "--json"])
    guard case .array(let entitlements) = try LedgerCommandTests.json(after) else {
      Issue.record("not an array")
      return
    }
    #expect(entitlements.map { $0["productId"] } == [.string("dev.storeterm.demo.lifetime")])
    let again = await runStoreTerm(["manage", "approve", "1", "--db", db])
    #expect(again.status == 1)
    #expect(again.standardError == "storeterm: transaction 1 cannot be approved: it is purchased\n")
  }

  @Test func aRefundLeavesTheHistoryAndEndsTheEntitlement() async throws {
    let db = try LedgerCommandTests.database()
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.themes", "--db", db])
    let refund = await runStoreTerm(["manage", "refund", "1", "--db", db, "--json"])
    #expect(refund.status == 0)
    let transaction = try #require(try LedgerCommandTests.json(refund)["transaction"])
    #expect(transaction["revocationReason"] == .number("0"))
    let twice = await runStoreTerm(["manage", "refund", "1", "--db", db])
    #expect(twice.status == 1)
    #expect(twice.standardError == "storeterm: transaction 1 was already refunded or revoked\n")
    let list = await runStoreTerm(["transactions", "--db", db])
    let lines = list.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      lines[0] == "ID  PRODUCT                    PRICE  PURCHASED             EXPIRES  STATUS")
    // The purchase went through the store manager, which finished it after delivering it.
    #expect(lines[1].hasSuffix("refunded"))
    let entitlements = await runStoreTerm(["entitlements", "--db", db])
    #expect(entitlements.standardOutput == "no entitlements for customer default\n")
  }

  @Test func customersHaveSeparateLedgers() async throws {
    let db = try LedgerCommandTests.database()
    _ = await runStoreTerm([
      "purchase", "dev.storeterm.demo.themes", "--db", db, "--customer", "alice",
    ])
    let alice = await runStoreTerm(["transactions", "--json", "--db", db, "--customer", "alice"])
    let bob = await runStoreTerm(["transactions", "--json", "--db", db, "--customer", "bob"])
    #expect(try LedgerCommandTests.json(alice) != .array([]))
    #expect(try LedgerCommandTests.json(bob) == .array([]))
  }

  @Test func theSignedJWSVerifiesAgainstTheExportedRoot() async throws {
    let db = try LedgerCommandTests.database()
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.monthly", "--db", db])
    let jws = await runStoreTerm(["jws", "1", "--db", db])
    #expect(jws.status == 0)
    #expect(jws.standardOutput.split(separator: ".").count == 3)
    let verified = await runStoreTerm(["verify", "--db", db], input: jws.standardOutput)
    #expect(verified.status == 0)
    let line = try JSONParser.parse(verified.standardOutput)
    #expect(line["ok"] == .bool(true))
    #expect(line["kind"] == .string("transaction"))
    // Another bundle ID is not this app's data.
    let foreign = await runStoreTerm(
      ["verify", "--db", db, "--bundle-id", "com.example.other"], input: jws.standardOutput)
    #expect(foreign.status == 1)
    #expect(
      try JSONParser.parse(foreign.standardOutput)["error"] == .string("invalidDeviceVerification"))
    let pem = await runStoreTerm(["cert", "--db", db])
    #expect(pem.standardOutput.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
  }

  @Test func theCertificateIsWrittenToAFile() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let out = directory.appending(path: "root.der").path
    let run = await runStoreTerm([
      "cert", "--der", "--out", out, "--db", directory.appending(path: "l.sqlite").path,
    ])
    #expect(run.status == 0)
    #expect(run.standardOutput == "wrote the test root certificate (DER) to \(out)\n")
    let der = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(der.first == 0x30)
  }

  @Test(arguments: [
    (["purchase", "nope"], "product \"nope\" is not in the catalog", Int32(1)),
    (
      ["purchase", "dev.storeterm.demo.lifetime", "--quantity", "2"],
      "purchase dev.storeterm.demo.lifetime: Product.PurchaseError.invalidQuantity", 1
    ),
    (
      ["purchase", "dev.storeterm.demo.plus.monthly", "--offer", "nope"],
      "purchase dev.storeterm.demo.plus.monthly: Product.PurchaseError.invalidOfferIdentifier", 1
    ),
    (["manage", "refund", "7"], "transaction 7 does not exist", 1),
    (["jws", "7"], "transaction 7 does not exist", 1),
    (["verify", "/nonexistent/tokens.txt"], "/nonexistent/tokens.txt: no such file", 1),
  ])
  func badInputIsOneSentenceAndChangesNothing(arguments: [String], message: String, status: Int32)
    async throws
  {
    let db = try LedgerCommandTests.database()
    let run = await runStoreTerm(arguments + ["--db", db])
    #expect(run.status == status)
    #expect(run.standardError == "storeterm: " + message + "\n")
    let list = await runStoreTerm(["transactions", "--json", "--db", db])
    #expect(list.standardOutput == "[]\n")
  }

  @Test(arguments: [
    (["purchase", "x", "--quantity", "two"], "storeterm: --quantity two: not a whole number"),
    (
      ["purchase", "x", "--account-token", "zz"],
      "storeterm: --account-token zz: not a UUID such as 6F9619FF-8B86-D011-B42D-00C04FC964FF"
    ),
    (
      ["manage", "explode", "1"],
      "storeterm: 'explode' is not an action (approve, decline, resolve, refund, revoke, finish, delete, expire, renew, auto-renew-off, auto-renew-on, price-increase, consent, decline-price-increase, request-refund, refund-prorated, decline-refund, reverse-refund)"
    ),
    (["manage", "refund", "abc"], "storeterm: abc: a transaction ID is a whole number, such as 3"),
    (["reset"], "storeterm: reset deletes every transaction; add --yes to confirm"),
    (
      ["products", "--environment", "Production"],
      "storeterm: --environment Production: not one of Xcode, Sandbox, LocalTesting"
    ),
    (["clock", "advance", "-3d"], "storeterm: clock advance -3d: time only moves forward"),
    (
      ["clock", "advance", "soon"],
      "storeterm: clock advance soon: not a positive duration such as 35d, 2w, 12h, 90min or 1y"
    ),
    (["purchse", "x"], "storeterm: unknown command 'purchse'; did you mean 'purchase'?"),
    (["products", "--jsno"], "storeterm: unknown option '--jsno'; did you mean '--json'?"),
    (
      ["purchase", "x", "--quantty", "2"],
      "storeterm: unknown option '--quantty'; did you mean '--quantity'?"
    ),
    (["frobnicate"], "storeterm: unknown command 'frobnicate'"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) async throws {
    let run = await runStoreTerm(arguments + ["--db", try LedgerCommandTests.database()])
    #expect(run.status == 64)
    #expect(run.standardError.hasPrefix(message + "\n"))
  }

  @Test func aFailureNamesStoreKitsErrorAndResetClearsEverything() async throws {
    let db = try LedgerCommandTests.database()
    let failed = await runStoreTerm([
      "purchase", "dev.storeterm.demo.coins.100", "--fail", "notEntitled", "--db", db,
    ])
    #expect(failed.status == 1)
    #expect(
      failed.standardError
        == "storeterm: purchase dev.storeterm.demo.coins.100: StoreKitError.notEntitled\n")
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.coins.100", "--db", db])
    let reset = await runStoreTerm(["reset", "--yes", "--db", db])
    #expect(reset.status == 0)
    let list = await runStoreTerm(["transactions", "--json", "--db", db])
    #expect(list.standardOutput == "[]\n")
  }

  @Test func aFileThatIsNotALedgerIsRefusedUntouched() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let path = directory.appending(path: "notes.sqlite")
    try Data("not a database".utf8).write(to: path)
    let run = await runStoreTerm(["transactions", "--db", path.path])
    #expect(run.status == 1)
    #expect(run.standardError.hasPrefix("storeterm: \(path.path) is not a storeterm database"))
    #expect(try Data(contentsOf: path) == Data("not a database".utf8))
  }
}
