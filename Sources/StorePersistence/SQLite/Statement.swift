import CSQLite
import Foundation

/// One prepared SQL statement: values are bound to its `?` placeholders, never spliced into text.
///
/// A statement belongs to the connection that prepared it and, like the connection, must stay on
/// the thread that owns it (it is not `Sendable`). It is finalized when it is released.
public final class Statement {
  /// The SQL text the statement was prepared from.
  public let sql: String
  /// The column names of its result, in order (empty for statements that return no rows).
  public let columnNames: [String]
  /// The number of `?` placeholders.
  public let parameterCount: Int
  /// The result's column positions by name, shared by every row it returns.
  let positions: ColumnPositions

  let handle: OpaquePointer

  /// Whether the statement leaves the database unchanged (SQLite's `sqlite3_stmt_readonly`).
  public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

  init(handle: OpaquePointer, sql: String) {
    self.handle = handle
    self.sql = sql
    self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
    self.columnNames = (0..<sqlite3_column_count(handle)).map {
      String(cString: sqlite3_column_name(handle, $0))
    }
    self.positions = ColumnPositions(columnNames)
  }

  deinit { sqlite3_finalize(handle) }

  // MARK: - Binding and stepping

  /// Resets the statement and binds `arguments` to its placeholders, in order.
  ///
  /// - Throws: `PersistenceError.argumentCountMismatch` unless there is exactly one value per
  ///   placeholder, or `SQLiteError` when SQLite refuses a value.
  public func bind(_ arguments: [SQLiteValue]) throws {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    guard arguments.count == parameterCount else {
      throw PersistenceError.argumentCountMismatch(
        sql: sql, expected: parameterCount, given: arguments.count)
    }
    for (offset, value) in arguments.enumerated() {
      try check(bind(value, at: Int32(offset + 1)))
    }
  }

  /// Advances to the next row; `true` when a row is available, `false` when the statement is done.
  public func step() throws -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code:
      // The failed step leaves the statement needing a reset before it can run again.
      let error = makeError(code)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Rewinds the statement so it can run again; bound values are kept.
  public func reset() { sqlite3_reset(handle) }

  // MARK: - Running to completion

  /// Binds `arguments` and runs the statement to completion, discarding any rows.
  public func execute(_ arguments: [SQLiteValue] = []) throws {
    try bind(arguments)
    // Resetting when done ends the statement's implicit read, so it holds no lock afterwards.
    defer { sqlite3_reset(handle) }
    while try step() {}
  }

  /// Binds `arguments` and returns every row.
  public func fetchAll(_ arguments: [SQLiteValue] = []) throws -> [Row] {
    try bind(arguments)
    defer { sqlite3_reset(handle) }
    var rows: [Row] = []
    while try step() { rows.append(row) }
    return rows
  }

  /// Binds `arguments` and returns the first row, or `nil` when there is none.
  public func fetchOne(_ arguments: [SQLiteValue] = []) throws -> Row? {
    try bind(arguments)
    defer { sqlite3_reset(handle) }
    return try step() ? row : nil
  }

  // MARK: - Reading the current row

  /// The current row's value at a column position (0-based), valid after `step()` returned `true`.
  public func value(at index: Int) -> SQLiteValue {
    let column = Int32(index)
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(handle, column))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(handle, column))
    case SQLITE_TEXT:
      // Ask for the text first, then its length: that order is the one SQLite documents as safe.
      let text = sqlite3_column_text(handle, column)
      let count = Int(sqlite3_column_bytes(handle, column))
      guard let text else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let bytes = sqlite3_column_blob(handle, column)
      let count = Int(sqlite3_column_bytes(handle, column))
      guard let bytes, count > 0 else { return .blob(Data()) }
      return .blob(Data(bytes: bytes, count: count))
    default:
      return .null
    }
  }

  /// The current row's text or blob at a column position as bytes, valid only inside `body`;
  /// nil for `NULL`.
  public func withBytes<Result>(
    at index: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result
  ) rethrows -> Result {
    let column = Int32(index)
    guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return try body(nil) }
    // The bytes first, then their count: the order SQLite documents as safe.
    let bytes = sqlite3_column_blob(handle, column)
    let count = Int(sqlite3_column_bytes(handle, column))
    guard let bytes, count > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    return try body(
      UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: count))
  }

  /// The current row's integer at a column position; nil for `NULL`.
  public func integer(at index: Int) -> Int64? {
    let column = Int32(index)
    guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
    return sqlite3_column_int64(handle, column)
  }

  /// The current row's value in the column named `name` (case-insensitive).
  public func value(named name: String) throws -> SQLiteValue {
    let lowered = name.lowercased()
    guard let index = columnNames.firstIndex(where: { $0.lowercased() == lowered }) else {
      throw PersistenceError.columnNotFound(name: name, available: columnNames)
    }
    return value(at: index)
  }

  /// The current row, copied out.
  public var row: Row {
    Row(
      columns: columnNames, values: columnNames.indices.map { value(at: $0) },
      positions: positions)
  }

  // MARK: - Private

  private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
    switch value {
    case .null:
      return sqlite3_bind_null(handle, index)
    case .integer(let number):
      return sqlite3_bind_int64(handle, index, number)
    case .real(let number):
      return sqlite3_bind_double(handle, index, number)
    case .text(let text):
      var text = text
      return text.withUTF8 { utf8 in
        // A nil pointer would bind NULL, so an empty string binds a pointer to a static "".
        guard let base = utf8.baseAddress, !utf8.isEmpty else {
          return sqlite3_bind_text(handle, index, "", 0, cs_sqlite_transient())
        }
        return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
          sqlite3_bind_text64(
            handle, index, $0, sqlite3_uint64(utf8.count), cs_sqlite_transient(),
            UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let bytes):
      // Same trap as text: an empty blob bound from a nil pointer would read back as NULL.
      guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
      return bytes.withUnsafeBytes { raw in
        sqlite3_bind_blob64(
          handle, index, raw.baseAddress, sqlite3_uint64(raw.count), cs_sqlite_transient())
      }
    }
  }

  private func check(_ code: Int32) throws {
    guard code == SQLITE_OK else { throw makeError(code) }
  }

  private func makeError(_ code: Int32) -> SQLiteError {
    let database = sqlite3_db_handle(handle)
    let message = database.map { String(cString: sqlite3_errmsg($0)) }
    let extended = database.map { sqlite3_extended_errcode($0) } ?? code
    // The connection's extended code is only trustworthy when its primary byte matches ours.
    let finalCode = (extended & 0xFF) == (code & 0xFF) ? extended : code
    return SQLiteError(
      code: finalCode, message: message ?? SQLiteError.text(for: code), sql: sql)
  }
}
