/// Where a database lives.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
  /// A file; missing parent directories are created with mode 0700 and a new file with 0600.
  case file(String)
  /// A private in-memory database that disappears with its connection (for tests).
  case inMemory

  /// The path, or `:memory:`.
  public var description: String {
    switch self {
    case .file(let path): path
    case .inMemory: ":memory:"
    }
  }
}

/// How a connection is opened and how long it waits for other processes.
public struct DatabaseOptions: Sendable, Equatable {
  /// How long one lock wait may last before SQLite gives up with `SQLITE_BUSY`, in milliseconds.
  ///
  /// Another storeterm process holds the write lock only for the length of one small
  /// transaction, so ten seconds means "something is wrong", never "the TUI is busy".
  public var busyTimeoutMilliseconds: Int32
  /// The largest existing file, in bytes, that gets `PRAGMA quick_check` before it is opened.
  ///
  /// Larger files get only the header and schema check; zero turns the quick check off.
  public var quickCheckMaximumBytes: Int64
  /// Whether every commit waits for the disk (`synchronous=FULL`), not only checkpoints.
  ///
  /// `FULL` keeps a committed purchase across a power cut, not only a crash; `false` selects
  /// `NORMAL`.
  public var fullSync: Bool
  /// The SQLite `application_id` an existing file must carry (unless it has no tables yet), so
  /// another program's database is refused before anything writes to it; `nil` accepts any.
  public var applicationID: Int32?
  /// Whether SQLite opens the file with `SQLITE_OPEN_READONLY`: nothing is created, no pragma
  /// changes the file, and every write fails inside SQLite itself (a support seat).
  public var readOnly: Bool

  /// Creates options; the defaults are the ones storeterm runs with.
  public init(
    busyTimeoutMilliseconds: Int32 = 10_000, quickCheckMaximumBytes: Int64 = 32 << 20,
    fullSync: Bool = true, applicationID: Int32? = Migrator.applicationID, readOnly: Bool = false
  ) {
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    self.quickCheckMaximumBytes = quickCheckMaximumBytes
    self.fullSync = fullSync
    self.applicationID = applicationID
    self.readOnly = readOnly
  }
}

/// How a transaction takes its locks, as SQLite's `BEGIN DEFERRED | IMMEDIATE | EXCLUSIVE`.
public enum TransactionKind: String, Sendable {
  /// Locks on first use; a later write can fail with `SQLITE_BUSY` that no retry can fix.
  case deferred = "DEFERRED"
  /// Takes the write lock at `BEGIN`, where waiting and retrying are safe. Every `write` uses it.
  case immediate = "IMMEDIATE"
  /// Like immediate; in WAL mode SQLite treats the two alike.
  case exclusive = "EXCLUSIVE"

  /// The fixed `BEGIN` statement for this kind (spelled out, so no SQL is built from values).
  var beginSQL: String {
    switch self {
    case .deferred: "BEGIN DEFERRED TRANSACTION"
    case .immediate: "BEGIN IMMEDIATE TRANSACTION"
    case .exclusive: "BEGIN EXCLUSIVE TRANSACTION"
    }
  }
}
