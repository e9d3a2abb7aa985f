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

  /// How many round trips to the server the current connection has completed (a figure for
  /// tests and benchmarks: a change with its events and outbox rows should cost two).
  public var completedRoundTrips: Int {
    lock.lock()
    defer { lock.unlock() }
    return connection?.completedRoundTrips ?? 0
  }

  /// Runs `body` in a read-only transaction that sees one snapshot.
  @discardableResult
  public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    try transaction(begin: Self.beginRead, commit: ["COMMIT"], body)
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
    return try transaction(
      begin: Self.beginWriteStatements, commit: Self.commitWriteStatements, body)
  }

  /// A read's start: one snapshot for every statement.
  static let beginRead = ["BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"]
  /// A write's start: the transaction, then the writers' lock.
  ///
  /// Fixed text, as every statement is (the number is `writerLockKey`; a test holds them
  /// equal).
  static let beginWriteStatements = [
    "BEGIN ISOLATION LEVEL READ COMMITTED", "SELECT pg_advisory_xact_lock(1398035021)",
  ]
  /// A write's end: the notification every listening seat gets when (and only if) the commit
  /// lands, then the commit (the channel is `changeChannel`).
  static let commitWriteStatements = ["SELECT pg_notify('storeterm_ledger', '')", "COMMIT"]
  /// ``beginWriteStatements`` as one simple query (a simple query of two statements cannot
  /// bind values).
  static let beginWrite = beginWriteStatements.joined(separator: "; ")
  /// ``commitWriteStatements`` as one simple query.
  static let commitWrite = commitWriteStatements.joined(separator: "; ")

  /// Runs `body` between `begin` and `commit`, in as few round trips as the body allows: the
  /// beginning travels with the body's first statement (libpq's pipeline mode), and the commit
  /// with the statements the body deferred (``PostgresConnection/executeLater(_:_:)``).
  private func transaction<T>(
    begin: [String], commit: [String], _ body: (PostgresConnection) throws -> T
  ) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    guard !inTransaction else {
      throw PostgresError(.statement, "a database transaction was started inside another one")
    }
    inTransaction = true
    defer { inTransaction = false }
    do {
      return try attempt(begin: begin, commit: commit, body)
    } catch is LostBeforeBeginning {
      // The server went away while the connection sat idle (a restart): none of this
      // transaction's round trips came back and its commit was never sent, so the server
      // never saw it begin; connecting again and running it once more is safe (the body's
      // decisions come after its first reads, so they have not run yet either).
      self.connection = nil
      do {
        return try attempt(begin: begin, commit: commit, body)
      } catch let again as LostBeforeBeginning {
        throw again.error
      }
    }
  }

  /// A connection lost before any of a transaction's round trips came back.
  private struct LostBeforeBeginning: Error {
    let error: PostgresError
  }

  /// One run of a transaction on the open (or a fresh) connection.
  private func attempt<T>(
    begin: [String], commit: [String], _ body: (PostgresConnection) throws -> T
  ) throws -> T {
    let connection = try connected()
    let mark = connection.completedRoundTrips
    var committing = false
    do {
      for statement in begin { try connection.executeLater(statement) }
      let result = try body(connection)
      committing = true
      for statement in commit { try connection.executeLater(statement) }
      _ = try connection.pipeline([])
      return result
    } catch {
      connection.deferred.removeAll()
      // A broken connection's transaction is rolled back by the server.
      if !connection.isBroken { try? connection.run(script: "ROLLBACK") }
      if let lost = error as? PostgresError, lost.kind == .connectionLost, !committing,
        connection.completedRoundTrips == mark
      {
        throw LostBeforeBeginning(error: lost)
      }
      throw error
    }
  }

  /// The open connection, reconnecting once when the last one broke or the server closed it
  /// while idle (a restart).
  private func connected() throws -> PostgresConnection {
    if let connection, !connection.isBroken, !connection.closedWhileIdle { return connection }
    connection = nil
    let fresh = try PostgresConnection(connectionString, readOnly: isReadOnly)
    connection = fresh
    return fresh
  }
}
