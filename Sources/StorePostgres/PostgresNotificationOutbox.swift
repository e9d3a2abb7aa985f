import Foundation
import StoreCore
import StorePersistence

/// The notification outbox in the PostgreSQL ledger: SQLite's `NotificationOutbox` behind the
/// same port, with a claim that lets several `storeterm serve`s deliver one outbox, each
/// notification once (``PostgresDeliveryClaim``).
public struct PostgresNotificationOutbox: NotificationOutboxStore {
  /// The ledger's database (the API's reads and the outbox's own writes).
  public let database: PostgresDatabase
  /// The connection claims run on, apart from the API's.
  let claims: PostgresClaimSession

  /// Works on `ledger`'s database; claims connect on their own.
  public init(ledger: PostgresLedger) {
    database = ledger.database
    claims = PostgresClaimSession(connectionString: ledger.database.connectionString)
  }

  /// Writes `notification` into the outbox, under the writers' lock (so outbox positions grow
  /// in commit order).
  public func enqueue(_ notification: OutboxNotification) throws {
    try database.write { db in try PostgresLedger.insert(notification, afterEvent: false, db: db) }
  }

  /// Registers `url` (once): it gets every notification written after this first registration.
  public func register(url: String, date: Date) throws {
    try database.write { db in
      try db.execute(
        """
        INSERT INTO notification_endpoints (url, since_seq, added_ms)
        VALUES ($1, (SELECT coalesce(max(seq), 0) FROM outbox), $2) ON CONFLICT DO NOTHING
        """, [.text(url), .integer(date.epochMilliseconds)])
    }
  }

  /// Claims what is due at `url` on the claims' connection (see ``PostgresDeliveryClaim``).
  public func claimDue(
    url: String, bundleID: String, environment: AppStoreEnvironment, now: Date, limit: Int
  ) throws -> any DeliveryClaim {
    try PostgresDeliveryClaim(
      session: claims, url: url, bundleID: bundleID, environment: environment, now: now,
      limit: limit)
  }

  /// Every URL's delivery fault.
  public func faults() throws -> [String: DeliveryFault] {
    try database.read { db in
      var faults: [String: DeliveryFault] = [:]
      for row in try db.execute("SELECT * FROM notification_faults ORDER BY url") {
        let url = try row.string("url")
        faults[url] = try OutboxRows.fault(
          url: url, kind: try row.string("kind"), delayMilliseconds: try row.int64("delay_ms"),
          remaining: try row.integer("remaining"), released: try row.int64("released_seq"))
      }
      return faults
    }
  }

  /// Counts one post a counted fault of `url` affected; the fault is cleared after its last.
  public func consumeFault(url: String) throws {
    try database.write { db in
      try db.execute(
        "UPDATE notification_faults SET remaining = remaining - 1"
          + " WHERE url = $1 AND remaining > 0", [.text(url)])
      try db.execute(
        "DELETE FROM notification_faults"
          + " WHERE url = $1 AND remaining IS NOT NULL AND remaining <= 0", [.text(url)])
    }
  }

  /// Notifications of the app for Get Notification History, oldest first, at most `limit`.
  public func history(
    bundleID: String, environment: AppStoreEnvironment, start: Date, end: Date, after: Int64,
    type: String?, subtype: String?, customerID: String?, onlyFailures: Bool, limit: Int
  ) throws -> [OutboxEntry] {
    try database.read { db in
      try db.execute(
        """
        SELECT * FROM outbox o
        WHERE o.environment = $1 AND o.bundle_id = $2 AND o.signed_ms >= $3 AND o.signed_ms < $4
          AND o.seq > $5 AND ($6::text IS NULL OR o.type = $6)
          AND ($7::text IS NULL OR o.subtype = $7) AND ($8::text IS NULL OR o.customer_id = $8)
          AND ($9 = 0 OR NOT EXISTS (
            SELECT 1 FROM notification_attempts a WHERE a.outbox_seq = o.seq
              AND a.result = 'SUCCESS'))
        ORDER BY o.seq LIMIT $10
        """,
        [
          .text(environment.rawValue), .text(bundleID), .integer(start.epochMilliseconds),
          .integer(end.epochMilliseconds), .integer(after), PostgresValue(type),
          PostgresValue(subtype), PostgresValue(customerID), .integer(onlyFailures ? 1 : 0),
          .integer(Int64(limit)),
        ]
      ).map { try Self.entry($0, db: db) }
    }
  }

  /// The notification with UUID `uuid` (lowercase), if stored.
  public func entry(uuid: String) throws -> OutboxEntry? {
    try database.read { db in
      try db.fetchOne("SELECT * FROM outbox WHERE uuid = $1", [.text(uuid)]).map {
        try Self.entry($0, db: db)
      }
    }
  }

  /// The outbox, oldest first, at most `limit` from the newest.
  public func entries(limit: Int = 1000) throws -> [OutboxEntry] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM (SELECT * FROM outbox ORDER BY seq DESC LIMIT $1) AS latest ORDER BY seq",
        [.integer(Int64(limit))]
      ).map { try Self.entry($0, db: db) }
    }
  }

  /// At most `limit` notifications older than outbox position `before` (the newest when nil),
  /// newest first, by key; and whether older ones remain.
  public func page(before: Int64?, limit: Int) throws -> (entries: [OutboxEntry], hasOlder: Bool) {
    try database.read { db in
      let rows = try db.execute(
        "SELECT * FROM outbox WHERE ($1::bigint IS NULL OR seq < $1) ORDER BY seq DESC LIMIT $2",
        [PostgresValue(before), .integer(Int64(limit + 1))])
      let entries = try rows.prefix(limit).map { try Self.entry($0, db: db) }
      return (entries, rows.count > limit)
    }
  }

  /// The newest outbox position, how many attempts were recorded (attempts are only ever
  /// appended) and how many deliveries are open.
  public func stamp() throws -> [Int64] {
    try database.read { db in
      let row = try db.fetchOne(
        """
        SELECT (SELECT coalesce(max(seq), 0) FROM outbox) AS newest,
          (SELECT count(*) FROM notification_attempts) AS attempts,
          (SELECT count(*) FROM notification_deliveries WHERE delivered_ms IS NULL) AS open
        """)
      return try ["newest", "attempts", "open"].map { try row?.integer($0) ?? 0 }
    }
  }

  /// Makes notification `sequence` due again at every URL at `now`; false when there is none.
  public func resend(sequence: Int64, now: Date) throws -> Bool {
    try database.write { db in
      guard
        try db.fetchOne("SELECT 1 AS found FROM outbox WHERE seq = $1", [.integer(sequence)])
          != nil
      else { return false }
      try db.execute(
        """
        UPDATE notification_deliveries SET attempts = 0, next_attempt_ms = $2, delivered_ms = NULL
        WHERE outbox_seq = $1
        """, [.integer(sequence), .integer(now.epochMilliseconds)])
      return true
    }
  }

  /// Sets (nil: clears) the delivery fault of `url`.
  public func setFault(_ fault: DeliveryFault?, url: String) throws {
    try database.write { db in
      guard let fault else {
        try db.execute("DELETE FROM notification_faults WHERE url = $1", [.text(url)])
        return
      }
      try db.execute(
        """
        INSERT INTO notification_faults (url, kind, delay_ms, remaining, released_seq)
        VALUES ($1, $2, $3, $4, (SELECT coalesce(max(seq), 0) FROM outbox))
        ON CONFLICT (url) DO UPDATE SET kind = excluded.kind, delay_ms = excluded.delay_ms,
          remaining = excluded.remaining
        """,
        [
          .text(url), .text(fault.kind.rawValue), .integer(Int64(fault.delay * 1000)),
          PostgresValue(fault.remaining.map { Int64($0) }),
        ])
    }
  }

  /// Brings every pending retry to `url` (nil: everywhere) forward to `now` and releases what a
  /// delay or a reorder holds; returns how many retries were brought forward.
  @discardableResult
  public func retryNow(url: String?, now: Date) throws -> Int {
    try database.write { db in
      let moved = try db.execute(
        """
        UPDATE notification_deliveries SET next_attempt_ms = $2
        WHERE delivered_ms IS NULL AND next_attempt_ms > $2 AND ($1::text IS NULL OR url = $1)
        RETURNING outbox_seq
        """, [PostgresValue(url), .integer(now.epochMilliseconds)])
      try db.execute(
        """
        UPDATE notification_faults SET released_seq = (SELECT coalesce(max(seq), 0) FROM outbox)
        WHERE $1::text IS NULL OR url = $1
        """, [PostgresValue(url)])
      return moved.count
    }
  }

  /// The entry of one `outbox` row, with its deliveries and attempts, read in the same
  /// transaction.
  static func entry(_ row: PostgresRow, db: PostgresConnection) throws -> OutboxEntry {
    let sequence = try row.int64("seq")
    let notification = try OutboxRows.notification(
      sequence: sequence, uuid: try row.string("uuid"), type: try row.string("type"),
      subtype: try row.text("subtype"), signedPayload: try row.string("signed_payload"),
      signedMilliseconds: try row.int64("signed_ms"), bundleID: try row.string("bundle_id"),
      environment: try row.string("environment"), customerID: try row.string("customer_id"),
      transactionID: try row.integer("transaction_id"))
    let deliveries = try db.execute(
      """
      SELECT e.url, d.attempts, d.delivered_ms, d.next_attempt_ms, d.last_status, d.last_result
      FROM notification_endpoints e
        LEFT JOIN notification_deliveries d ON d.outbox_seq = $1 AND d.url = e.url
      WHERE e.since_seq < $1
      ORDER BY e.url
      """, [.integer(sequence)]
    ).map { row in
      OutboxEntry.Delivery(
        url: try row.string("url"), attempts: Int(try row.integer("attempts") ?? 0),
        deliveredDate: try row.integer("delivered_ms").map(Date.init(epochMilliseconds:)),
        nextAttemptDate: try row.integer("next_attempt_ms").map(Date.init(epochMilliseconds:)),
        lastStatus: try row.integer("last_status").map { Int($0) },
        lastResult: try row.text("last_result") ?? "PENDING")
    }
    // Attempts are only ever appended: their physical order is the order they were made.
    let attempts = try db.execute(
      """
      SELECT attempt_ms, result, http_status, url FROM notification_attempts
      WHERE outbox_seq = $1 ORDER BY attempt_ms, ctid
      """, [.integer(sequence)]
    ).map { row in
      SendAttempt(
        date: Date(epochMilliseconds: try row.int64("attempt_ms")),
        result: try row.string("result"),
        httpStatus: try row.integer("http_status").map { Int($0) }, url: try row.string("url"))
    }
    return OutboxEntry(
      sequence: sequence, notification: notification, deliveries: deliveries, attempts: attempts)
  }
}
