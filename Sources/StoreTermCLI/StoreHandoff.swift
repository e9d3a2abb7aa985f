import Foundation
import StoreCore

/// The store the launch's recovery opened, kept for the command that runs next, and the
/// command's catalog.
///
/// Every command first recovers as an app does at launch (`ManagedStore.recover`), which opens
/// the store; the command then opened it again — the ledger and the app database each probed
/// and opened, the CA's keys read, the catalog decoded — about half of a short command's own
/// work. The command's first `openStore` takes this one instead (and catches up again, as a
/// fresh open would). Handed once, and only to a command for the same customer and ledger.
final class StoreHandoff: @unchecked Sendable {
  // @unchecked: `kept` and `built` are read and written under `lock` only.
  private let lock = NSLock()
  private var kept: (store: StoreContext, customerID: String, database: String)?
  private var built: ProductCatalog?

  /// The catalog `--config` names, once read (a command's options do not change).
  var catalog: ProductCatalog? {
    get { lock.withLock { built } }
    set { lock.withLock { built = newValue } }
  }

  /// Keeps `store`, opened for `customerID` on the ledger at `database`.
  func hand(_ store: StoreContext, customerID: String, database: String) {
    lock.withLock { kept = (store, customerID, database) }
  }

  /// The kept store, once, if it was opened for `customerID` on `database`.
  func take(customerID: String, database: String) -> StoreContext? {
    lock.withLock {
      defer { kept = nil }
      guard let kept, kept.customerID == customerID, kept.database == database else {
        return nil
      }
      return kept.store
    }
  }
}
