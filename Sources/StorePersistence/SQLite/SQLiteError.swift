import CSQLite

/// A failure reported by SQLite itself: result codes, SQLite's message and the SQL that ran.
///
/// `description` is one sentence for a person at a terminal; `debugDescription` adds the codes and
/// the SQL for logs and test failures.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
  public var resultCode: Int32
  /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …); equals `resultCode` when SQLite
  /// gave none.
  public var extendedResultCode: Int32
  /// SQLite's own message, such as `UNIQUE constraint failed: t.id`.
  public var message: String
  /// The SQL being prepared or run, when there was one.
  public var sql: String?

  /// Creates an error from an extended result code (the primary code is its low byte).
  public init(code: Int32, message: String, sql: String? = nil) {
    self.resultCode = code & 0xFF
    self.extendedResultCode = code
    self.message = message
    self.sql = sql
  }

  /// Whether another connection held a lock past the busy timeout.
  public var isBusy: Bool { resultCode == SQLITE_BUSY || resultCode == SQLITE_LOCKED }

  /// One sentence saying what went wrong, in words a storeterm user can act on.
  public var description: String {
    switch resultCode {
    case SQLITE_BUSY, SQLITE_LOCKED:
      "the database stayed locked by another storeterm process for too long; try again"
    case SQLITE_CONSTRAINT: "the database refused the change (\(message))"
    case SQLITE_FULL: "the disk holding the database is full"
    case SQLITE_READONLY: "the database is read-only (\(message))"
    case SQLITE_CANTOPEN: "the database file cannot be opened (\(message))"
    case SQLITE_PERM, SQLITE_AUTH: "access to the database was denied (\(message))"
    case SQLITE_CORRUPT, SQLITE_NOTADB: "the database file is damaged (\(message))"
    case SQLITE_IOERR: "reading or writing the database file failed (\(message))"
    default: "a database operation failed (\(message))"
    }
  }

  /// The codes, SQLite's message and the SQL, for logs.
  public var debugDescription: String {
    var text = "SQLite error \(resultCode)/\(extendedResultCode): \(message)"
    if let sql { text += " — SQL: \(sql)" }
    return text
  }

  /// SQLite's generic English text for a result code, such as `file is not a database`.
  static func text(for code: Int32) -> String {
    String(cString: sqlite3_errstr(code))
  }
}
