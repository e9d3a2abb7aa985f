@_spi(StoreTerm) import StoreKit
import StoreManager

/// The app-side store manager as commands use it: a `Store` over the command's App Store.
///
/// StoreKit is scoped to the command's engine with `StoreKitRuntime.withConfiguration`, so
/// commands run in one process at once (as the tests do) never share an App Store. The store
/// lives on the main actor; the program's top-level code awaits the command, so the main actor
/// is free whenever a command waits for it.
enum ManagedStore {
  /// Runs `body` with a store over `context`, then stops the store's listeners.
  @MainActor
  static func with<Result: Sendable>(
    _ context: StoreContext, _ body: (Store) async throws -> Result
  ) async throws -> Result {
    try await StoreKitRuntime.withConfiguration(context.runtime) {
      let store = Store(configuration: context.managerConfiguration)
      defer { store.stop() }
      return try await body(store)
    }
  }

  /// Delivers every unfinished transaction of the customer through the store's purchase path,
  /// printing a warning on standard error for each one it refuses (unverified, another app's).
  ///
  /// Every command runs this first when the ledger exists, as an app does at launch.
  /// The store it opened is handed to the command (`CommandContext.openStore` takes it).
  @MainActor
  static func recover(_ command: CommandContext) async throws {
    let context = try command.openStore(reportingWarnings: false)
    let warnings = try await with(context) { store in
      await store.recoverUnfinished()
      return store.warnings
    }
    var seen: Set<UInt64> = []
    for warning in warnings where seen.insert(warning.transactionID).inserted {
      command.output.writeError("storeterm: warning: \(warning)\n")
    }
    command.recovered.hand(
      context, customerID: command.customerID, database: command.paths.database)
  }
}
