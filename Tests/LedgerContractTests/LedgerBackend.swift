import Foundation
import StoreCore
import StorePersistence
import StorePostgres
import StoreTermTestSupport
import Testing

/// The connection string of the PostgreSQL server the contract also runs against
/// (`STORETERM_TEST_POSTGRES`, libpq's `key=value` form), nil when none is given.
let postgresServer: String? = PostgresTestServer.connectionString

/// Whether tests must not skip for want of a server (`.ci/run` starts one).
let underCI = PostgresTestServer.isRequired

/// A ledger backend the contract runs against.
enum LedgerBackend: String, Sendable, CustomTestStringConvertible {
  case sqlite
  case postgres

  /// SQLite always; PostgreSQL when a server is given (or under CI, where its absence fails
  /// ``PostgresServerTests``).
  static var available: [LedgerBackend] {
    postgresServer == nil ? [.sqlite] : [.sqlite, .postgres]
  }

  var testDescription: String { rawValue }

  /// A new empty store on this backend.
  func makeStore() throws -> LedgerStore {
    switch self {
    case .sqlite:
      let path = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
      return LedgerStore(backend: self, location: path, scratch: nil)
    case .postgres:
      let scratch = try PostgresScratch()
      return LedgerStore(backend: self, location: scratch.connectionString, scratch: scratch)
    }
  }
}

/// One empty ledger store of a test, opened as often as the test needs (each open is a new
/// connection, as another process's would be).
struct LedgerStore: Sendable {
  let backend: LedgerBackend
  /// The SQLite file's path, or the PostgreSQL connection string.
  let location: String
  /// The scratch database, dropped when the last copy of the store goes.
  let scratch: PostgresScratch?

  /// A new connection to the store.
  func open(readOnly: Bool = false) throws -> any Ledger {
    switch backend {
    case .sqlite:
      readOnly
        ? try SQLiteLedger(readOnlyAt: location) : try SQLiteLedger(location: .file(location))
    case .postgres:
      try PostgresLedger(connectionString: location, readOnly: readOnly)
    }
  }

  /// Runs the statement `sql` (no parameters) on a new connection, as a tool or an older
  /// storeterm writing the file would.
  func execute(_ sql: String) throws {
    switch backend {
    case .sqlite:
      try SQLiteLedger(location: .file(location)).queue.write { db in try db.execute(sql) }
    case .postgres:
      try PostgresDatabase(connectionString: location).write { db in try db.run(script: sql) }
    }
  }

  /// A new connection to the store, as the screens read it.
  func openBrowser() throws -> any LedgerBrowser {
    switch backend {
    case .sqlite: try SQLiteLedger(location: .file(location))
    case .postgres: try PostgresLedger(connectionString: location)
    }
  }

  /// The server's stores on a new connection to the store, as another `serve` would open them.
  func openServerStores() throws -> ServerStores {
    switch backend {
    case .sqlite: ServerStores(sqlite: try SQLiteLedger(location: .file(location)))
    case .postgres: try PostgresLedger(connectionString: location).serverStores()
    }
  }
}
