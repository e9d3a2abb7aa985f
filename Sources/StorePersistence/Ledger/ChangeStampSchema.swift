/// A forward-only migration that stamps each transaction with the commit that last wrote it, so
/// the terminal UI can read only the records that changed since it last looked.
///
/// - `transactions.changed_seq`: the change stamp of the commit that last updated the row (see
///   ``SQLiteLedger/changeStamp(_:)``), indexed for "changed after S". Inserted rows keep 0 and
///   stay out of the index, so a purchase writes no page for it: identifiers only grow, so a
///   reader finds new rows by identifier. Rows from before this migration keep 0 as well.
/// - `deleted_transactions`: one row per record deleted on its own, with the stamp of the
///   deleting commit, so a reader drops it too. Identifiers are never reused, so a tombstone
///   never hides a later record.
/// - `counters.transactions_cleared_seq`: the stamp of the last `clearTransactions`, which
///   removes every row at once; a reader that looked before it starts over instead of reading
///   one tombstone per record.
enum ChangeStampSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "stamp transactions with the commit that last changed them"

  /// Adds the migration to `migrator`, after Family Sharing's.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        ALTER TABLE transactions ADD COLUMN changed_seq INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX transactions_by_change ON transactions(changed_seq) WHERE changed_seq > 0;
        CREATE TABLE deleted_transactions (
          id INTEGER PRIMARY KEY,
          deleted_seq INTEGER NOT NULL
        );
        CREATE INDEX deleted_transactions_by_seq ON deleted_transactions(deleted_seq);
        INSERT INTO counters (name, value) VALUES ('transactions_cleared_seq', 0);
        """)
    }
  }
}
