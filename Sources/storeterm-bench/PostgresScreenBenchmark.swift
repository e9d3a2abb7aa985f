import Foundation
import StoreCore
import StoreJWS
import StorePostgres
import StoreTermCLI
import StoreTermTestSupport

/// `storeterm-bench postgres`, its second half: change-to-screen on PostgreSQL.
///
/// Another connection commits a purchase; the seat hears it through `LISTEN` (``PostgresChangeListener``,
/// what wakes `storeterm ui`'s watch) and builds the next snapshot with ``SnapshotReaderProbe``,
/// exactly as the watch does; the figure runs from the commit's return to the snapshot that
/// counts the new transaction.
@MainActor
struct PostgresScreenBenchmark {
  var changes = 40

  /// The goal, in milliseconds (the budget, as on one machine).
  static let goal = 800.0

  func run(server: String) async throws -> Bool {
    let name = "storeterm_bench_screen_" + String(ProcessInfo.processInfo.processIdentifier)
    let admin = try PostgresConnection(server)
    try admin.run(script: "DROP DATABASE IF EXISTS " + name)
    try admin.run(script: "CREATE DATABASE " + name)
    defer { try? admin.run(script: "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") }
    let database = server + " dbname=" + name
    let state = FileManager.default.temporaryDirectory
      .appending(path: "storeterm-bench-screen-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: state) }
    let probe = try SnapshotReaderProbe(
      database: PostgresScratch.uri(server: server, database: name), customerID: "screen",
      environment: ["XDG_STATE_HOME": state.path])
    defer { probe.stop() }
    var shown = try await probe.start()
    let listener = PostgresChangeListener(connectionString: database)
    for _ in 0..<500 where !listener.isListening { try await Task.sleep(for: .milliseconds(10)) }
    let writer = StoreEngine(
      catalog: try BenchCatalog.demo(), session: StoreSession(),
      ledger: try PostgresLedger(connectionString: database),
      signer: try TestCertificateAuthority.generate().makeSigner(), clock: ScreenBenchClock(),
      ids: RandomIdentifiers(),
      factory: TransactionFactory(
        identity: SignedDataConfiguration(), hasher: SHA384DeviceVerificationHasher()))
    _ = try writer.purchase("dev.storeterm.demo.coins.100", customerID: "writer")
    while await listener.wait(upTo: .milliseconds(100)) {}
    shown = try await probe.poll().transactions
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<changes {
      _ = try writer.purchase("dev.storeterm.demo.coins.100", customerID: "writer")
      let committed = clock.now
      guard await listener.wait(upTo: .seconds(5)) else {
        throw ScreenBenchFailure("no notification within 5 s of a commit")
      }
      let seen = try await probe.poll().transactions
      let elapsed = clock.now - committed
      guard seen == shown + 1 else {
        throw ScreenBenchFailure("the snapshot counts \(seen) transactions, not \(shown + 1)")
      }
      shown = seen
      samples.append(
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    samples.sort()
    let p50 = samples[samples.count / 2]
    let p99 = samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))]
    print(
      String(
        format: "  change-to-screen (LISTEN/NOTIFY, %d commits): p50 %.1f ms, p99 %.1f ms,"
          + " max %.1f ms (goal %.0f ms)", changes, p50, p99, samples.last ?? 0, Self.goal))
    return p99 < Self.goal
  }
}

/// The real time (benchmarks measure real work).
private struct ScreenBenchClock: StoreClock {
  func now() -> Date { Date() }
}

private struct ScreenBenchFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
