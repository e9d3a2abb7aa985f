import Foundation
import StoreCore

extension NotificationOutbox {
  /// At most `limit` notifications older than outbox position `before` (the newest when nil),
  /// newest first: a keyset page over the primary key, so no read ever walks the whole outbox.
  ///
  /// - Returns: the page, and whether older notifications remain.
  public func page(before: Int64?, limit: Int) throws -> (entries: [OutboxEntry], hasOlder: Bool) {
    try queue.read { db in
      let rows = try db.fetchAll(
        "SELECT * FROM outbox WHERE (?1 IS NULL OR seq < ?1) ORDER BY seq DESC LIMIT ?2",
        [SQLiteValue(before), .integer(Int64(limit + 1))])
      let entries = try rows.prefix(limit).map { try Self.entry($0, db: db) }
      return (entries, rows.count > limit)
    }
  }

  /// A value that changes whenever a notification is written or an attempt recorded, by any
  /// process: the newest outbox position and the newest attempt's row.
  public func stamp() throws -> [Int64] {
    try queue.read { db in
      let row = try db.fetchOne(
        """
        SELECT (SELECT coalesce(max(seq), 0) FROM outbox),
          (SELECT coalesce(max(rowid), 0) FROM notification_attempts),
          (SELECT count(*) FROM notification_deliveries WHERE delivered_ms IS NULL)
        """)
      return try (0..<3).map { try row?.get(Int64.self, at: $0) ?? 0 }
    }
  }

  /// Makes notification `sequence` due again at every URL at `now`, with a fresh retry
  /// schedule: `storeterm serve --notify` posts it on its next look, even where it was
  /// acknowledged before (a resend is asked for on purpose).
  ///
  /// - Returns: false when there is no such notification.
  public func resend(sequence: Int64, now: Date) throws -> Bool {
    try queue.write { db in
      guard try db.fetchOne("SELECT 1 FROM outbox WHERE seq = ?", [.integer(sequence)]) != nil
      else { return false }
      try db.execute(
        """
        UPDATE notification_deliveries SET attempts = 0, next_attempt_ms = ?2, delivered_ms = NULL
        WHERE outbox_seq = ?1
        """, [.integer(sequence), .integer(now.epochMilliseconds)])
      return true
    }
  }
}
