/// The tables of the App Store Server API's data-changing requests, as one forward-only
/// migration.
///
/// - `mass_extensions`: each Extend Subscription Renewal Dates for All Active Subscribers
///   request, keyed by product and `requestIdentifier`, with its counts once complete (storeterm
///   completes it within the request), for Get Status of Subscription Renewal Date Extensions.
/// - `consumption_info`: each Send Consumption Information body as the developer sent it
///   (`version` 1 or 2), newest last; the App Store keeps it to inform a refund decision.
enum ServerRequestSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "add renewal extensions and consumption information"

  /// Adds the migration to `migrator`.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE TABLE mass_extensions (
          product_id TEXT NOT NULL,
          request_identifier TEXT NOT NULL,
          bundle_id TEXT NOT NULL,
          environment TEXT NOT NULL,
          requested_ms INTEGER NOT NULL,
          complete_ms INTEGER,
          succeeded INTEGER NOT NULL DEFAULT 0,
          failed INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (product_id, request_identifier)
        );
        CREATE TABLE consumption_info (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          transaction_id INTEGER NOT NULL,
          version INTEGER NOT NULL,
          body_json TEXT NOT NULL,
          received_ms INTEGER NOT NULL
        );
        CREATE INDEX consumption_by_transaction ON consumption_info(transaction_id);
        """)
    }
  }
}
