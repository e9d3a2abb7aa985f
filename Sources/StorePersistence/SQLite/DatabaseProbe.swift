import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Looks at an existing database file through a read-only connection before anything writes to it.
///
/// A read-write connection may change the file before it notices damage (switching the journal
/// mode rewrites the header; closing checkpoints the WAL into the file). A read-only connection
/// never writes the database file, so a file that fails here is left byte-identical.
///
/// The checks: SQLite must recognise the header and read the schema, which catches foreign files
/// and truncation (SQLite compares the page count in the header with the file size). The file
/// must carry storeterm's `application_id` or be a database with no tables yet. Files up to
/// `DatabaseOptions.quickCheckMaximumBytes` also get `PRAGMA quick_check(1)`, which reads every
/// page (a few milliseconds for a ledger of a few megabytes) and catches damage inside the file.
enum DatabaseProbe {
  /// Throws `PersistenceError.notADatabase` when the file at `path` is not a healthy database.
  ///
  /// - Parameter readingHeader: false when this process already has the file open, whose
  ///   locks a raw read would release (see ``OpenDatabaseFiles``).
  static func check(
    path: String, size: Int64, options: DatabaseOptions, readingHeader: Bool = true
  ) throws {
    // Opening a WAL database, even read-only, can create `-wal` and `-shm` beside it; a file
    // that is refused must be left as it was found, so those are removed again.
    let companions: [String] = [path + "-wal", path + "-shm"].filter { name in
      access(name, F_OK) != 0
    }
    do {
      try checkOpening(path: path, size: size, options: options, readingHeader: readingHeader)
    } catch let error as PersistenceError {
      // Only a refused file: no other process can hold a live WAL for what is not a database.
      // A busy or locked database is another process's first run, and its `-wal`/`-shm` (made
      // after we looked) must stay.
      if case .notADatabase = error { for companion in companions { unlink(companion) } }
      throw error
    }
  }

  private static func checkOpening(
    path: String, size: Int64, options: DatabaseOptions, readingHeader: Bool
  ) throws {
    if readingHeader { try checkHeader(path: path, options: options) }
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    let openCode = sqlite3_open_v2(path, &handle, flags, nil)
    defer { sqlite3_close_v2(handle) }
    guard openCode == SQLITE_OK, let handle else {
      throw refusal(path: path, code: openCode, handle: handle)
    }
    BusyBackoff.install(on: handle, timeoutMilliseconds: options.busyTimeoutMilliseconds)

    let schemaCode = sqlite3_exec(handle, "SELECT count(*) FROM sqlite_schema", nil, nil, nil)
    guard schemaCode == SQLITE_OK else {
      throw refusal(path: path, code: schemaCode, handle: handle)
    }
    if let expected = options.applicationID {
      // A storeterm file carries the id from its first migration; before that it has no tables.
      // Both read by one statement, so in one snapshot: read apart, another process's first
      // migration could commit between them (no id, then tables) and the file look foreign.
      let (found, tables) = try firstColumn(
        handle: handle, path: path,
        sql: "SELECT (SELECT application_id FROM pragma_application_id),"
          + " (SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\')"
      ) { (sqlite3_column_int64($0, 0), sqlite3_column_int64($0, 1)) }
      if found != Int64(expected), found != 0 || tables > 0 {
        throw PersistenceError.notADatabase(
          path: path, reason: "it holds another application's data")
      }
    }
    guard options.quickCheckMaximumBytes > 0, size <= options.quickCheckMaximumBytes else {
      return
    }
    let verdict = try text(handle: handle, path: path, sql: "PRAGMA quick_check(1)")
    if verdict != "ok" {
      // SQLite prefixes its findings with a "*** in database main ***" line; keep one finding.
      let finding =
        verdict.split(separator: "\n").first { !$0.hasPrefix("***") }.map(String.init) ?? verdict
      throw PersistenceError.notADatabase(
        path: path, reason: "it failed SQLite's integrity check: \(finding)")
    }
  }

  private static func integer(handle: OpaquePointer, path: String, sql: String) throws -> Int64 {
    try firstColumn(handle: handle, path: path, sql: sql) { sqlite3_column_int64($0, 0) }
  }

  private static func text(handle: OpaquePointer, path: String, sql: String) throws -> String {
    try firstColumn(handle: handle, path: path, sql: sql) {
      sqlite3_column_text($0, 0).map { String(cString: $0) } ?? ""
    }
  }

  /// Refuses garbage and other applications' databases by their header, before SQLite opens them.
  ///
  /// The 100-byte header is read directly: SQLite's read-only open of a WAL database creates
  /// empty `-wal` and `-shm` files beside it, and this keeps that litter away from files that are
  /// clearly not storeterm's (those with no SQLite magic, or another `application_id`).
  private static func checkHeader(path: String, options: DatabaseOptions) throws {
    var header = [UInt8](repeating: 0, count: 100)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SQLiteError(code: SQLITE_CANTOPEN, message: DatabaseFile.describe(errno), sql: nil)
    }
    defer { close(descriptor) }
    var filled = 0
    while filled < header.count {
      let count = header.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if count <= 0 { break }
      filled += count
    }
    let notADatabase = SQLiteError.text(for: SQLITE_NOTADB)
    guard filled == header.count, header.starts(with: Array("SQLite format 3\0".utf8)) else {
      throw PersistenceError.notADatabase(path: path, reason: notADatabase)
    }
    // Bytes 68...71 hold the application id, big-endian; 0 means "not set".
    let found = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    if let expected = options.applicationID, found != 0, found != UInt32(bitPattern: expected) {
      throw PersistenceError.notADatabase(path: path, reason: "it holds another application's data")
    }
  }

  /// What `read` takes from the first row of a fixed, value-free query.
  private static func firstColumn<T>(
    handle: OpaquePointer, path: String, sql: String, read: (OpaquePointer) -> T
  ) throws -> T {
    var statement: OpaquePointer?
    var code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard code == SQLITE_OK, let statement else {
      throw refusal(path: path, code: code, handle: handle)
    }
    code = sqlite3_step(statement)
    guard code == SQLITE_ROW else {
      throw refusal(path: path, code: code, handle: handle)
    }
    return read(statement)
  }

  /// Damage becomes a refusal naming the file; anything else (busy, I/O) stays a `SQLiteError`,
  /// because it says nothing about the file's content.
  private static func refusal(path: String, code: Int32, handle: OpaquePointer?) -> Error {
    let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? SQLiteError.text(for: code)
    let error = SQLiteError(
      code: handle.map { sqlite3_extended_errcode($0) } ?? code, message: message)
    if error.isDamage {
      return PersistenceError.notADatabase(path: path, reason: SQLiteError.text(for: code & 0xFF))
    }
    return error
  }
}
