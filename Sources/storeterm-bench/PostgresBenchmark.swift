import Foundation
import StoreCore
import StoreJWS
import StorePostgres
import Synchronization

/// `storeterm-bench postgres`: end-to-end purchases per second on a PostgreSQL ledger beside
/// PostgreSQL's own bare single-row `INSERT` commits of the same size, on the same server, with
/// one writer and with four writers on their own connections (storeterm's writers take one lock
/// in turn; bare inserts do not).
///
/// The server is `STORETERM_BENCH_POSTGRES` (libpq's `key=value` form, a role that may create
/// databases); the run creates a database of its own and drops it afterwards.
struct PostgresBenchmark {
  var seconds: Double

  /// The goal: purchases reach this share of the bare commit rate.
  static let goal = 0.50

  func run() throws -> Bool {
    guard let server = ProcessInfo.processInfo.environment["STORETERM_BENCH_POSTGRES"],
      !server.isEmpty
    else {
      print("postgres: skipped (set STORETERM_BENCH_POSTGRES to a server's connection string)")
      return true
    }
    let name = "storeterm_bench_" + String(ProcessInfo.processInfo.processIdentifier)
    let admin = try PostgresConnection(server)
    try admin.run(script: "DROP DATABASE IF EXISTS " + name)
    try admin.run(script: "CREATE DATABASE " + name)
    defer { try? admin.run(script: "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") }
    let database = server + " dbname=" + name
    let durable = try Self.isDurable(admin)
    let authority = try TestCertificateAuthority.generate()
    let sample = try Self.engine(database, authority: authority)
      .purchase("dev.storeterm.demo.coins.100", customerID: "warmup")
    guard case .success(let signed) = sample else { return false }
    // The signed JWS itself: a row of repeated letters would be compressed to a few bytes by
    // the server (TOAST's pglz), and its commit would write almost nothing.
    let body = signed.jws
    try PostgresConnection(database).run(
      script: "CREATE TABLE bare (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)")
    print(
      "postgres: purchases (decide + sign + commit, consumable) beside bare one-row INSERT"
        + " commits of a signed JWS (\(body.utf8.count) bytes)")
    print("  server: " + (try Self.durability(admin)))
    if !durable {
      print(
        "  (commits here do no I/O, as in no team's server: the goal is judged only on a server"
          + " with fsync and synchronous_commit on, PostgreSQL's defaults)")
    }
    var met = true
    for writers in [1, 4] {
      let bare = try (0..<writers).map { _ in
        let connection = try PostgresConnection(database)
        return WriterOperation {
          try connection.execute("INSERT INTO bare (body) VALUES ($1)", [.text(body)])
        }
      }
      let purchases = try (0..<writers).map { writer in
        let engine = try Self.engine(database, authority: authority)
        return WriterOperation {
          _ = try engine.purchase("dev.storeterm.demo.coins.100", customerID: "c\(writer)")
        }
      }
      // Alternating slices, so both sides meet the same disk: this machine's commit latency
      // drifts by several times within a minute.
      var bareRate = 0.0
      var purchaseRate = 0.0
      for _ in 0..<Self.slices {
        bareRate += try rate(bare, seconds: seconds / Double(Self.slices)) / Double(Self.slices)
        purchaseRate +=
          try rate(purchases, seconds: seconds / Double(Self.slices)) / Double(Self.slices)
      }
      let ratio = purchaseRate / bareRate
      print(
        String(
          format: "  %d writer%@: purchases %.0f/s, bare INSERT %.0f/s, ratio %.2f (goal %.2f)",
          writers, writers == 1 ? "" : "s", purchaseRate, bareRate, ratio, Self.goal))
      if writers == 1, durable { met = ratio >= Self.goal }
    }
    return met
  }

  /// How many alternating slices of bare commits and purchases a run is cut into.
  static let slices = 6

  /// Operations per second of one thread per operation, each running its own (on its own
  /// connection) for `seconds`.
  private func rate(_ operations: [WriterOperation], seconds: Double) throws -> Double {
    let counts = Mutex(0)
    let failure = Mutex<String?>(nil)
    let group = DispatchGroup()
    for operation in operations {
      group.enter()
      Thread {
        defer { group.leave() }
        do {
          let end = Date().addingTimeInterval(seconds)
          var done = 0
          while Date() < end {
            try operation.run()
            done += 1
          }
          counts.withLock { $0 += done }
        } catch {
          failure.withLock { $0 = "\(error)" }
        }
      }.start()
    }
    group.wait()
    if let message = failure.withLock({ $0 }) { throw BenchFailure(message) }
    return Double(counts.withLock { $0 }) / seconds
  }

  /// Whether a commit returns only once it is on disk (PostgreSQL's defaults; a throwaway test
  /// cluster turns `fsync` off, and beside its commits no signed purchase can reach the goal).
  private static func isDurable(_ connection: PostgresConnection) throws -> Bool {
    try setting("fsync", connection) == "on"
      && setting("synchronous_commit", connection) != "off"
  }

  /// The server's durability settings, for the report.
  private static func durability(_ connection: PostgresConnection) throws -> String {
    try ["fsync", "synchronous_commit"].map { "\($0) \(try setting($0, connection))" }
      .joined(separator: ", ")
  }

  private static func setting(_ name: String, _ connection: PostgresConnection) throws -> String {
    try connection.fetchOne("SELECT current_setting($1) AS value", [.text(name)])?
      .string("value") ?? ""
  }

  private static func engine(_ database: String, authority: TestCertificateAuthority) throws
    -> StoreEngine
  {
    StoreEngine(
      catalog: try BenchCatalog.demo(), session: StoreSession(),
      ledger: try PostgresLedger(connectionString: database), signer: authority.makeSigner(),
      clock: PostgresBenchClock(), ids: RandomIdentifiers(),
      factory: TransactionFactory(
        identity: SignedDataConfiguration(), hasher: SHA384DeviceVerificationHasher()))
  }
}

/// One writer's operation, run by one thread at a time (its connection is that thread's).
private struct WriterOperation: @unchecked Sendable {
  let run: () throws -> Void
}

/// The real time (benchmarks measure real work).
private struct PostgresBenchClock: StoreClock {
  func now() -> Date { Date() }
}

private struct BenchFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
