/// A forward-only migration that trims what every purchase writes, so a purchase commits as few
/// pages as its queries allow.
///
/// A purchase used to write eight pages: the transaction row and its table's interior page, the
/// index by customer, the index by original transaction ID, the event row, the event index by
/// customer, `sqlite_sequence` (for `AUTOINCREMENT`) and the header page. Two of them served no
/// purpose:
///
/// - Events are never deleted, so `INTEGER PRIMARY KEY` numbers them in order without
///   `AUTOINCREMENT` and its `sqlite_sequence` row; readers that follow `seq` see the same
///   sequence.
/// - Most transactions are their own original (`original_id = id`); they are found by their
///   primary key, so the index by original transaction ID keeps only renewals and the rest of a
///   chain (`original_id <> id`). Queries for a chain ask the primary key for the original and
///   this index for the rest.
enum LeanWriteSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "number events without AUTOINCREMENT and index only chained renewals"

  /// Adds the migration to `migrator`, after the support migration.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE TABLE events_numbered (
          seq INTEGER PRIMARY KEY,
          date_ms INTEGER NOT NULL,
          customer_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          transaction_id INTEGER,
          product_id TEXT,
          detail TEXT NOT NULL DEFAULT ''
        );
        INSERT INTO events_numbered (seq, date_ms, customer_id, kind, transaction_id, product_id,
          detail)
        SELECT seq, date_ms, customer_id, kind, transaction_id, product_id, detail FROM events;
        DROP TABLE events;
        ALTER TABLE events_numbered RENAME TO events;
        CREATE INDEX events_by_customer ON events(customer_id, seq);
        DELETE FROM sqlite_sequence WHERE name = 'events';
        DROP INDEX transactions_by_original;
        CREATE INDEX transactions_by_original ON transactions(original_id) WHERE original_id <> id;
        """)
    }
  }
}
