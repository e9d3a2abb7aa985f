import Foundation
import StoreCore
import StorePersistence

extension PostgresLedger {
  /// From now on, every event this ledger records is written with its signed notification (if
  /// Apple sends one for it) into `outbox`, in the same transaction; nil stops it.
  public func setNotificationWriter(_ writer: (any NotificationWriter)?) {
    notifications.withLock { $0 = writer }
  }

  /// Writes `notification` into `outbox` (a test notification, which no event produces).
  public func enqueue(_ notification: OutboxNotification) throws {
    try write { db in try Self.insert(notification, afterEvent: false, db: db) }
  }

  /// Signs `event`'s notification by the rule both backends share, and stores it.
  func enqueueNotification(
    for event: StoreEvent, changes: LedgerChanges,
    notifier: any NotificationWriter, db: PostgresConnection
  ) throws {
    let customer = event.customerID
    let lookup = EventNotificationRule.Lookup(
      record: { id in try self.records(customerID: customer, scope: .record(id), db: db).first },
      latestOfChain: { original in
        try self.records(customerID: customer, scope: .chain(original), db: db).last
      },
      subscription: { original in
        try Self.subscriptions(customerID: customer, scope: .chain(original), records: [], db: db)
          .first
      })
    guard
      let notification = try EventNotificationRule.notification(
        for: event, changes: changes, notifier: notifier, lookup: lookup)
    else { return }
    try Self.insert(notification, afterEvent: true, db: db)
  }

  /// Inserts `notification` with the next round trip; with `afterEvent`, linked to the event
  /// this session inserted just before it (the event that produced it).
  static func insert(
    _ notification: OutboxNotification, afterEvent: Bool, db: PostgresConnection
  ) throws {
    // The event's sequence is the identity's `currval`, read only when asked for (a session
    // that inserted no event has none).
    try db.executeLater(
      """
      INSERT INTO outbox (uuid, event_seq, type, subtype, signed_payload, signed_ms, bundle_id,
        environment, customer_id, transaction_id)
      VALUES ($1, CASE WHEN $2::boolean THEN currval(pg_get_serial_sequence('events', 'seq')) END,
        $3, $4, $5, $6, $7, $8, $9, $10)
      """,
      [
        .text(notification.uuid.uuidString.lowercased()), .text(afterEvent ? "true" : "false"),
        .text(notification.kind.type.rawValue),
        PostgresValue(notification.kind.subtype?.rawValue), .text(notification.signedPayload),
        .integer(notification.signedDate.epochMilliseconds), .text(notification.bundleID),
        .text(notification.environment.rawValue), .text(notification.customerID),
        PostgresValue(notification.transactionID.map { Int64($0) }),
      ])
  }

  /// The outbox's notifications after `sequence`, oldest first, at most `limit`: their
  /// sequence and signed payload.
  public func outbox(after sequence: Int64, limit: Int) throws -> [(seq: Int64, payload: String)] {
    try database.read { db in
      try db.execute(
        "SELECT seq, signed_payload FROM outbox WHERE seq > $1 ORDER BY seq LIMIT $2",
        [.integer(sequence), .integer(Int64(limit))]
      ).map { (try $0.int64("seq"), try $0.string("signed_payload")) }
    }
  }
}
