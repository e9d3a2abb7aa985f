import StorePersistence
import StorePostgres

extension CommandContext {
  /// The server's stores (keys, requests, outbox, retention) of the ledger `--db` names, for a
  /// command that needs no engine: a SQLite file opened as a ledger, or the PostgreSQL database
  /// (brought up to date, as every writing command does).
  func openServerStores() throws -> ServerStores {
    if let uri = paths.postgres {
      return try StoreContext.openPostgres(uri, readOnly: readOnly).serverStores()
    }
    return ServerStores(sqlite: try SQLiteLedger(location: .file(paths.database)))
  }
}
