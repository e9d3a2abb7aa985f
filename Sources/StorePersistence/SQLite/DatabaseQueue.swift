import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A database shared safely between threads and tasks: one connection behind a lock.
///
/// ```swift
/// let queue = try DatabaseQueue(location: .file(path))
/// try queue.write { db in
///   try db.execute("INSERT INTO events (kind) VALUES (?)", ["purchase"])
/// }
/// let count = try queue.read { db in
///   try db.fetchOne("SELECT count(*) FROM events")?.get(Int.self, at: 0)
/// }
/// ```
///
/// Every `write` is exactly one `BEGIN IMMEDIATE … COMMIT` transaction, rolled back when its
/// closure throws; every `read` sees one consistent snapshot and may not change anything. Calls
/// are serialized; another process on the same file is handled by SQLite's locks and the busy
/// timeout (see `DatabaseOptions`).
///
/// > Important: `read` and `write` block the calling thread while another caller holds the queue
/// > or another process holds the write lock (at most the busy timeout). Keep closures short and
/// > free of `await`-able work; from an actor, that is a short synchronous call, as with any
/// > file I/O.
///
/// ## Topics
/// ### Opening
/// - ``init(location:options:)``
/// ### Reading and writing
/// - ``read(_:)``
/// - ``snapshot(_:)``
/// - ``write(_:)``
public final class DatabaseQueue: Sendable {
  /// Where the database lives.
  public let location: DatabaseLocation

  /// Whether the connection was opened with `SQLITE_OPEN_READONLY`.
  public let isReadOnly: Bool
  /// Whether commits wait for the disk (`synchronous=FULL`).
  private let isFullSync: Bool

  private let connection: Mutex<SQLiteConnection>
  /// The thread inside `read`/`write` right now (0 for none), to refuse re-entry with a clear
  /// error instead of deadlocking on the lock the thread already holds.
  private let owner = Atomic<UInt>(0)
  /// The connection while its owner is inside `snapshot`, so that thread's nested reads join it.
  private let shared = SharedSnapshot()

  /// Opens the database (see `SQLiteConnection.init(location:options:)` for what is checked).
  public init(location: DatabaseLocation, options: DatabaseOptions = DatabaseOptions()) throws {
    self.location = location
    self.isReadOnly = options.readOnly
    self.isFullSync = options.fullSync
    self.connection = Mutex(try SQLiteConnection(location: location, options: options))
  }

  /// Runs `body` in a read-only transaction: one snapshot, no changes allowed.
  ///
  /// - Throws: `PersistenceError.writeInsideRead` for a statement that would write,
  ///   `PersistenceError.reentrantAccess` when called from inside this queue's `read`/`write`,
  ///   whatever `body` throws, or `SQLiteError`.
  public func read<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    if let db = joinableSnapshot() { return try body(db) }
    return try withConnection { db in
      db.isReadOnlyAccess = true
      defer { db.isReadOnlyAccess = false }
      return try db.inTransaction(.deferred) { try body(db) }
    }
  }

  /// Runs `body` in one read-only transaction that every `read` (and `snapshot`) made by the same
  /// thread inside it joins: a request that reads a key, a transaction and a customer's records
  /// through separate calls sees one state of the database, at the cost of one transaction.
  ///
  /// A `write` inside it is still refused with `PersistenceError.reentrantAccess`.
  public func snapshot<T: Sendable>(_ body: () throws -> T) throws -> T {
    if joinableSnapshot() != nil { return try body() }
    return try withConnection { db in
      db.isReadOnlyAccess = true
      defer { db.isReadOnlyAccess = false }
      return try db.inTransaction(.deferred) {
        shared.connection = db
        defer { shared.connection = nil }
        return try body()
      }
    }
  }

  /// The connection of the snapshot this thread is inside, if it is inside one.
  private func joinableSnapshot() -> SQLiteConnection? {
    // Only the owning thread sets and reads `shared.connection`, and only while it holds the
    // lock; another thread sees a different owner and never touches it.
    guard owner.load(ordering: .relaxed) == Self.currentThread else { return nil }
    return shared.connection
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back
  /// when it throws.
  ///
  /// - Throws: `PersistenceError.reentrantAccess` when called from inside this queue's
  ///   `read`/`write` (nest work inside the one closure instead), whatever `body` throws, or
  ///   `SQLiteError` (a busy database only after the busy timeout has passed).
  public func write<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try write(waitingForDisk: true, body)
  }

  /// Runs `body` as ``write(_:)`` does, but commits without waiting for the disk.
  ///
  /// The commit is at `synchronous=NORMAL` for this transaction alone: it survives the process
  /// being killed, not a power cut. For bookkeeping that may be done twice after a power cut (a
  /// webhook delivery's attempt), never for what the App Store sells.
  public func writeSurvivingCrashes<T: Sendable>(_ body: (SQLiteConnection) throws -> T)
    throws -> T
  {
    try write(waitingForDisk: false, body)
  }

  private func write<T: Sendable>(
    waitingForDisk: Bool, _ body: (SQLiteConnection) throws -> T
  ) throws -> T {
    // SQLite refuses every write on a read-only connection; saying so before BEGIN gives one
    // clear sentence instead of "attempt to write a readonly database" from deep inside.
    if isReadOnly, case .file(let path) = location { throw PersistenceError.readOnly(path: path) }
    return try withConnection { db in
      // A connection opened at NORMAL never waits; one at FULL drops to NORMAL for this commit.
      guard isFullSync, !waitingForDisk else {
        return try db.inTransaction(.immediate) { try body(db) }
      }
      try db.execute("PRAGMA synchronous = NORMAL")
      let written = Result { try db.inTransaction(.immediate) { try body(db) } }
      try db.execute("PRAGMA synchronous = FULL")
      return try written.get()
    }
  }

  private func withConnection<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    let me = Self.currentThread
    if owner.load(ordering: .relaxed) == me { throw PersistenceError.reentrantAccess }
    return try connection.withLock { db in
      owner.store(me, ordering: .relaxed)
      defer { owner.store(0, ordering: .relaxed) }
      return try body(db)
    }
  }

  private static var currentThread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}

/// The connection a `snapshot` lends to nested reads on its own thread.
private final class SharedSnapshot: @unchecked Sendable {
  // @unchecked: written and read only by the thread that holds the queue's lock (see
  // `DatabaseQueue.joinableSnapshot`).
  var connection: SQLiteConnection?
}
