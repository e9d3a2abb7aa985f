/// The tables of App Store Server Notifications V2, as one forward-only migration.
///
/// - `outbox`: every signed notification, written by the ledger in the same SQLite transaction
///   as the event it reports (or by Request a Test Notification), never changed afterwards.
/// - `notification_endpoints`: each URL `storeterm serve --notify` was given, with the last
///   outbox row that existed when it was first given: it gets every notification after that.
/// - `notification_deliveries`: per notification and URL, the attempts made, whether it was
///   delivered, and when the next retry is due (simulated time; null once delivered or given up).
/// - `notification_attempts`: every attempt, for Get Notification History's `sendAttempts`.
enum NotificationSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "add the server notification outbox"

  /// Adds the migration to `migrator`.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE TABLE outbox (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          uuid TEXT NOT NULL UNIQUE,
          event_seq INTEGER,
          type TEXT NOT NULL,
          subtype TEXT,
          signed_payload TEXT NOT NULL,
          signed_ms INTEGER NOT NULL,
          bundle_id TEXT NOT NULL,
          environment TEXT NOT NULL,
          customer_id TEXT NOT NULL,
          transaction_id INTEGER
        );
        CREATE INDEX outbox_by_app ON outbox (environment, bundle_id, signed_ms);
        CREATE TABLE notification_endpoints (
          url TEXT PRIMARY KEY,
          since_seq INTEGER NOT NULL,
          added_ms INTEGER NOT NULL
        );
        CREATE TABLE notification_deliveries (
          outbox_seq INTEGER NOT NULL REFERENCES outbox(seq),
          url TEXT NOT NULL,
          attempts INTEGER NOT NULL,
          next_attempt_ms INTEGER,
          delivered_ms INTEGER,
          last_status INTEGER,
          last_result TEXT NOT NULL,
          PRIMARY KEY (outbox_seq, url)
        );
        CREATE TABLE notification_attempts (
          outbox_seq INTEGER NOT NULL REFERENCES outbox(seq),
          url TEXT NOT NULL,
          attempt_ms INTEGER NOT NULL,
          result TEXT NOT NULL,
          http_status INTEGER
        );
        CREATE INDEX notification_attempts_by_notification ON notification_attempts (outbox_seq);
        """)
    }
  }
}
