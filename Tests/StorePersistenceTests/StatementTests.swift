import Foundation
import Testing

@testable import StorePersistence

@Suite("Statements bind and read every SQLite type")
struct StatementTests {
  let db: SQLiteConnection

  init() throws {
    db = try SQLiteConnection(location: .inMemory)
    try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
  }

  /// Stores `value` through a bound parameter and reads it back with its `typeof()`.
  private func roundTrip(_ value: SQLiteValue) throws -> (SQLiteValue, String) {
    try db.execute("DELETE FROM t")
    try db.execute("INSERT INTO t (id, v) VALUES (1, ?)", [value])
    let row = try #require(try db.fetchOne("SELECT v, typeof(v) AS kind FROM t WHERE id = 1"))
    return (row[0], try row.get(String.self, "kind"))
  }

  @Test(
    "every storage class round-trips exactly",
    arguments: [
      SQLiteValue.null, .integer(0), .integer(Int64.max), .integer(Int64.min), .integer(-1),
      .real(0.1), .real(-1e308), .real(.infinity), .real(-0.0), .real(4.99),
      .text(""), .text("gold"), .text("Crème brûlée — 金 🪙"), .text("a\u{0}b"), .text("\u{0}"),
      .blob(Data()), .blob(Data([0])), .blob(Data([0, 1, 0, 255, 0])),
      .blob(Data((0...255).map { UInt8($0) })),
    ])
  func roundTripsEveryType(value: SQLiteValue) throws {
    let (read, kind) = try roundTrip(value)
    #expect(read == value)
    #expect(kind == value.typeName)
  }

  @Test("NaN binds and reads back as NULL, as SQLite stores it")
  func nanIsNull() throws {
    let (read, _) = try roundTrip(.real(.nan))
    #expect(read == .null)
  }

  @Test("an empty string and an empty blob stay distinct from NULL")
  func emptyIsNotNull() throws {
    #expect(try roundTrip(.text("")).1 == "text")
    #expect(try roundTrip(.blob(Data())).1 == "blob")
    #expect(try roundTrip(nil).1 == "null")
  }

  @Test("embedded NULs survive in text and in a larger blob")
  func embeddedNULs() throws {
    let text = "before\u{0}after\u{0}"
    #expect(try roundTrip(.text(text)).0 == .text(text))
    #expect(try db.fetchOne("SELECT length(CAST(v AS BLOB)) FROM t")?[0] == .integer(13))
    var bytes = Data(repeating: 0, count: 70_000)
    bytes[35_000] = 7
    #expect(try roundTrip(.blob(bytes)).0 == .blob(bytes))
  }

  @Test("typed reads convert Swift values both ways, and Optional reads NULL as nil")
  func typedReads() throws {
    let data = Data("x\u{0}y".utf8)
    try db.execute("CREATE TABLE typed (i, d, s, b, flag, missing)")
    try db.execute(
      "INSERT INTO typed VALUES (?, ?, ?, ?, ?, ?)",
      [
        SQLiteValue(42), SQLiteValue(2.5), SQLiteValue("ü"), SQLiteValue(data), SQLiteValue(true),
        SQLiteValue(String?.none),
      ])
    let row = try #require(try db.fetchOne("SELECT * FROM typed"))
    #expect(try row.get(Int.self, "i") == 42)
    #expect(try row.get(Int64.self, "I") == 42)
    #expect(try row.get(Double.self, "i") == 42)
    #expect(try row.get(Double.self, "d") == 2.5)
    #expect(try row.get(String.self, "s") == "ü")
    #expect(try row.get(Data.self, "b") == data)
    #expect(try row.get(Bool.self, "flag"))
    #expect(try row.get(String?.self, "missing") == nil)
    #expect(try row.get(String?.self, "s") == "ü")
    #expect(try row.get(Int.self, at: 0) == 42)
    #expect(row["nope"] == nil)
    #expect(row.columns == ["i", "d", "s", "b", "flag", "missing"])
  }

  @Test("a typed read of the wrong storage class names the column")
  func typeMismatch() throws {
    let row = try #require(try db.fetchOne("SELECT 'seven' AS amount, NULL AS gone"))
    #expect(
      throws: PersistenceError.columnTypeMismatch(
        column: "amount", expected: "Int64", found: "text")
    ) {
      try row.get(Int64.self, "amount")
    }
    #expect(
      throws: PersistenceError.columnTypeMismatch(column: "gone", expected: "String", found: "null")
    ) {
      try row.get(String.self, "gone")
    }
    #expect(throws: PersistenceError.columnNotFound(name: "price", available: ["amount", "gone"])) {
      try row.get(Int64.self, "price")
    }
  }

  @Test("a wrong number of values is refused before anything runs")
  func argumentCount() throws {
    let sql = "INSERT INTO t (id, v) VALUES (?, ?)"
    #expect(throws: PersistenceError.argumentCountMismatch(sql: sql, expected: 2, given: 1)) {
      try db.execute(sql, [1])
    }
    #expect(try db.fetchOne("SELECT count(*) FROM t")?[0] == .integer(0))
  }

  @Test("a prepared statement runs repeatedly and reads columns by index and by name")
  func preparedReuse() throws {
    let insert = try db.prepare("INSERT INTO t (id, v) VALUES (?, ?)")
    for id in 1...5 { try insert.execute([.integer(Int64(id)), .text("row \(id)")]) }
    let select = try db.prepare("SELECT id, v AS label FROM t WHERE id >= ? ORDER BY id")
    try select.bind([4])
    var labels: [SQLiteValue] = []
    while try select.step() {
      labels.append(try select.value(named: "LABEL"))
      #expect(select.value(at: 0).typeName == "integer")
    }
    #expect(labels == [.text("row 4"), .text("row 5")])
    #expect(select.columnNames == ["id", "label"])
    #expect(try select.fetchAll([5]).map(\.values) == [[.integer(5), .text("row 5")]])
  }

  @Test("execute without values runs several statements; prepare wants exactly one")
  func multipleStatements() throws {
    try db.execute("INSERT INTO t VALUES (1, 'a'); INSERT INTO t VALUES (2, 'b'); -- done")
    #expect(try db.fetchAll("SELECT v FROM t ORDER BY id").map { $0[0] } == ["a", "b"])
    #expect(throws: SQLiteError.self) { try db.prepare("SELECT 1; SELECT 2") }
    // Each statement is prepared after the previous one ran, so it may use what that one made.
    try db.execute("CREATE TABLE later (x); INSERT INTO later VALUES (1)")
    #expect(try db.fetchOne("SELECT x FROM later")?[0] == 1)
  }

  @Test("SQLite errors carry codes, message and SQL, and read as one sentence")
  func sqliteErrors() throws {
    try db.execute("INSERT INTO t VALUES (1, 'a')")
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO t VALUES (?, 'b')", [1])
    }
    #expect(error.resultCode == 19)  // SQLITE_CONSTRAINT
    #expect(error.extendedResultCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
    #expect(error.message == "UNIQUE constraint failed: t.id")
    #expect(error.sql == "INSERT INTO t VALUES (?, 'b')")
    #expect(error.description == "the database refused the change (UNIQUE constraint failed: t.id)")
    let syntax = try #require(throws: SQLiteError.self) { try db.execute("SELEKT 1") }
    #expect(syntax.resultCode == 1)
    #expect(syntax.debugDescription.contains("SELEKT 1"))
  }

  @Test("changes and lastInsertRowID report the last write")
  func changesAndRowID() throws {
    try db.execute("INSERT INTO t (v) VALUES (?)", ["x"])
    #expect(db.lastInsertRowID == 1)
    try db.execute("INSERT INTO t (v) VALUES (?)", ["y"])
    try db.execute("UPDATE t SET v = ?", ["z"])
    #expect(db.changes == 2)
  }

  @Test("foreign keys are enforced")
  func foreignKeys() throws {
    try db.execute(
      """
      CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent (id));
      """)
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO child VALUES (?)", [9])
    }
    #expect(error.extendedResultCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
  }
}
