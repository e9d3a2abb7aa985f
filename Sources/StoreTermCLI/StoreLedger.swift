import StoreCore
import StorePersistence
import StorePostgres

/// The ledger a command opened: SQLite's file, or a PostgreSQL database a team shares.
///
/// The engine reads and writes through the `Ledger` port either way; this adds what a command
/// keeps beside records (the clock, prices, the session's switches, the outbox writer, the
/// identifier floor). Code that needs SQLite's own features asks ``sqlite(for:)``.
enum StoreLedger {
  case sqlite(SQLiteLedger)
  case postgres(PostgresLedger, uri: String)

  /// The ledger the engine uses.
  var ledger: any Ledger {
    switch self {
    case .sqlite(let ledger): ledger
    case .postgres(let ledger, _): ledger
    }
  }

  /// The ledger the screens read, by pages and keyed lookups.
  var browser: any LedgerBrowser {
    switch self {
    case .sqlite(let ledger): ledger
    case .postgres(let ledger, _): ledger
    }
  }

  /// What wakes the UI's watch: on PostgreSQL the server's notification of every seat's commits
  /// (on a connection of its own), on SQLite a poll.
  func changeSignal() -> any LedgerChangeSignal {
    switch self {
    case .sqlite: PollingChangeSignal()
    case .postgres(let ledger, _):
      PostgresChangeListener(connectionString: ledger.database.connectionString)
    }
  }

  /// What `storeterm serve` keeps beside the engine's records, on this ledger's backend.
  func serverStores() -> ServerStores {
    switch self {
    case .sqlite(let ledger): ServerStores(sqlite: ledger)
    case .postgres(let ledger, _): ledger.serverStores()
    }
  }

  /// The support console's reads and imports, on this ledger's backend.
  func supportStore() -> any SupportStore {
    switch self {
    case .sqlite(let ledger): SupportDirectory(ledger: ledger)
    case .postgres(let ledger, _): PostgresSupportDirectory(ledger: ledger)
    }
  }

  /// The SQLite ledger, or one sentence saying `feature` needs one.
  func sqlite(for feature: String) throws -> SQLiteLedger {
    switch self {
    case .sqlite(let ledger): return ledger
    case .postgres(_, let uri):
      throw CommandFailure(
        "\(PostgresURI.display(uri)): \(feature) needs a SQLite ledger")
    }
  }

  func productPrices() throws -> [String: Int64] {
    switch self {
    case .sqlite(let ledger): try ledger.productPrices()
    case .postgres(let ledger, _): try ledger.productPrices()
    }
  }

  func sessionSwitches() throws -> [StoreSession.Switch: Bool] {
    switch self {
    case .sqlite(let ledger): try ledger.sessionSwitches()
    case .postgres(let ledger, _): try ledger.sessionSwitches()
    }
  }

  func setSessionSwitch(_ name: StoreSession.Switch, _ enabled: Bool) throws {
    switch self {
    case .sqlite(let ledger): try ledger.setSessionSwitch(name, enabled)
    case .postgres(let ledger, _): try ledger.setSessionSwitch(name, enabled)
    }
  }

  func setNotificationWriter(_ writer: (any NotificationWriter)?) {
    switch self {
    case .sqlite(let ledger): ledger.setNotificationWriter(writer)
    case .postgres(let ledger, _): ledger.setNotificationWriter(writer)
    }
  }

  func nextTransactionIdentifier() throws -> UInt64 {
    switch self {
    case .sqlite(let ledger): try ledger.nextTransactionIdentifier()
    case .postgres(let ledger, _): try ledger.nextTransactionIdentifier()
    }
  }

  func retireTransactionIdentifiers(through id: UInt64) throws {
    switch self {
    case .sqlite(let ledger): try ledger.retireTransactionIdentifiers(through: id)
    case .postgres(let ledger, _): try ledger.retireTransactionIdentifiers(through: id)
    }
  }
}
