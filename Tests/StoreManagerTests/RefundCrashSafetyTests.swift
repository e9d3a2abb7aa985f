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

/// A refund killed at any step takes back exactly what it granted, once: killed while the App
/// Store signs it, nothing is refunded and the refund can be made again; killed while the app
/// reverses the grant (which the next command does, as an app learns of refunds at launch), the
/// restart reverses it exactly once.
@Suite struct RefundCrashSafetyTests {
  static let coins = "dev.storeterm.demo.coins.100"

  /// Three coins (transaction 1) and one more (transaction 2), both delivered and finished.
  private static func ledgerWithCoins() async throws -> String {
    let db = try temporaryLedger()
    let first = await storeterm(["purchase", coins, "--quantity", "3", "--db", db])
    #expect(first.status == 0)
    #expect(await storeterm(["purchase", coins, "--db", db]).status == 0)
    #expect(try balance(db) == 4)
    return db
  }

  @Test func aRefundKilledWhileTheAppStoreSignsItRefundsNothingAndCanBeMadeAgain() async throws {
    let db = try await Self.ledgerWithCoins()
    let killed = try StoreTermProcess.run(
      ["manage", "refund", "1", "--db", db], fault: FaultPoint.afterSigning.rawValue)
    #expect(killed.status == 128 + SIGKILL, "\(killed.error)")
    let records = try SQLiteLedger(location: .file(db)).records(customerID: Customer.defaultID)
    #expect(records.compactMap(\.signed).map(\.isRevoked) == [false, false])
    #expect(try Self.balance(db) == 4)
    let refund = await storeterm(["manage", "refund", "1", "--db", db])
    #expect(refund.status == 0)
    // The app learns of the refund when it next starts, as from `Transaction.updates`.
    #expect(await storeterm(["balances", "--db", db]).status == 0)
    #expect(try Self.balance(db) == 1)
  }

  @Test(arguments: [FaultPoint.insideGrant, .afterGrant, .beforeFinish])
  func aRefundKilledWhileTheAppReversesItsGrantIsReversedOnce(at point: FaultPoint) async throws {
    let db = try await Self.ledgerWithCoins()
    #expect(await storeterm(["manage", "refund", "1", "--db", db]).status == 0)
    // The next command delivers the refund to the app, and dies at the step.
    let killed = try StoreTermProcess.run(["balances", "--db", db], fault: point.rawValue)
    #expect(killed.status == 128 + SIGKILL, "\(killed.error)")
    let reversedBeforeRestart = try Self.fulfillment(db).record(transactionID: 1)?.reversed
    #expect(reversedBeforeRestart == (point == .insideGrant ? 0 : 3))
    // The restart delivers what is left; the refund takes the three coins back exactly once.
    let run = await storeterm(["balances", "--json", "--db", db])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(try Self.balance(db) == 1)
    let record = try #require(try Self.fulfillment(db).record(transactionID: 1))
    #expect(record.isRevoked)
    #expect(record.reversed == 3)
    #expect(await storeterm(["balances", "--db", db]).status == 0)
    #expect(try Self.balance(db) == 1)
  }

  private static func fulfillment(_ db: String) throws -> FulfillmentStore {
    try FulfillmentStore(
      location: .file(db.replacingOccurrences(of: ".sqlite", with: ".app.sqlite")))
  }

  private static func balance(_ db: String) throws -> Int? {
    try fulfillment(db).balances()[coins]
  }
}
