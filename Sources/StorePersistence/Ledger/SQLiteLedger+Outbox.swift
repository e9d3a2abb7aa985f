import Foundation
import StoreCore

extension SQLiteLedger {
  /// The writer that turns each recorded event into a signed notification, if one is set.
  var notifier: (any NotificationWriter)? { notifications.withLock { $0 } }

  /// From now on, every event this ledger records is written with its signed notification
  /// (if Apple sends one for it) into `outbox`, in the same SQLite transaction; nil stops it.
  public func setNotificationWriter(_ writer: (any NotificationWriter)?) {
    notifications.withLock { $0 = writer }
  }

  /// Writes `notification` into `outbox` (a test notification, which no event produces).
  public func enqueue(_ notification: OutboxNotification) throws {
    try queue.write { db in try Self.insert(notification, eventSequence: nil, db: db) }
  }

  /// Signs `event`'s notification with the transaction and subscription as `changes` left them,
  /// right after the event was appended (so `last_insert_rowid()` is the event's sequence).
  static func enqueueNotification(
    for event: StoreEvent, changes: LedgerChanges, notifier: any NotificationWriter,
    headers: JWSHeaderStore, db: SQLiteConnection
  ) throws {
    let sequence = try db.fetchOne("SELECT last_insert_rowid()")?.get(Int64.self, at: 0)
    var transaction: SignedTransaction?
    if let id = event.transactionID {
      transaction =
        try (changes.updated + changes.inserted).last(where: { $0.id == id })?.signed
        ?? records(customerID: event.customerID, scope: .record(id), headers: headers, db: db)
        .first?.signed
    }
    if let payload = transaction?.payload, payload.type == .autoRenewableSubscription,
      NotificationKind.carriesLatestTransaction(event.kind),
      let original = UInt64(payload.originalTransactionId)
    {
      transaction =
        try latestTransaction(
          of: original, customerID: event.customerID, changes: changes, headers: headers, db: db)
        ?? transaction
    }
    var subscription: SubscriptionRecord?
    if let payload = transaction?.payload, payload.type == .autoRenewableSubscription,
      let original = UInt64(payload.originalTransactionId)
    {
      subscription =
        try changes.subscriptions.last(where: { $0.state.originalID == original })
        ?? subscriptions(
          customerID: event.customerID, scope: .chain(original), records: [], db: db
        ).first
    }
    guard
      let notification = try notifier.notification(
        for: event, transaction: transaction, subscription: subscription)
    else { return }
    try insert(notification, eventSequence: sequence, db: db)
  }

  /// The latest signed transaction of chain `original`, as `changes` left it (the highest ID:
  /// renewals and upgrades only ever add later ones).
  static func latestTransaction(
    of original: UInt64, customerID: String, changes: LedgerChanges, headers: JWSHeaderStore,
    db: SQLiteConnection
  ) throws -> SignedTransaction? {
    let originalText = String(original)
    let changed = (changes.updated + changes.inserted).filter {
      $0.customerID == customerID && $0.signed?.payload.originalTransactionId == originalText
    }
    let stored = try records(
      customerID: customerID, scope: .chain(original), headers: headers, db: db)
    guard let latestID = (stored.map(\.id) + changed.map(\.id)).max() else { return nil }
    return changed.last(where: { $0.id == latestID })?.signed
      ?? stored.last(where: { $0.id == latestID })?.signed
  }

  static func insert(
    _ notification: OutboxNotification, eventSequence: Int64?, db: SQLiteConnection
  ) throws {
    try db.execute(
      """
      INSERT INTO outbox (uuid, event_seq, type, subtype, signed_payload, signed_ms, bundle_id,
        environment, customer_id, transaction_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(notification.uuid.uuidString.lowercased()), SQLiteValue(eventSequence),
        .text(notification.kind.type.rawValue), SQLiteValue(notification.kind.subtype?.rawValue),
        .text(notification.signedPayload), .integer(notification.signedDate.epochMilliseconds),
        .text(notification.bundleID), .text(notification.environment.rawValue),
        .text(notification.customerID),
        SQLiteValue(notification.transactionID.map { Int64($0) }),
      ])
  }
}
