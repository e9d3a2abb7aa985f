import Foundation
import Testing

@testable import StorePersistence

private struct Boom: Error, Equatable {}

@Suite("DatabaseQueue reads and writes in transactions")
struct DatabaseQueueTests {
  let queue: DatabaseQueue

  init() throws {
    queue = try DatabaseQueue(location: .inMemory)
    try queue.write { db in
      try db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
  }

  private func count() throws -> Int {
    try queue.read { db in try db.fetchOne("SELECT count(*) FROM items")!.get(Int.self, at: 0) }
  }

  @Test("a write commits when its closure returns and hands back the result")
  func commit() throws {
    let id = try queue.write { db in
      try db.execute("INSERT INTO items (name) VALUES (?)", ["gold"])
      return db.lastInsertRowID
    }
    #expect(id == 1)
    #expect(try count() == 1)
  }

  @Test("a crash-surviving write commits at synchronous=NORMAL, then FULL is back, thrown or not")
  func writeSurvivingCrashes() throws {
    func level(_ db: SQLiteConnection) throws -> Int {
      try db.fetchOne("PRAGMA synchronous")!.get(Int.self, at: 0)
    }
    let inside = try queue.writeSurvivingCrashes { db in
      try db.execute("INSERT INTO items (name) VALUES (?)", ["gold"])
      return try level(db)
    }
    #expect(inside == 1)
    #expect(try count() == 1)
    #expect(throws: Boom()) {
      try queue.writeSurvivingCrashes { db -> Void in
        try db.execute("INSERT INTO items (name) VALUES (?)", ["lead"])
        throw Boom()
      }
    }
    #expect(try count() == 1)
    #expect(try queue.write { db in try level(db) } == 2)
  }

  @Test("a write rolls back everything when its closure throws, and rethrows the error")
  func rollbackOnThrow() throws {
    #expect(throws: Boom()) {
      try queue.write { db in
        try db.execute("INSERT INTO items (name) VALUES (?)", ["one"])
        try db.execute("INSERT INTO items (name) VALUES (?)", ["two"])
        throw Boom()
      }
    }
    #expect(try count() == 0)
    // The queue is usable afterwards: the transaction really ended.
    try queue.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["three"]) }
    #expect(try count() == 1)
  }

  @Test("a failing statement inside a write rolls back the statements before it")
  func rollbackOnSQLError() throws {
    #expect(throws: SQLiteError.self) {
      try queue.write { db in
        try db.execute("INSERT INTO items (name) VALUES (?)", ["ok"])
        try db.execute("INSERT INTO items (name) VALUES (?)", [nil])  // NOT NULL
      }
    }
    #expect(try count() == 0)
  }

  @Test("a write runs inside BEGIN IMMEDIATE: the transaction is open in the closure")
  func writeIsATransaction() throws {
    let open = try queue.write { db in db.isInTransaction }
    #expect(open)
  }

  @Test("a nested write or read on the same queue is refused with a clear error")
  func nestedAccessRefused() throws {
    let inner = try #require(throws: PersistenceError.self) {
      try queue.write { db in
        try db.execute("INSERT INTO items (name) VALUES (?)", ["outer"])
        try queue.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["inner"]) }
      }
    }
    #expect(inner == .reentrantAccess)
    #expect(
      inner.description
        == "a database read or write was started inside another one on the same database queue")
    #expect(try count() == 0)  // the outer write saw the error and rolled back
    #expect(throws: PersistenceError.reentrantAccess) {
      try queue.read { _ in try queue.read { _ in 1 } }
    }
  }

  @Test("a transaction begun on the connection inside a write is refused")
  func nestedTransactionRefused() throws {
    #expect(throws: PersistenceError.nestedTransaction) {
      try queue.write { db in try db.inTransaction { () } }
    }
  }

  @Test("a closure that commits by itself is reported, not silently accepted")
  func endedEarly() throws {
    #expect(throws: PersistenceError.transactionEndedEarly) {
      try queue.write { db in try db.execute("COMMIT") }
    }
    try queue.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["after"]) }
    #expect(try count() == 1)
  }

  @Test("a read refuses statements that would change the database")
  func readIsReadOnly() throws {
    let error = try #require(throws: PersistenceError.self) {
      try queue.read { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["x"]) }
    }
    #expect(error == .writeInsideRead(sql: "INSERT INTO items (name) VALUES (?)"))
    // The same SQL is fine in a write afterwards, even though the statement is now cached.
    try queue.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["x"]) }
    #expect(throws: PersistenceError.self) {
      try queue.read { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["y"]) }
    }
    #expect(try count() == 1)
  }

  @Test("reads inside a snapshot join its one transaction; a write inside it is refused")
  func snapshotJoinsReads() throws {
    let numbers = try queue.snapshot {
      [
        try queue.read { db in db.transactionNumber },
        try queue.snapshot { try queue.read { db in db.transactionNumber } },
      ]
    }
    #expect(numbers[0] == numbers[1])
    #expect(try queue.read { db in db.transactionNumber } == numbers[0] + 1)
    #expect(throws: PersistenceError.reentrantAccess) {
      try queue.snapshot {
        try queue.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["x"]) }
      }
    }
    #expect(try count() == 0)
  }

  @Test("a snapshot sees one state while another connection commits")
  func snapshotIsOneState() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("snapshot.sqlite")
    var migrator = Migrator()
    migrator.registerMigration("create items") { db in
      try db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
    let reader = try DatabaseQueue(location: .file(path))
    try migrator.migrate(reader)
    let writer = try DatabaseQueue(location: .file(path))
    func count() throws -> Int {
      try reader.read { db in try db.fetchOne("SELECT count(*) FROM items")!.get(Int.self, at: 0) }
    }
    let seen = try reader.snapshot {
      let before = try count()
      try writer.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["new"]) }
      return [before, try count()]
    }
    #expect(seen == [0, 0])
    #expect(try count() == 1)
    withExtendedLifetime(directory) {}
  }

  @Test("many tasks writing through one queue lose no update")
  func concurrentTasks() async throws {
    try queue.write { db in try db.execute("CREATE TABLE counter (value INTEGER NOT NULL)") }
    try queue.write { db in try db.execute("INSERT INTO counter VALUES (0)") }
    let queue = self.queue
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<50 {
            try queue.write { db in
              // Read, then write what was read plus one: a lost update would show in the total.
              let value = try db.fetchOne("SELECT value FROM counter")!.get(Int64.self, at: 0)
              try db.execute("UPDATE counter SET value = ?", [.integer(value + 1)])
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let total = try queue.read { db in try db.fetchOne("SELECT value FROM counter")![0] }
    #expect(total == .integer(400))
  }
}
