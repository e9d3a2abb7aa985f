import Foundation
import StoreCore
import StorePersistence
import StoreTermTestSupport
import Testing

/// `storeterm purchase` and `storeterm balances` on the store manager's path.
@Suite struct CommandLinePathTests {
  static let coins = "dev.storeterm.demo.coins.100"

  /// The JSON balances, one element per consumable.
  static func balances(_ db: String, _ extra: [String] = []) async throws -> [JSONValue] {
    let run = await storeterm(["balances", "--json", "--db", db] + extra)
    #expect(run.status == 0)
    guard case .array(let elements) = try JSONParser.parse(run.standardOutput) else { return [] }
    return elements
  }

  static func balance(_ value: Int, _ product: String = coins) -> JSONValue {
    .object([JSONMember("productId", .string(product)), JSONMember("balance", .integer(value))])
  }

  @Test func aConsumableBoughtFromTheCommandLineLandsInTheBalance() async throws {
    let db = try temporaryLedger()
    #expect(
      try await CommandLinePathTests.balances(db) == [
        CommandLinePathTests.balance(0),
        CommandLinePathTests.balance(0, "dev.storeterm.demo.coins.550"),
      ])
    let bought = await storeterm([
      "purchase", CommandLinePathTests.coins, "--quantity", "2", "--db", db,
    ])
    #expect(bought.status == 0)
    #expect(bought.standardOutput.hasPrefix("success: transaction 1 · 100 Coins"))
    _ = await storeterm(["purchase", CommandLinePathTests.coins, "--db", db])
    #expect(try await CommandLinePathTests.balances(db).first == CommandLinePathTests.balance(3))
    let text = await storeterm(["balances", "--db", db])
    #expect(
      text.standardOutput == """
        PRODUCT                       NAME       BALANCE
        dev.storeterm.demo.coins.100  100 Coins  3
        dev.storeterm.demo.coins.550  550 Coins  0

        """)
    // Finished by the app once delivered.
    let list = await storeterm(["transactions", "--db", db])
    #expect(!list.standardOutput.contains("unfinished"))
    // A refund takes the units back; the next command delivers it.
    _ = await storeterm(["manage", "refund", "1", "--db", db])
    #expect(try await CommandLinePathTests.balances(db).first == CommandLinePathTests.balance(1))
    // Accounts keep their own balances.
    #expect(
      try await CommandLinePathTests.balances(db, ["--customer", "alice"]).first
        == CommandLinePathTests.balance(0))
  }

  @Test func aStorageFailureIsRecoveredByTheNextCommand() async throws {
    let db = try temporaryLedger()
    let failed = await storeterm(
      ["purchase", CommandLinePathTests.coins, "--db", db],
      environment: ["STORETERM_TEST_FAULT": "fail:insideGrant"])
    #expect(failed.status == 1)
    #expect(
      failed.standardError
        == "storeterm: purchase \(CommandLinePathTests.coins): the grant of transaction 1 was not stored: a test fault was injected at insideGrant\n"
    )
    let list = await storeterm(["transactions", "--db", db])
    // `transactions` itself recovered it first: delivered and finished.
    #expect(!list.standardOutput.contains("unfinished"))
    #expect(try await CommandLinePathTests.balances(db).first == CommandLinePathTests.balance(1))
  }

  @Test func anUntrustedUnfinishedTransactionIsAWarningAtEveryStart() async throws {
    let db = try temporaryLedger()
    _ = await storeterm(
      ["purchase", CommandLinePathTests.coins, "--db", db],
      environment: ["STORETERM_TEST_FAULT": "fail:afterCommit"])
    let warning =
      "storeterm: warning: transaction 1 (\(CommandLinePathTests.coins)) was not delivered: the transaction failed verification (invalidDeviceVerification)\n"
    for _ in 0..<2 {
      let run = await storeterm([
        "balances", "--json", "--db", db, "--bundle-id", "com.example.other",
      ])
      #expect(run.status == 0)
      #expect(run.standardError == warning)
      #expect(
        try JSONParser.parse(run.standardOutput)
          == .array([
            CommandLinePathTests.balance(0),
            CommandLinePathTests.balance(0, "dev.storeterm.demo.coins.550"),
          ]))
    }
    // Under the right bundle ID it is delivered once.
    #expect(try await CommandLinePathTests.balances(db).first == CommandLinePathTests.balance(1))
  }

  @Test func aBadFaultPointIsAUsageError() async throws {
    let run = await storeterm(
      ["purchase", CommandLinePathTests.coins, "--db", try temporaryLedger()],
      environment: ["STORETERM_TEST_FAULT": "later"])
    #expect(run.status == 64)
    #expect(
      run.standardError.hasPrefix(
        "storeterm: STORETERM_TEST_FAULT=later: not a fault point (one of afterSigning, afterCommit, insideGrant, afterGrant, beforeFinish)\n"
      ))
  }

  @Test func theRecoveryBeforeACommandDoesNotRepeatTheFilesWarnings() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let catalog = directory.appending(path: "Empty price.storekit")
    let demo = try String(contentsOf: TestPaths.demoCatalog, encoding: .utf8)
    try demo.replacingOccurrences(of: #""displayPrice" : "0.99""#, with: #""displayPrice" : """#)
      .write(to: catalog, atomically: true, encoding: .utf8)
    let db = directory.appending(path: "ledger.sqlite").path
    let first = await storeterm(["transactions", "--config", catalog.path, "--db", db])
    #expect(first.standardError.components(separatedBy: "warning:").count == 2)
    // The ledger exists now, so recovery runs first; the warning still appears once.
    let second = await storeterm(["products", "--config", catalog.path, "--db", db])
    #expect(second.status == 0)
    #expect(second.standardError == first.standardError)
  }
}
