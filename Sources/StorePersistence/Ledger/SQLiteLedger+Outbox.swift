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
    let customer = event.customerID
    let lookup = EventNotificationRule.Lookup(
      record: { id in
        try records(customerID: customer, scope: .record(id), headers: headers, db: db).first
      },
      latestOfChain: { original in
        try records(customerID: customer, scope: .chain(original), headers: headers, db: db).last
      },
      subscription: { original in
        try subscriptions(customerID: customer, scope: .chain(original), records: [], db: db)
          .first
      })
    guard
      let notification = try EventNotificationRule.notification(
        for: event, changes: changes, notifier: notifier, lookup: lookup)
    else { return }
    try insert(notification, eventSequence: sequence, db: db)
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
