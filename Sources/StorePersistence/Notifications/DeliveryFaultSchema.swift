/// The table of delivery faults, as one forward-only migration.
///
/// - `notification_faults`: per notification URL, the fault QA set (`kind`, `delay_ms`,
///   `remaining` posts or null for all, `released_seq`: outbox rows no longer held). Read by
///   `storeterm serve --notify` before each round of posts, so a fault set by another process
///   applies at once.
enum DeliveryFaultSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "add notification delivery faults"

  /// Adds the migration to `migrator`.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE TABLE notification_faults (
          url TEXT PRIMARY KEY,
          kind TEXT NOT NULL,
          delay_ms INTEGER NOT NULL,
          remaining INTEGER,
          released_seq INTEGER NOT NULL
        );
        """)
    }
  }
}
