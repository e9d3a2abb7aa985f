import Foundation

/// A PostgreSQL ledger database shared by many processes on many machines: reads in one
/// consistent snapshot, writes one at a time in commit order, every failure one sentence.
///
/// Writes run in `READ COMMITTED` transactions that first take one transaction-scoped advisory
/// lock (``writerLockKey``): the writers of every seat run one after another, as SQLite's
/// `BEGIN IMMEDIATE` makes them on one machine, and each statement after the lock sees every
/// commit before it, so a decision never rests on stale rows. Reads run in `REPEATABLE READ
/// READ ONLY` transactions: every statement of a read sees the same snapshot.
public final class PostgresDatabase: @unchecked Sendable {
  /// The advisory lock every writer holds ("STRM", as SQLite ledgers' `application_id`);
  /// PostgreSQL keeps advisory locks per database.
  public static let writerLockKey: Int64 = 0x5354_524D
  /// The channel every write transaction notifies before it commits (``PostgresChangeListener``
  /// hears it on every seat, once the commit lands).
  public static let changeChannel = "storeterm_ledger"

  /// The connection string, as given (it holds no password: see ``PostgresLocation``).
  public let connectionString: String
  /// Whether every change is refused, here and by the server.
  public let isReadOnly: Bool
  /// The database and server, for messages.
  public let target: String

  /// Recursive, so a read or write started inside another on the same thread is refused with
  /// one sentence (below) instead of waiting for itself forever.
  private let lock = NSRecursiveLock()
  private var connection: PostgresConnection?
  private var inTransaction = false

  /// Connects.
  ///
  /// - Throws: `PostgresError` when the server cannot be reached or refuses the seat.
  public init(connectionString: String, readOnly: Bool = false) throws {
    self.connectionString = connectionString
    isReadOnly = readOnly
    let connection = try PostgresConnection(connectionString, readOnly: readOnly)
    target = connection.target
    self.connection = connection
  }

  /// Runs `body` in a read-only transaction that sees one snapshot.
  @discardableResult
  public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    try transaction(
      begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", commit: "COMMIT", body)
  }

  /// Runs `body` in a write transaction holding the writers' lock, committing when it returns
  /// and rolling back when it throws.
  ///
  /// - Throws: `PostgresError.Kind.readOnly` on a read-only seat, before anything is sent.
  @discardableResult
  public func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    if isReadOnly {
      throw PostgresError(
        .readOnly, "the \(target) is open read-only (--read-only), so nothing can be changed")
    }
    return try transaction(begin: Self.beginWrite, commit: Self.commitWrite, body)
  }

  /// A write's start in one round trip: the transaction, then the writers' lock.
  ///
  /// Fixed text, as every statement is (the number is `writerLockKey`; a test holds them
  /// equal): a simple query of two statements cannot bind values.
  static let beginWrite =
    "BEGIN ISOLATION LEVEL READ COMMITTED; SELECT pg_advisory_xact_lock(1398035021)"
  /// A write's end in one round trip: the notification every listening seat gets when (and
  /// only if) the commit lands, then the commit (the channel is `changeChannel`).
  static let commitWrite = "SELECT pg_notify('storeterm_ledger', ''); COMMIT"

  private func transaction<T>(
    begin: String, commit: String, _ body: (PostgresConnection) throws -> T
  ) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    guard !inTransaction else {
      throw PostgresError(.statement, "a database transaction was started inside another one")
    }
    var connection = try connected()
    inTransaction = true
    defer { inTransaction = false }
    do {
      do {
        try connection.run(script: begin)
      } catch let error as PostgresError where error.kind == .connectionLost {
        // The server went away while the connection sat idle (a restart): nothing of this
        // transaction was committed, so connecting again and beginning once more is safe.
        self.connection = nil
        connection = try connected()
        try connection.run(script: begin)
      }
      let result = try body(connection)
      try connection.run(script: commit)
      return result
    } catch {
      // A broken connection's transaction is rolled back by the server.
      if !connection.isBroken { try? connection.run(script: "ROLLBACK") }
      throw error
    }
  }

  /// The open connection, reconnecting once when the last one broke (a server restart).
  private func connected() throws -> PostgresConnection {
    if let connection, !connection.isBroken { return connection }
    connection = nil
    let fresh = try PostgresConnection(connectionString, readOnly: isReadOnly)
    connection = fresh
    return fresh
  }
}
