import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// Several storeterm processes buying on one ledger at once: no "database is locked" reaches
/// anyone, no purchase is lost, identifiers stay unique.
@Suite struct ConcurrentWritersTests {
  static let purchasesPerProcess = 15

  @Test func fourProcessesAndThisOneBuyAtOnce() async throws {
    let db = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    // Create the ledger and its CA first, so the processes race on purchases, not on setup.
    let first = await runStoreTerm(["purchase", "dev.storeterm.demo.coins.100", "--db", db])
    #expect(first.status == 0)
    async let a = Self.child(db: db, customer: "a")
    async let b = Self.child(db: db, customer: "b")
    async let c = Self.child(db: db, customer: "c")
    async let d = Self.child(db: db, customer: "d")
    for _ in 0..<Self.purchasesPerProcess {
      let run = await runStoreTerm([
        "purchase", "dev.storeterm.demo.coins.100", "--db", db, "--customer", "e",
      ])
      #expect(run.status == 0, "\(run.standardError)")
    }
    _ = await (a, b, c, d)
    var ids: [String] = []
    for customer in ["a", "b", "c", "d", "e"] {
      let list = await runStoreTerm(["transactions", "--json", "--db", db, "--customer", customer])
      guard case .array(let transactions) = try JSONParser.parse(list.standardOutput) else {
        Issue.record("not an array")
        return
      }
      // Finished consumables leave Transaction.all: count what the app delivered instead.
      let balances = await runStoreTerm(["balances", "--json", "--db", db, "--customer", customer])
      #expect(
        balances.standardOutput.contains("\"balance\": \(Self.purchasesPerProcess)"), "\(customer)")
      ids += transactions.compactMap {
        if case .string(let id)? = $0["transactionId"] { id } else { nil }
      }
    }
    #expect(ids.count == Set(ids).count)
  }

  private static func child(db: String, customer: String) async {
    await #expect(processExitsWith: .success) {
      [db = db as String, customer = customer as String] in
      for _ in 0..<ConcurrentWritersTests.purchasesPerProcess {
        let run = await runStoreTerm([
          "purchase", "dev.storeterm.demo.coins.100", "--db", db, "--customer", customer,
        ])
        if run.status != 0 {
          FileHandle.standardError.write(Data(run.standardError.utf8))
          exit(1)
        }
      }
    }
  }
}
