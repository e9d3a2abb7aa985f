import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Killing storeterm in the middle of time travel loses nothing and renews nothing twice: the
/// next command finishes the catch-up.
@Suite struct CrashDuringRenewalsTests {
  static let subscribers = ["a", "b", "c"]

  /// The signatures killed at: the first two, every fourth, and both sides of each boundary.
  ///
  /// The boundaries are between the subscribers' chains (14 signatures each). All 42 cost a
  /// minute of the suite; `storeterm-bench crash` kills at random signatures for as long as it
  /// is asked.
  static let killPoints = Array(
    Set(Array(stride(from: 1, through: 42, by: 4)) + [2, 14, 15, 28, 29, 42])
  ).sorted()

  @Test(arguments: killPoints)
  func aKillDuringCatchUpIsRepairedByTheNextCommand(killAtSignature: Int) async throws {
    let db = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    for customer in Self.subscribers {
      let run = await runStoreTerm([
        "purchase", "dev.storeterm.demo.plus.monthly", "--db", db, "--customer", customer,
      ])
      #expect(run.status == 0)
    }
    // A year of monthly renewals for three subscribers: 36 renewals and, per chain, the renewal
    // info, 42 signatures in all; a storeterm process dies at one of them, one case each.
    let killed = try StoreTermProcess.run(
      ["clock", "advance", "365d", "--db", db], fault: "afterSigning#\(killAtSignature)")
    #expect(killed.status == 128 + SIGKILL, "\(killed.error)")
    for customer in Self.subscribers {
      let status = await runStoreTerm(["status", "--json", "--db", db, "--customer", customer])
      #expect(status.status == 0, "\(status.standardError)")
      let list = await runStoreTerm(["transactions", "--json", "--db", db, "--customer", customer])
      guard case .array(let transactions) = try JSONParser.parse(list.standardOutput) else {
        Issue.record("not an array")
        return
      }
      // The trial plus twelve renewals, each starting where the previous period ended.
      #expect(transactions.count == 13, "\(customer)")
      var previousEnd: JSONValue?
      for transaction in transactions {
        if let previousEnd { #expect(transaction["purchaseDate"] == previousEnd) }
        previousEnd = transaction["expiresDate"]
      }
      let ids = transactions.compactMap { $0["transactionId"] }
      #expect(ids.count == Set(ids.map(\.compactText)).count)
    }
  }
}
