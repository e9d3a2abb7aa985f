import StoreManager
import StorePersistence

/// The ledger and the app's records agree on which transaction IDs were handed out, or the
/// user is told.
///
/// SQLite keeps recent commits in `ledger.sqlite-wal`; a user who deletes it as clutter rolls
/// the ledger back, and the next purchase would get an ID the app already delivered, so the
/// app would call it a duplicate and the customer would lose what they paid for.
enum LedgerAgreement {
  /// Refuses to open a ledger that is behind the app's records; `reset` (which starts over)
  /// instead moves the ledger's IDs past everything the app holds.
  static func check(
    ledger: StoreLedger, fulfillment: FulfillmentStore, paths: StorePaths, isReset: Bool
  ) throws {
    guard let known = try fulfillment.highestTransactionID() else { return }
    let next = try ledger.nextTransactionIdentifier()
    guard known >= next else { return }
    if isReset {
      try ledger.retireTransactionIdentifiers(through: known)
      return
    }
    let place = paths.postgres.map(PostgresURI.display) ?? paths.database
    throw CommandFailure(
      "\(place): the app's records hold transaction \(known) but the ledger ends at "
        + "\(next - 1), so it was rolled back or replaced (a deleted -wal file?) and would reuse "
        + "transaction IDs; restore it, or run 'storeterm reset --yes' to continue after \(known)")
  }
}
