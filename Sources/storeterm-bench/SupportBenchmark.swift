import Foundation
import StoreCore
import StorePersistence
import StorePostgres

/// `storeterm-bench support`: builds a ledger of 100,000 customers and 1,000,000 transactions
/// and prints the latency of customer searches and of the explainer (p50 and p99).
///
/// `support-postgres` builds the same ledger, copies it whole into a PostgreSQL database of its
/// own on `STORETERM_BENCH_POSTGRES` (one transaction, then `VACUUM ANALYZE`) and asks the same
/// questions of the support directory there.
struct SupportBenchmark {
  var customers = 100_000
  var transactionsPerCustomer = 10
  var queries = 2_000
  /// The PostgreSQL server's connection string, for `support-postgres`.
  var postgres: String?

  func run() throws -> Bool {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-bench-support-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let builder = SupportLedgerBuilder(
      customers: customers, transactionsPerCustomer: transactionsPerCustomer)
    let clock = ContinuousClock()
    var ledger: SQLiteLedger?
    let building = try clock.measure {
      ledger = try builder.build(at: directory.appending(path: "ledger.sqlite").path)
    }
    guard let ledger else { return false }
    let size =
      (try? FileManager.default.attributesOfItem(
        atPath: directory.appending(path: "ledger.sqlite").path)[.size] as? Int) ?? 0
    print(
      "ledger: \(customers) customers, \(customers * transactionsPerCustomer) transactions,"
        + " \(customers * transactionsPerCustomer) events, \(size / 1_048_576) MiB,"
        + " built in \(Self.seconds(building)) s (rows inserted directly)")
    let directoryReads: any SupportStore
    var dropDatabase: (() -> Void)?
    defer { dropDatabase?() }
    if let server = postgres {
      let name = "storeterm_bench_support_" + String(ProcessInfo.processInfo.processIdentifier)
      let admin = try PostgresConnection(server)
      try admin.run(script: "DROP DATABASE IF EXISTS " + name)
      try admin.run(script: "CREATE DATABASE " + name)
      // `STORETERM_BENCH_KEEP=1` leaves the database for a look at its plans afterwards.
      if ProcessInfo.processInfo.environment["STORETERM_BENCH_KEEP"] != "1" {
        dropDatabase = {
          try? admin.run(script: "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
        }
      }
      let target = try PostgresLedger(connectionString: server + " dbname=" + name)
      let copying = try clock.measure {
        try target.restore(try ledger.snapshot())
        try PostgresConnection(server + " dbname=" + name).run(script: "VACUUM ANALYZE")
      }
      print("copied into PostgreSQL (\(name)) in \(Self.seconds(copying)) s, then VACUUM ANALYZE")
      directoryReads = PostgresSupportDirectory(ledger: target)
    } else {
      directoryReads = SupportDirectory(ledger: ledger)
    }
    let names = ProductNames(catalog: try BenchCatalog.demo())
    // Mid-way through the subscriptions, so chains are active, cancelled or expired.
    let now = builder.start.addingTimeInterval(200 * 86_400)
    var generator = SplitMix(seed: 42)
    let kinds: [(String, (Int) -> String)] = [
      ("customer id", { String(format: "c%06d", $0) }),
      ("name", { SupportLedgerBuilder.name($0).last }),
      ("email", { "\(SupportLedgerBuilder.name($0).first.lowercased()).\($0)" }),
      ("app account token", { SupportLedgerBuilder.token($0 & ~1)!.uuidString }),
      ("transaction id", { String(builder.originalID($0) + 3) }),
      ("original transaction id", { String(builder.originalID($0)) }),
    ]
    print("query                     p50 ms   p99 ms   max ms  (\(queries) each)")
    var worst = 0.0
    for (label, text) in kinds {
      var samples: [Double] = []
      for _ in 0..<queries {
        let index = Int(generator.next() % UInt64(customers))
        let query = text(index)
        samples.append(
          try Self.milliseconds(clock.measure { _ = try directoryReads.search(query, limit: 20) }))
      }
      worst = max(worst, Self.report("search by \(label)", samples))
    }
    var listing: [Double] = []
    var explaining: [Double] = []
    for _ in 0..<queries {
      let index = Int(generator.next() % UInt64(customers))
      let id = String(format: "c%06d", index)
      listing.append(
        try Self.milliseconds(
          clock.measure {
            // What `storeterm customers --find` does: the matches and their active entitlements.
            let matches = try directoryReads.search(
              SupportLedgerBuilder.name(index).last, limit: 20)
            let summaries = try directoryReads.summaries(customerIDs: matches.map(\.id))
            for match in matches {
              _ = SupportPresentation.activeSummary(
                AccessExplainer.explain(summaries[match.id]!, names: names, now: now))
            }
          }))
      explaining.append(
        try Self.milliseconds(
          clock.measure {
            let history = try directoryReads.history(
              customerID: id, balances: [:], summaryOnly: false)!
            _ = AccessExplainer.explain(history, names: names, now: now)
            _ = CustomerTimeline.entries(history, names: names)
          }))
    }
    worst = max(worst, Self.report("customers list (20 rows)", listing))
    let explainer = Self.report("explainer + timeline", explaining)
    worst = max(worst, explainer)
    print(
      worst < 10
        ? "goal met: every p99 under 10 ms"
        : String(format: "goal missed: worst p99 %.2f ms (goal 10 ms)", worst))
    return true
  }

  /// Prints one row and returns the p99.
  private static func report(_ label: String, _ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    let p50 = sorted[sorted.count / 2]
    let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    let padded = label.padding(toLength: 25, withPad: " ", startingAt: 0)
    print(String(format: "%@ %7.3f  %7.3f  %7.3f", padded, p50, p99, sorted.last ?? 0))
    return p99
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000
      + Double(duration.components.attoseconds) / 1e15
  }

  private static func seconds(_ duration: Duration) -> String {
    String(format: "%.1f", milliseconds(duration) / 1_000)
  }
}

/// A small deterministic generator, so every run asks the same questions.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
