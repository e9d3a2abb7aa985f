import StoreCore
import StorePersistence

extension PostgresLedger {
  /// What `storeterm serve` keeps beside the engine's records, in this database: keys,
  /// requests, the outbox (whose delivery claims connect on their own) and retention.
  public func serverStores() -> ServerStores {
    ServerStores(
      ledger: self, keys: PostgresServerDirectory(ledger: self),
      requests: PostgresServerRequests(ledger: self),
      outbox: PostgresNotificationOutbox(ledger: self),
      retention: { PostgresRetentionStore(ledger: self, identity: $0) })
  }
}
