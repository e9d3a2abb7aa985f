import Foundation
import StoreCore

/// The ledger's notification outbox: the URLs notifications go to, what is due, each attempt,
/// and the history, read and written by prepared statements on the ledger's queue.
public struct NotificationOutbox: Sendable {
  /// The ledger's database.
  public let queue: DatabaseQueue

  /// Works on `ledger`'s database.
  public init(ledger: SQLiteLedger) { queue = ledger.queue }

  /// Registers `url` (once): it gets every notification written after this first registration.
  public func register(url: String, date: Date) throws {
    try queue.write { db in
      try db.execute(
        """
        INSERT OR IGNORE INTO notification_endpoints (url, since_seq, added_ms)
        VALUES (?, (SELECT coalesce(max(seq), 0) FROM outbox), ?)
        """, [.text(url), .integer(date.epochMilliseconds)])
    }
  }

  /// Notifications of `bundleID` in `environment` due at `url` by `now`: never tried, or failed
  /// with a retry due; oldest first, at most `limit`.
  public func due(
    url: String, bundleID: String, environment: AppStoreEnvironment, now: Date, limit: Int
  ) throws -> [DueDelivery] {
    try queue.read { db in
      try db.fetchAll(
        """
        SELECT o.seq, o.signed_payload, coalesce(d.attempts, 0), o.signed_ms FROM outbox o
          JOIN notification_endpoints e ON e.url = ?1
          LEFT JOIN notification_deliveries d ON d.outbox_seq = o.seq AND d.url = e.url
        WHERE o.seq > e.since_seq AND o.environment = ?2 AND o.bundle_id = ?3
          AND (d.outbox_seq IS NULL OR (d.delivered_ms IS NULL AND d.next_attempt_ms <= ?4))
        ORDER BY o.seq LIMIT ?5
        """,
        [
          .text(url), .text(environment.rawValue), .text(bundleID),
          .integer(now.epochMilliseconds), .integer(Int64(limit)),
        ]
      ).map { row in
        DueDelivery(
          sequence: try row.get(Int64.self, at: 0), url: url,
          signedPayload: try row.get(String.self, at: 1),
          attempts: Int(try row.get(Int64.self, at: 2)),
          signedDate: Date(epochMilliseconds: try row.get(Int64.self, at: 3)))
      }
    }
  }

  /// Records an attempt to post notification `sequence` to `url`: delivered (a 2xx), or failed
  /// with the next attempt due at `nextAttempt` (nil: no more attempts).
  public func record(
    _ attempt: SendAttempt, sequence: Int64, delivered: Bool, nextAttempt: Date?
  ) throws {
    // Committed before the next post, so a killed server never posts again what a receiver
    // acknowledged; not waited for on the disk (a third of a delivery's time): after a power
    // cut a delivery may be posted twice, as Apple's own may.
    try queue.writeSurvivingCrashes { db in
      try db.execute(
        """
        INSERT INTO notification_attempts (outbox_seq, url, attempt_ms, result, http_status)
        VALUES (?, ?, ?, ?, ?)
        """,
        [
          .integer(sequence), .text(attempt.url), .integer(attempt.date.epochMilliseconds),
          .text(attempt.result), SQLiteValue(attempt.httpStatus.map { Int64($0) }),
        ])
      try db.execute(
        """
        INSERT INTO notification_deliveries (outbox_seq, url, attempts, next_attempt_ms,
          delivered_ms, last_status, last_result)
        VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6)
        ON CONFLICT (outbox_seq, url) DO UPDATE SET attempts = attempts + 1,
          next_attempt_ms = ?3, delivered_ms = ?4, last_status = ?5, last_result = ?6
        """,
        [
          .integer(sequence), .text(attempt.url),
          SQLiteValue(delivered ? nil : nextAttempt?.epochMilliseconds),
          SQLiteValue(delivered ? attempt.date.epochMilliseconds : nil),
          SQLiteValue(attempt.httpStatus.map { Int64($0) }), .text(attempt.result),
        ])
    }
  }

  /// The outbox, oldest first, at most `limit` from the newest.
  public func entries(limit: Int = 1000) throws -> [OutboxEntry] {
    try queue.read { db in
      let rows = try db.fetchAll(
        "SELECT * FROM (SELECT * FROM outbox ORDER BY seq DESC LIMIT ?) ORDER BY seq",
        [.integer(Int64(limit))])
      return try rows.map { try Self.entry($0, db: db) }
    }
  }

  /// Notifications of the app for Get Notification History: signed from `start` (inclusive) to
  /// `end` (exclusive), after outbox position `after`, optionally only of `type` and `subtype`,
  /// of `customerID`, or not yet delivered everywhere; oldest first, at most `limit`.
  public func history(
    bundleID: String, environment: AppStoreEnvironment, start: Date, end: Date, after: Int64,
    type: String?, subtype: String?, customerID: String?, onlyFailures: Bool, limit: Int
  ) throws -> [OutboxEntry] {
    try queue.read { db in
      let rows = try db.fetchAll(
        """
        SELECT * FROM outbox o
        WHERE o.environment = ?1 AND o.bundle_id = ?2 AND o.signed_ms >= ?3 AND o.signed_ms < ?4
          AND o.seq > ?5 AND (?6 IS NULL OR o.type = ?6) AND (?7 IS NULL OR o.subtype = ?7)
          AND (?8 IS NULL OR o.customer_id = ?8)
          AND (?9 = 0 OR NOT EXISTS (
            SELECT 1 FROM notification_attempts a WHERE a.outbox_seq = o.seq
              AND a.result = 'SUCCESS'))
        ORDER BY o.seq LIMIT ?10
        """,
        [
          .text(environment.rawValue), .text(bundleID), .integer(start.epochMilliseconds),
          .integer(end.epochMilliseconds), .integer(after), SQLiteValue(type),
          SQLiteValue(subtype), SQLiteValue(customerID), .integer(onlyFailures ? 1 : 0),
          .integer(Int64(limit)),
        ])
      return try rows.map { try Self.entry($0, db: db) }
    }
  }

  /// The notification with UUID `uuid` (lowercase), if stored.
  public func entry(uuid: String) throws -> OutboxEntry? {
    try queue.read { db in
      try db.fetchOne("SELECT * FROM outbox WHERE uuid = ?", [.text(uuid)]).map {
        try Self.entry($0, db: db)
      }
    }
  }

  static func entry(_ row: Row, db: SQLiteConnection) throws -> OutboxEntry {
    let sequence = try row.get(Int64.self, "seq")
    let notification = try OutboxRows.notification(
      sequence: sequence, uuid: try row.get(String.self, "uuid"),
      type: try row.get(String.self, "type"), subtype: try row.get(String?.self, "subtype"),
      signedPayload: try row.get(String.self, "signed_payload"),
      signedMilliseconds: try row.get(Int64.self, "signed_ms"),
      bundleID: try row.get(String.self, "bundle_id"),
      environment: try row.get(String.self, "environment"),
      customerID: try row.get(String.self, "customer_id"),
      transactionID: try row.get(Int64?.self, "transaction_id"))
    let deliveries = try db.fetchAll(
      """
      SELECT e.url, d.attempts, d.delivered_ms, d.next_attempt_ms, d.last_status, d.last_result
      FROM notification_endpoints e
        LEFT JOIN notification_deliveries d ON d.outbox_seq = ?1 AND d.url = e.url
      WHERE e.since_seq < ?1
      ORDER BY e.url
      """, [.integer(sequence)]
    ).map { row in
      OutboxEntry.Delivery(
        url: try row.get(String.self, at: 0),
        attempts: Int(try row.get(Int64?.self, at: 1) ?? 0),
        deliveredDate: try row.get(Int64?.self, at: 2).map(Date.init(epochMilliseconds:)),
        nextAttemptDate: try row.get(Int64?.self, at: 3).map(Date.init(epochMilliseconds:)),
        lastStatus: try row.get(Int64?.self, at: 4).map { Int($0) },
        lastResult: try row.get(String?.self, at: 5) ?? "PENDING")
    }
    let attempts = try db.fetchAll(
      """
      SELECT attempt_ms, result, http_status, url FROM notification_attempts
      WHERE outbox_seq = ? ORDER BY attempt_ms, rowid
      """, [.integer(sequence)]
    ).map { row in
      SendAttempt(
        date: Date(epochMilliseconds: try row.get(Int64.self, at: 0)),
        result: try row.get(String.self, at: 1),
        httpStatus: try row.get(Int64?.self, at: 2).map { Int($0) },
        url: try row.get(String.self, at: 3))
    }
    return OutboxEntry(
      sequence: sequence, notification: notification, deliveries: deliveries, attempts: attempts)
  }
}
