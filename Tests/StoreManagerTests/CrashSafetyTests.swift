import Foundation
import StoreCore
import StoreManager
import StorePersistence
import StoreTermCLI
import StoreTermTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A child `storeterm purchase` killed at each step of the purchase path loses nothing and
/// grants nothing twice: after a restart, the balance equals the finished grants exactly.
@Suite struct CrashSafetyTests {
  static let coins = "dev.storeterm.demo.coins.100"

  @Test(arguments: [
    FaultPoint.afterSigning, .afterCommit, .insideGrant, .afterGrant, .beforeFinish,
  ])
  func aPurchaseKilledAtAStepIsDeliveredExactlyOnce(at point: FaultPoint) async throws {
    let db = try temporaryLedger()
    // An earlier purchase, so the balance has history the crash must not disturb.
    #expect(await storeterm(["purchase", CrashSafetyTests.coins, "--db", db]).status == 0)
    let killed = try StoreTermProcess.run(
      ["purchase", CrashSafetyTests.coins, "--quantity", "2", "--db", db], fault: point.rawValue)
    #expect(killed.status == 128 + SIGKILL, "\(killed.error)")
    // What the child left behind, before any restart.
    let before = try CrashSafetyTests.ledgerState(db)
    #expect(before.charged == (point == .afterSigning ? 1 : 3))
    #expect(before.unfinished == (point == .afterSigning ? [] : [2]))
    let storedBefore = try FulfillmentStore(
      location: .file(db.replacingOccurrences(of: ".sqlite", with: ".app.sqlite"))
    )
    .balances()[CrashSafetyTests.coins]
    #expect(storedBefore == (point == .afterGrant || point == .beforeFinish ? 3 : 1))

    // Restart: any command first recovers the unfinished transaction through the same path.
    let run = await storeterm(["balances", "--json", "--db", db])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let after = try CrashSafetyTests.ledgerState(db)
    #expect(after.unfinished == [])
    let balances = try JSONParser.parse(run.standardOutput)
    guard case .array(let rows) = balances, let first = rows.first else {
      Issue.record("no balances in \(run.standardOutput)")
      return
    }
    #expect(first["productId"] == .string(CrashSafetyTests.coins))
    #expect(first["balance"] == .integer(after.finishedUnits))
    #expect(after.finishedUnits == after.charged)
    // A later purchase adds normally.
    _ = await storeterm(["purchase", CrashSafetyTests.coins, "--db", db])
    let later = try CrashSafetyTests.ledgerState(db)
    #expect(later.finishedUnits == after.finishedUnits + 1)
  }

  @Test func processesRecoveringTheSameTransactionAtOnceGrantItOnce() async throws {
    let db = try temporaryLedger()
    let failed = await storeterm(
      ["purchase", CrashSafetyTests.coins, "--quantity", "5", "--db", db],
      environment: ["STORETERM_TEST_FAULT": "fail:insideGrant"])
    #expect(failed.status == 1)
    #expect(try CrashSafetyTests.ledgerState(db).unfinished == [1])
    // Three storeterm processes start together; each recovers the unfinished purchase.
    async let first: Void = CrashSafetyTests.recoverInChild(db)
    async let second: Void = CrashSafetyTests.recoverInChild(db)
    async let third: Void = CrashSafetyTests.recoverInChild(db)
    _ = await (first, second, third)
    let after = try CrashSafetyTests.ledgerState(db)
    #expect(after.unfinished == [])
    let appDatabase = db.replacingOccurrences(of: ".sqlite", with: ".app.sqlite")
    #expect(
      try FulfillmentStore(location: .file(appDatabase)).balances() == [CrashSafetyTests.coins: 5])
  }

  static func recoverInChild(_ db: String) async {
    let run = try? StoreTermProcess.run(["balances", "--db", db])
    #expect(run?.status == 0, "\(run?.error ?? "not started")")
  }

  /// The units the App Store charged, the units of finished transactions, and the unfinished
  /// transaction identifiers, read from the ledger file.
  static func ledgerState(_ db: String) throws -> (
    charged: Int, finishedUnits: Int, unfinished: [UInt64]
  ) {
    let records = try SQLiteLedger(location: .file(db)).records(customerID: Customer.defaultID)
    let charged = records.compactMap(\.signed).map(\.payload.quantity).reduce(0, +)
    let finished = records.filter(\.isFinished).compactMap(\.signed).map(\.payload.quantity)
      .reduce(0, +)
    let unfinished = records.filter { !$0.isFinished && $0.signed != nil }.map(\.id)
    return (charged, finished, unfinished)
  }
}
