import Foundation
import Testing

@testable import StorePersistence

@Suite("Database files: private modes, and damaged files refused untouched")
struct DatabaseFileTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// A real storeterm database with a few dozen pages of rows, closed cleanly (WAL checkpointed).
  private func makeDatabase(at path: String, rows: Int = 300) throws {
    let queue = try DatabaseQueue(location: .file(path))
    var migrator = Migrator()
    migrator.registerMigration("create notes") { db in
      try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    }
    try migrator.migrate(queue)
    try queue.write { db in
      for index in 0..<rows {
        try db.execute(
          "INSERT INTO notes (body) VALUES (?)",
          [.text(String(repeating: "note \(index) ", count: 20))])
      }
    }
  }

  /// Opens `path` and returns the refusal's sentence; the file's bytes must not change.
  private func refusal(at path: String) throws -> String {
    let before = try #require(contents(of: path))
    let error = try #require(throws: PersistenceError.self) {
      _ = try DatabaseQueue(location: .file(path))
    }
    #expect(contents(of: path) == before, "the refused file was modified")
    return error.description
  }

  @Test("a new database is 0600 in new 0700 directories, and so are its -wal and -shm files")
  func privateModes() throws {
    let path = directory.file("state/storeterm/ledger.sqlite")
    let queue = try DatabaseQueue(location: .file(path))
    try queue.write { db in try db.execute("CREATE TABLE t (x)") }
    #expect(permissions(of: directory.file("state")) == 0o700)
    #expect(permissions(of: directory.file("state/storeterm")) == 0o700)
    #expect(permissions(of: path) == 0o600)
    #expect(permissions(of: path + "-wal") == 0o600)
    #expect(permissions(of: path + "-shm") == 0o600)
  }

  @Test("an existing directory and file keep the modes they had")
  func existingModesKept() throws {
    let parent = directory.file("shared")
    try FileManager.default.createDirectory(
      atPath: parent, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o750])
    let path = parent + "/ledger.sqlite"
    _ = FileManager.default.createFile(
      atPath: path, contents: nil, attributes: [.posixPermissions: 0o640])
    _ = try DatabaseQueue(location: .file(path))
    #expect(permissions(of: parent) == 0o750)
    #expect(permissions(of: path) == 0o640)
  }

  @Test("a file database runs in WAL mode with foreign keys on")
  func walAndForeignKeys() throws {
    let queue = try DatabaseQueue(location: .file(directory.file("db.sqlite")))
    // Pragmas count as writes to SQLite's read-only check, so they are asked inside a write.
    let settings = try queue.write { db in
      [
        try db.fetchOne("PRAGMA journal_mode")![0], try db.fetchOne("PRAGMA foreign_keys")![0],
        try db.fetchOne("PRAGMA synchronous")![0],
      ]
    }
    #expect(settings == ["wal", 1, 2])
  }

  @Test("a database reopens with its data")
  func reopen() throws {
    let path = directory.file("db.sqlite")
    try makeDatabase(at: path, rows: 3)
    let queue = try DatabaseQueue(location: .file(path))
    let count = try queue.read { db in try db.fetchOne("SELECT count(*) FROM notes")![0] }
    #expect(count == 3)
  }

  @Test("a file that is not SQLite is refused with one sentence and left byte-identical")
  func garbageRefused() throws {
    let path = directory.file("garbage.sqlite")
    let text = String(repeating: "this is a shopping list, not a ledger\n", count: 200)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try refusal(at: path) == "\(path) is not a storeterm database (file is not a database)")
  }

  @Test("a file shorter than SQLite's header is refused and left byte-identical")
  func tinyFileRefused() throws {
    let path = directory.file("tiny.sqlite")
    try Data("SQLite".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try refusal(at: path) == "\(path) is not a storeterm database (file is not a database)")
  }

  @Test("a truncated real database is refused and left byte-identical")
  func truncatedRefused() throws {
    let path = directory.file("truncated.sqlite")
    try makeDatabase(at: path)
    let whole = try #require(contents(of: path))
    #expect(whole.count > 16 * 4096)
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
    #expect(
      try refusal(at: path)
        == "\(path) is not a storeterm database (database disk image is malformed)")
  }

  @Test("a database truncated inside its first page is refused and left byte-identical")
  func truncatedHeaderRefused() throws {
    let path = directory.file("header.sqlite")
    try makeDatabase(at: path)
    let whole = try #require(contents(of: path))
    try whole.prefix(1000).write(to: URL(fileURLWithPath: path))
    #expect(
      try refusal(at: path)
        == "\(path) is not a storeterm database (database disk image is malformed)")
  }

  @Test("a database damaged inside a page fails the quick check and is left byte-identical")
  func damagedPageRefused() throws {
    let path = directory.file("damaged.sqlite")
    try makeDatabase(at: path)
    var bytes = try #require(contents(of: path))
    // Overwrite the b-tree header of the third page (a leaf of `notes`) with nonsense.
    for offset in (2 * 4096)..<(2 * 4096 + 16) { bytes[offset] = 0xEE }
    try bytes.write(to: URL(fileURLWithPath: path))
    let message = try refusal(at: path)
    #expect(message.hasPrefix("\(path) is not a storeterm database (it failed SQLite's integrity"))
    #expect(!message.contains("\n"))
  }

  @Test("another application's SQLite database is refused before anything writes to it")
  func foreignDatabaseRefused() throws {
    let path = directory.file("other.sqlite")
    let options = DatabaseOptions(applicationID: nil)
    try SQLiteConnection(location: .file(path), options: options)
      .execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
    #expect(
      try refusal(at: path)
        == "\(path) is not a storeterm database (it holds another application's data)")
  }

  @Test("a database stamped with another application id is refused without SQLite opening it")
  func otherApplicationIDRefused() throws {
    let path = directory.file("stamped.sqlite")
    let options = DatabaseOptions(applicationID: nil)
    try SQLiteConnection(location: .file(path), options: options)
      .execute("PRAGMA application_id = 42")
    #expect(
      try refusal(at: path)
        == "\(path) is not a storeterm database (it holds another application's data)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names == ["stamped.sqlite"], "SQLite left -wal/-shm files beside a foreign file")
  }

  @Test("garbage is refused without leaving files beside it")
  func garbageLeavesNoLitter() throws {
    let path = directory.file("notes.txt")
    try Data(String(repeating: "x", count: 5000).utf8).write(to: URL(fileURLWithPath: path))
    _ = try refusal(at: path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"])
  }

  @Test("a file another process holds exclusively cannot be opened, said in one sentence")
  func exclusivelyLocked() throws {
    let path = directory.file("locked.sqlite")
    try makeDatabase(at: path, rows: 1)
    let holder = try SQLiteConnection(location: .file(path))
    try holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    try holder.execute("INSERT INTO notes (body) VALUES (?)", ["held"])
    let error = try #require(throws: PersistenceError.self) {
      _ = try DatabaseQueue(
        location: .file(path), options: DatabaseOptions(busyTimeoutMilliseconds: 20))
    }
    #expect(error.description == "cannot open \(path) (database is locked)")
    guard case .cannotOpen(_, let underlying) = error else {
      Issue.record("expected cannotOpen, got \(error)")
      return
    }
    #expect(underlying.isBusy)
  }

  @Test("a directory where the file should be is refused")
  func directoryRefused() throws {
    let path = directory.file("folder.sqlite")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let error = try #require(throws: PersistenceError.self) {
      _ = try DatabaseQueue(location: .file(path))
    }
    #expect(error.description == "\(path) is not a storeterm database (it is not a regular file)")
  }

  @Test("a parent that cannot be created is reported with the path and the reason")
  func cannotCreate() throws {
    let blocker = directory.file("blocker")
    _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
    let error = try #require(throws: PersistenceError.self) {
      _ = try DatabaseQueue(location: .file(blocker + "/sub/ledger.sqlite"))
    }
    #expect(error.description == "cannot create \(blocker)/sub (\(blocker) is not a directory)")
  }
}
