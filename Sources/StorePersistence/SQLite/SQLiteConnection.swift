import CSQLite

/// One open SQLite database connection.
///
/// > Important: A connection is not thread-safe and not `Sendable`: it belongs to whoever opened
/// > it. Share a database between threads or tasks through `DatabaseQueue`, which confines its
/// > connection behind a lock.
///
/// File databases are checked before they are opened read-write (see `DatabaseProbe`), then run
/// in WAL mode with foreign keys on and a busy timeout, so a second process waits for the lock
/// instead of failing.
public final class SQLiteConnection {
  /// Where the database lives.
  public let location: DatabaseLocation
  /// The options the connection was opened with.
  public let options: DatabaseOptions

  let handle: OpaquePointer
  /// While `true` (inside `DatabaseQueue.read`), statements that write are refused.
  var isReadOnlyAccess = false
  /// Counts the transactions begun by `inTransaction`, so a cache can tell rows this transaction
  /// wrote (gone if it rolls back) from rows an earlier, finished transaction left.
  var transactionNumber: UInt64 = 0
  private var cache: [String: Statement] = [:]
  /// The database file, while this connection has it open (nil in memory).
  private var file: OpenDatabaseFiles.Identity?

  /// Opens (and, for a missing file, creates) the database at `location`.
  ///
  /// - Throws: `PersistenceError.notADatabase` for an existing file that is not a healthy SQLite
  ///   database (the file is not modified), `PersistenceError.cannotCreate` when the file or its
  ///   directory cannot be made, `PersistenceError.cannotOpen` when SQLite cannot open or set up
  ///   the file (locked, read-only, I/O), or `SQLiteError` for an in-memory database.
  public init(location: DatabaseLocation, options: DatabaseOptions = DatabaseOptions()) throws {
    self.location = location
    self.options = options
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    switch location {
    case .inMemory:
      handle = try Self.open(":memory:", flags: flags | SQLITE_OPEN_CREATE)
    case .file(let path) where options.readOnly:
      // Read-only creates nothing: the file must exist, and it is checked like any other.
      do {
        var opened: OpaquePointer?
        file = try OpenDatabaseFiles.opening(path) { alreadyOpen in
          let size = try DatabaseFile.existingSize(path: path)
          try DatabaseProbe.check(
            path: path, size: size, options: options, readingHeader: !alreadyOpen)
          opened = try Self.open(
            path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE)
        }
        handle = opened!
      } catch let error as SQLiteError {
        throw PersistenceError.cannotOpen(path: path, underlying: error)
      }
    case .file(let path):
      do {
        var opened: OpaquePointer?
        file = try OpenDatabaseFiles.opening(path) { alreadyOpen in
          if case .existing(let size) = try DatabaseFile.prepare(path: path) {
            try DatabaseProbe.check(
              path: path, size: size, options: options, readingHeader: !alreadyOpen)
          }
          // No SQLITE_OPEN_CREATE: the file exists by now, created by us with mode 0600.
          opened = try Self.open(path, flags: flags)
        }
        handle = opened!
      } catch let error as SQLiteError {
        throw PersistenceError.cannotOpen(path: path, underlying: error)
      }
    }
    // Every stored property is set, so a throw from here on runs `deinit`, which closes `handle`.
    do {
      try configure()
    } catch let error as SQLiteError where error.isDamage {
      throw PersistenceError.notADatabase(path: location.description, reason: error.message)
    } catch let error as SQLiteError {
      guard case .file(let path) = location else { throw error }
      throw PersistenceError.cannotOpen(path: path, underlying: error)
    }
  }

  deinit {
    cache.removeAll()
    // close_v2 defers the close until every statement is finalized, whatever the release order.
    if let file {
      OpenDatabaseFiles.closed(file) { sqlite3_close_v2(handle) }
    } else {
      sqlite3_close_v2(handle)
    }
  }

  // MARK: - Running SQL

  /// Runs `sql` with `arguments` bound to its `?` placeholders, discarding any rows.
  ///
  /// Without arguments, `sql` may hold several statements separated by semicolons (a migration's
  /// schema, say); with arguments it must be exactly one statement.
  public func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
    if !arguments.isEmpty || cache[sql] != nil {
      try cachedStatement(sql).execute(arguments)
      return
    }
    // One at a time: a later statement may name a table an earlier one creates. Text that turns
    // out to be a single statement is cached like any other.
    var statements: [Statement] = []
    try forEachStatement(in: sql) { statement in
      try statement.execute()
      statements.append(statement)
    }
    if statements.count == 1 { cache[sql] = statements[0] }
  }

  /// Runs one query and returns all its rows.
  public func fetchAll(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [Row] {
    try cachedStatement(sql).fetchAll(arguments)
  }

  /// Runs one query and calls `body` at each of its rows with the statement, whose columns it
  /// reads in place (``Statement/withBytes(at:_:)``): for rows read by the hundred whose text
  /// need not become a `String`.
  public func forEachRow(
    _ sql: String, _ arguments: [SQLiteValue] = [], _ body: (Statement) throws -> Void
  ) throws {
    let statement = try cachedStatement(sql)
    try statement.bind(arguments)
    defer { statement.reset() }
    while try statement.step() { try body(statement) }
  }

  /// Runs one query and returns its first row, or `nil` when it has none.
  public func fetchOne(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> Row? {
    try cachedStatement(sql).fetchOne(arguments)
  }

  /// Prepares exactly one statement for repeated use.
  ///
  /// - Throws: `SQLiteError` for invalid SQL, or `PersistenceError.writeInsideRead` for a
  ///   statement that changes the database while the connection is inside `read`.
  public func prepare(_ sql: String) throws -> Statement {
    var statements: [Statement] = []
    try forEachStatement(in: sql) { statements.append($0) }
    guard statements.count == 1, let statement = statements.first else {
      throw SQLiteError(
        code: SQLITE_MISUSE,
        message: "expected exactly one SQL statement, found \(statements.count)",
        sql: sql)
    }
    return statement
  }

  /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
  public var changes: Int { Int(sqlite3_changes64(handle)) }

  /// The rowid of the last successful `INSERT`.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Whether a transaction is open on this connection.
  public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  // MARK: - Internals shared with transactions

  /// Runs one fixed, value-free statement that storeterm itself wrote (BEGIN, COMMIT) and
  /// returns the raw result code.
  ///
  /// Each is prepared once and kept in the statement cache: parsing them anew was most of the
  /// cost of the read transaction every server request opens.
  func executeControl(_ sql: String) -> Int32 {
    let statement: Statement
    do {
      // Transaction control statements count as read-only, so the cache's guard lets them by.
      statement = try cachedStatement(sql)
    } catch let error as SQLiteError {
      return error.extendedResultCode
    } catch {
      return SQLITE_MISUSE
    }
    let code = sqlite3_step(statement.handle)
    // Reset at once: a statement left unreset would count as still running.
    sqlite3_reset(statement.handle)
    return code == SQLITE_DONE || code == SQLITE_ROW ? SQLITE_OK : code
  }

  /// The connection's current error as a `SQLiteError`.
  func lastError(_ code: Int32, sql: String?) -> SQLiteError {
    let extended = sqlite3_extended_errcode(handle)
    let finalCode = (extended & 0xFF) == (code & 0xFF) ? extended : code
    return SQLiteError(code: finalCode, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
  }

  // MARK: - Private

  private static func open(_ path: String, flags: Int32) throws -> OpaquePointer {
    var database: OpaquePointer?
    let code = sqlite3_open_v2(path, &database, flags, nil)
    guard code == SQLITE_OK, let database else {
      let message = database.map { String(cString: sqlite3_errmsg($0)) }
      sqlite3_close_v2(database)
      throw SQLiteError(code: code, message: message ?? SQLiteError.text(for: code))
    }
    return database
  }

  private func configure() throws {
    sqlite3_extended_result_codes(handle, 1)
    BusyBackoff.install(on: handle, timeoutMilliseconds: options.busyTimeoutMilliseconds)
    try execute("PRAGMA foreign_keys = ON")
    // A read-only connection leaves the journal mode and sync level to the writers.
    guard case .file(let path) = location, !options.readOnly else { return }
    // Switching a new file to WAL takes its exclusive lock, and SQLite answers SQLITE_BUSY at
    // once, without the busy handler, when waiting could deadlock (several first runs creating
    // one file together): so the switch is retried on the busy handler's schedule.
    let mode = try BusyBackoff.retrying(timeoutMilliseconds: options.busyTimeoutMilliseconds) {
      try fetchOne("PRAGMA journal_mode = WAL")?.get(String.self, at: 0) ?? "unknown"
    }
    guard mode.lowercased() == "wal" else {
      throw PersistenceError.walUnavailable(path: path, journalMode: mode)
    }
    try execute(options.fullSync ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
  }

  private func cachedStatement(_ sql: String) throws -> Statement {
    if let statement = cache[sql] {
      try guardReadOnly(statement)
      return statement
    }
    let statement = try prepare(sql)
    cache[sql] = statement
    return statement
  }

  private func guardReadOnly(_ statement: Statement) throws {
    if isReadOnlyAccess, !statement.isReadOnly {
      throw PersistenceError.writeInsideRead(sql: statement.sql)
    }
  }

  /// Prepares each statement in `sql` in turn and hands it to `body` before preparing the next,
  /// skipping empty ones (whitespace, comments).
  private func forEachStatement(in sql: String, _ body: (Statement) throws -> Void) throws {
    try sql.withCString { start in
      var cursor: UnsafePointer<CChar>? = start
      while let current = cursor, current.pointee != 0 {
        var raw: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sqlite3_prepare_v3(handle, current, -1, 0, &raw, &tail)
        guard code == SQLITE_OK else {
          throw lastError(code, sql: sql)
        }
        cursor = tail
        guard let raw else { continue }
        let text = String(cString: sqlite3_sql(raw))
        let statement = Statement(handle: raw, sql: text)
        try guardReadOnly(statement)
        try body(statement)
      }
    }
  }
}

extension SQLiteError {
  /// Whether the error says the file is damaged or not a database at all.
  var isDamage: Bool { resultCode == SQLITE_CORRUPT || resultCode == SQLITE_NOTADB }
}
