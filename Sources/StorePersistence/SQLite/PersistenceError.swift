/// A failure of storeterm's own database rules (as opposed to one SQLite reported).
///
/// Each `description` is one sentence that names the file or column involved.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file exists but is not a usable storeterm database; it was left untouched.
  case notADatabase(path: String, reason: String)
  /// The database was migrated by a newer storeterm: it has migrations this build does not know.
  case newerDatabase(path: String, unknownMigrations: [String])
  /// The database file or its directory could not be created.
  case cannotCreate(path: String, reason: String)
  /// SQLite could not open or set up an existing file for a reason other than its content
  /// (another process holds it exclusively, it is read-only, an I/O error).
  case cannotOpen(path: String, underlying: SQLiteError)
  /// SQLite would not switch the file to write-ahead logging (e.g. a filesystem without shared
  /// memory), which storeterm needs for a second process to read while one writes.
  case walUnavailable(path: String, journalMode: String)
  /// `read` or `write` was called on a queue from inside that queue's own `read` or `write`.
  case reentrantAccess
  /// A transaction was begun on a connection that is already inside one.
  case nestedTransaction
  /// The closure of `read` or `write` ended the surrounding transaction itself (`COMMIT`, …).
  case transactionEndedEarly
  /// A statement that changes the database was run inside `read`.
  case writeInsideRead(sql: String)
  /// A statement was given a different number of values than it has `?` placeholders.
  case argumentCountMismatch(sql: String, expected: Int, given: Int)
  /// A row has no column with that name.
  case columnNotFound(name: String, available: [String])
  /// A column holds a value of another storage class than the one asked for.
  case columnTypeMismatch(column: String, expected: String, found: String)
  /// Two migrations were registered under the same name.
  case duplicateMigration(name: String)
  /// `migrate(_:upTo:)` named a migration that is not registered.
  case unknownMigration(name: String)
  /// A read-only open found no database (read-only never creates one).
  case missingDatabase(path: String)
  /// A change was attempted on a database opened read-only.
  case readOnly(path: String)
  /// A read-only open found a database that needs migrations it may not apply.
  case outdatedDatabase(path: String, pendingMigrations: [String])

  /// One sentence for the user.
  public var description: String {
    switch self {
    case .notADatabase(let path, let reason):
      "\(path) is not a storeterm database (\(reason))"
    case .newerDatabase(let path, let names):
      "\(path) was written by a newer storeterm (unknown migrations: "
        + names.joined(separator: ", ") + "); upgrade storeterm to open it"
    case .cannotCreate(let path, let reason):
      "cannot create \(path) (\(reason))"
    case .cannotOpen(let path, let underlying):
      "cannot open \(path) (\(underlying.message))"
    case .walUnavailable(let path, let mode):
      "\(path) cannot use write-ahead logging (SQLite kept journal mode \(mode))"
    case .reentrantAccess:
      "a database read or write was started inside another one on the same database queue"
    case .nestedTransaction:
      "a database transaction was started inside another one"
    case .transactionEndedEarly:
      "a database read or write ended its own transaction; leave BEGIN and COMMIT to the queue"
    case .writeInsideRead(let sql):
      "a statement that changes the database ran inside a read: \(sql)"
    case .argumentCountMismatch(let sql, let expected, let given):
      "a statement expects \(expected) values but was given \(given): \(sql)"
    case .columnNotFound(let name, let available):
      "no column named \(name) (the row has " + available.joined(separator: ", ") + ")"
    case .columnTypeMismatch(let column, let expected, let found):
      "column \(column) holds \(found), not \(expected)"
    case .duplicateMigration(let name):
      "the migration \"\(name)\" is registered twice"
    case .unknownMigration(let name):
      "no migration named \"\(name)\" is registered"
    case .missingDatabase(let path):
      "\(path) does not exist, and a read-only seat cannot create it"
    case .readOnly(let path):
      "\(path) is open read-only, so nothing can be changed"
    case .outdatedDatabase(let path, let names):
      "\(path) needs an upgrade a read-only seat cannot make (pending migrations: "
        + names.joined(separator: ", ") + "); open it once without --read-only"
    }
  }
}
