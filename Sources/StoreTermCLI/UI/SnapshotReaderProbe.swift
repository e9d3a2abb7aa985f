import Foundation
@_spi(StoreTerm) import StoreKit
import StoreManager
import StoreTermApp

/// The terminal UI's data path without a terminal, for `storeterm-bench reader`: the same
/// context, store manager and ``SnapshotBuilder`` as `storeterm ui`, driven one poll at a time.
///
/// A benchmark is a program in another module, and the reader is internal; this is the one
/// public door to it, so what is timed is exactly what the watch runs five times a second.
@MainActor
public final class SnapshotReaderProbe {
  private let store: Store
  private let reader: SnapshotBuilder
  private let context: StoreContext

  /// Opens the App Store at `database` for `customerID` as `storeterm ui --db database` does
  /// (catching up, and pointing StoreKit at it process-wide); `environment` is the one it reads
  /// (`XDG_STATE_HOME` names a PostgreSQL seat's state folder).
  public init(database: String, customerID: String, environment: [String: String] = [:]) throws {
    let parsed = try StoreTermCommand.parser.parse([
      "ui", "--db", database, "--customer", customerID,
    ])
    let log = DiagnosticLog()
    let context = try CommandContext(
      parsed: parsed, output: LogOutput(log: log), environment: environment
    ).openStore(reportingWarnings: false)
    StoreKitRuntime.configure(context.runtime)
    store = Store(configuration: context.managerConfiguration)
    reader = try SnapshotSources.builder(store: store, context: context)
    self.context = context
  }

  /// Primes the event log, starts the store manager and builds the first snapshot.
  ///
  /// What the `.start` effect does. Returns how many transactions the snapshot counts (the
  /// transaction manager's title).
  public func start() async throws -> Int {
    try reader.primeEvents()
    await store.start()
    return await reader.snapshot().transactionPage?.total ?? 0
  }

  /// Reads the new events, then builds the next snapshot.
  ///
  /// What one poll of the watch reads when another customer's change arrived (its catch-up
  /// included). Returns how many events were new and how many transactions the snapshot counts.
  public func poll() async throws -> (events: Int, transactions: Int) {
    _ = try context.engine.catchUp()
    let events = try reader.newEvents()
    let snapshot = await reader.snapshot()
    return (events.count, snapshot.transactionPage?.total ?? 0)
  }

  /// Stops the store manager's listener.
  public func stop() {
    store.stop()
  }
}
