import Foundation
import Synchronization
import Testing

@testable import StorePersistence

/// Names recorded from migration bodies, which may run on any thread.
private final class Runs: Sendable {
  private let names = Mutex<[String]>([])
  func append(_ name: String) { names.withLock { $0.append(name) } }
  var all: [String] { names.withLock { $0 } }
}

@Suite("Migrator applies named forward-only migrations")
struct MigratorTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The first `count` migrations of a growing schema; `runs` counts how often each body ran.
  private func migrator(_ count: Int, runs: Runs? = nil) -> Migrator {
    var migrator = Migrator()
    let steps: [(String, String)] = [
      ("create customers", "CREATE TABLE customers (id TEXT PRIMARY KEY, name TEXT NOT NULL)"),
      ("add customer email", "ALTER TABLE customers ADD COLUMN email TEXT"),
      (
        "create events",
        "CREATE TABLE events (seq INTEGER PRIMARY KEY, customer_id TEXT REFERENCES customers (id))"
      ),
    ]
    for (name, sql) in steps.prefix(count) {
      migrator.registerMigration(name) { db in
        runs?.append(name)
        try db.execute(sql)
      }
    }
    return migrator
  }

  private func tables(_ queue: DatabaseQueue) throws -> [String] {
    try queue.read { db in
      try db.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .map { try $0.get(String.self, at: 0) }
    }
  }

  @Test("from scratch every migration runs once, in order, and is recorded")
  func fromScratch() throws {
    let queue = try DatabaseQueue(location: .inMemory)
    let runs = Runs()
    try migrator(3, runs: runs).migrate(queue)
    let order = ["create customers", "add customer email", "create events"]
    #expect(runs.all == order)
    #expect(try migrator(3).appliedMigrations(in: queue) == order)
    #expect(try tables(queue) == ["customers", "events", "storeterm_migrations"])
    let applicationID = try queue.write { db in try db.fetchOne("PRAGMA application_id")![0] }
    #expect(applicationID == .integer(Int64(Migrator.applicationID)))
  }

  @Test("running again applies nothing and changes nothing")
  func idempotent() throws {
    let queue = try DatabaseQueue(location: .inMemory)
    try migrator(3).migrate(queue)
    let runs = Runs()
    try migrator(3, runs: runs).migrate(queue)
    try migrator(3, runs: runs).migrate(queue)
    #expect(runs.all.isEmpty)
    #expect(try migrator(3).appliedMigrations(in: queue).count == 3)
  }

  @Test("a database from an older build gets only the new migrations, and keeps its data")
  func upgrade() throws {
    let path = directory.file("ledger.sqlite")
    do {
      let queue = try DatabaseQueue(location: .file(path))
      try migrator(1).migrate(queue)
      try queue.write { db in
        try db.execute("INSERT INTO customers VALUES (?, ?)", ["c1", "Ada"])
      }
    }
    let queue = try DatabaseQueue(location: .file(path))
    let runs = Runs()
    try migrator(3, runs: runs).migrate(queue)
    #expect(runs.all == ["add customer email", "create events"])
    let row = try queue.read { db in try db.fetchOne("SELECT name, email FROM customers") }
    #expect(row?.values == ["Ada", nil])
  }

  @Test("migrate up to a named migration stops there")
  func upTo() throws {
    let queue = try DatabaseQueue(location: .inMemory)
    try migrator(3).migrate(queue, upTo: "add customer email")
    #expect(
      try migrator(3).appliedMigrations(in: queue) == ["create customers", "add customer email"])
    #expect(throws: PersistenceError.unknownMigration(name: "nope")) {
      try migrator(3).migrate(queue, upTo: "nope")
    }
  }

  @Test("a database from a newer storeterm is refused with a clear message and left unchanged")
  func newerRefused() throws {
    let path = directory.file("newer.sqlite")
    do { try migrator(3).migrate(try DatabaseQueue(location: .file(path))) }
    let queue = try DatabaseQueue(location: .file(path))
    let runs = Runs()
    let error = try #require(throws: PersistenceError.self) {
      try migrator(1, runs: runs).migrate(queue)
    }
    #expect(
      error.description
        == "\(path) was written by a newer storeterm (unknown migrations: add customer email, "
        + "create events); upgrade storeterm to open it")
    #expect(runs.all.isEmpty)
    #expect(try migrator(3).appliedMigrations(in: queue).count == 3)
  }

  @Test("a failing migration is rolled back alone; earlier ones stay applied")
  func failingMigration() throws {
    let queue = try DatabaseQueue(location: .inMemory)
    var migrator = migrator(1)
    migrator.registerMigration("broken") { db in
      try db.execute("CREATE TABLE half (x)")
      try db.execute("INSERT INTO missing_table VALUES (1)")
    }
    #expect(throws: SQLiteError.self) { try migrator.migrate(queue) }
    #expect(try migrator.appliedMigrations(in: queue) == ["create customers"])
    #expect(try tables(queue) == ["customers", "storeterm_migrations"])
  }

  @Test("a migration name registered twice is refused before anything runs")
  func duplicateName() throws {
    let queue = try DatabaseQueue(location: .inMemory)
    var migrator = migrator(1)
    migrator.registerMigration("create customers") { _ in }
    #expect(throws: PersistenceError.duplicateMigration(name: "create customers")) {
      try migrator.migrate(queue)
    }
    #expect(try tables(queue).isEmpty)
  }

  @Test("tables made outside the migrator mark the database as another application's")
  func foreignInMemory() throws {
    let queue = try DatabaseQueue(location: .inMemory)
    try queue.write { db in try db.execute("CREATE TABLE photos (id INTEGER)") }
    #expect(
      throws: PersistenceError.notADatabase(
        path: ":memory:", reason: "it holds another application's data")
    ) {
      try migrator(1).migrate(queue)
    }
  }

  @Test("two queues migrating the same file at once apply each migration exactly once")
  func concurrentMigrations() async throws {
    let path = directory.file("race.sqlite")
    let first = try DatabaseQueue(location: .file(path))
    let second = try DatabaseQueue(location: .file(path))
    let runs = Runs()
    let migrator = migrator(3, runs: runs)
    async let a: Void = migrator.migrate(first)
    async let b: Void = migrator.migrate(second)
    _ = try await (a, b)
    #expect(runs.all.count == 3)
    #expect(try migrator.appliedMigrations(in: second).count == 3)
  }
}
