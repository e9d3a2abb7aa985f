import Foundation
import StoreCore

/// Everything `storeterm serve` keeps in the ledger's database beside the engine's records,
/// behind ports: SQLite's stores or PostgreSQL's, chosen once where the ledger is opened.
public struct ServerStores: Sendable {
  /// The engine's ledger (transactions the API reads).
  public let ledger: any Ledger
  /// The API's keys and order IDs.
  public let keys: any ServerKeyStore
  /// Mass extensions and consumption information.
  public let requests: any ServerRequestStore
  /// The notification outbox and its deliveries.
  public let outbox: any NotificationOutboxStore
  /// One state of the stores for a request's reads (SQLite's read transaction), or none.
  public let reads: any ReadSnapshots
  private let makeRetention: @Sendable (SignedDataConfiguration) -> any RetentionConfigurationStore

  /// Stores of one backend.
  public init(
    ledger: any Ledger, keys: any ServerKeyStore, requests: any ServerRequestStore,
    outbox: any NotificationOutboxStore,
    retention: @escaping @Sendable (SignedDataConfiguration) -> any RetentionConfigurationStore,
    reads: any ReadSnapshots = SeparateReads()
  ) {
    self.reads = reads
    self.ledger = ledger
    self.keys = keys
    self.requests = requests
    self.outbox = outbox
    makeRetention = retention
  }

  /// The SQLite ledger's stores, on its queue.
  public init(sqlite ledger: SQLiteLedger) {
    self.init(
      ledger: ledger, keys: ServerDirectory(ledger: ledger),
      requests: ServerRequests(ledger: ledger), outbox: NotificationOutbox(ledger: ledger),
      retention: { RetentionStore(ledger: ledger, identity: $0) }, reads: ledger.queue)
  }

  /// The Retention Messaging configuration of `identity`'s app.
  public func retention(for identity: SignedDataConfiguration) -> any RetentionConfigurationStore {
    makeRetention(identity)
  }
}
