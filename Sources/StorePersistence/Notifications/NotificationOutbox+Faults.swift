import Foundation
import StoreCore

extension NotificationOutbox {
  /// Sets (nil: clears) the delivery fault of `url`.
  public func setFault(_ fault: DeliveryFault?, url: String) throws {
    try queue.write { db in
      guard let fault else {
        try db.execute("DELETE FROM notification_faults WHERE url = ?", [.text(url)])
        return
      }
      try db.execute(
        """
        INSERT INTO notification_faults (url, kind, delay_ms, remaining, released_seq)
        VALUES (?1, ?2, ?3, ?4, (SELECT coalesce(max(seq), 0) FROM outbox))
        ON CONFLICT (url) DO UPDATE SET kind = ?2, delay_ms = ?3, remaining = ?4
        """,
        [
          .text(url), .text(fault.kind.rawValue), .integer(Int64(fault.delay * 1000)),
          SQLiteValue(fault.remaining.map { Int64($0) }),
        ])
    }
  }

  /// Every URL's delivery fault.
  public func faults() throws -> [String: DeliveryFault] {
    try queue.read { db in
      var faults: [String: DeliveryFault] = [:]
      for row in try db.fetchAll("SELECT * FROM notification_faults ORDER BY url") {
        let url = try row.get(String.self, "url")
        faults[url] = try OutboxRows.fault(
          url: url, kind: try row.get(String.self, "kind"),
          delayMilliseconds: try row.get(Int64.self, "delay_ms"),
          remaining: try row.get(Int64?.self, "remaining"),
          released: try row.get(Int64.self, "released_seq"))
      }
      return faults
    }
  }

  /// Counts one post a counted fault of `url` affected; the fault is cleared after its last.
  public func consumeFault(url: String) throws {
    try queue.write { db in
      try db.execute(
        "UPDATE notification_faults SET remaining = remaining - 1 WHERE url = ? AND remaining > 0",
        [.text(url)])
      try db.execute(
        "DELETE FROM notification_faults WHERE url = ? AND remaining IS NOT NULL AND remaining <= 0",
        [.text(url)])
    }
  }

  /// "Send the retry now": every failed delivery to `url` (nil: to every URL) that has a retry
  /// left is due at `now`, and whatever a delay or a reorder holds is released.
  ///
  /// - Returns: how many retries were brought forward.
  @discardableResult
  public func retryNow(url: String?, now: Date) throws -> Int {
    try queue.write { db in
      try db.execute(
        """
        UPDATE notification_deliveries SET next_attempt_ms = ?2
        WHERE delivered_ms IS NULL AND next_attempt_ms > ?2 AND (?1 IS NULL OR url = ?1)
        """, [SQLiteValue(url), .integer(now.epochMilliseconds)])
      let moved = try db.fetchOne("SELECT changes()")?.get(Int64.self, at: 0) ?? 0
      try db.execute(
        """
        UPDATE notification_faults SET released_seq = (SELECT coalesce(max(seq), 0) FROM outbox)
        WHERE ?1 IS NULL OR url = ?1
        """, [SQLiteValue(url)])
      return Int(moved)
    }
  }
}
