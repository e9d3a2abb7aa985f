import CSQLite

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
  static func check(path: String, size: Int64, options: DatabaseOptions) throws {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    let openCode = sqlite3_open_v2(path, &handle, flags, nil)
    defer { sqlite3_close_v2(handle) }
    guard openCode == SQLITE_OK, let handle else {
      throw refusal(path: path, code: openCode, handle: handle)
    }
    sqlite3_busy_timeout(handle, options.busyTimeoutMilliseconds)

    let schemaCode = sqlite3_exec(handle, "SELECT count(*) FROM sqlite_schema", nil, nil, nil)
    guard schemaCode == SQLITE_OK else {
      throw refusal(path: path, code: schemaCode, handle: handle)
    }
    if let expected = options.applicationID {
      let found = try integer(handle: handle, path: path, sql: "PRAGMA application_id")
      // A storeterm file carries the id from its first migration; before that it has no tables.
      if found != Int64(expected) {
        let tables = try integer(
          handle: handle, path: path,
          sql: "SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        if found != 0 || tables > 0 {
          throw PersistenceError.notADatabase(
            path: path, reason: "it holds another application's data")
        }
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

  /// The first column of the first row of a fixed, value-free query.
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
