/// The support console's tables and indexes, as a forward-only migration of the ledger.
///
/// Lookups by transaction ID use the primary key; by original transaction ID, app account token
/// and customer (for the timeline) these indexes; names and emails a full-text index kept in
/// step with `customers` by triggers, so a search never scans a million rows.
///
/// Imported App Store data lives in `imported_items`, apart from the simulated `transactions`:
/// it was signed by someone else, may have failed verification, and must never be mistaken for
/// (or counted with) what the simulated App Store issued.
enum SupportSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "index customers for support and store imported App Store data"

  /// Adds the migration to `migrator`, after the ledger's own.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE INDEX transactions_by_original ON transactions(original_id)
          WHERE original_id IS NOT NULL;
        CREATE INDEX transactions_by_token ON transactions(app_account_token)
          WHERE app_account_token IS NOT NULL;
        CREATE INDEX events_by_customer ON events(customer_id, seq);
        CREATE VIRTUAL TABLE customer_search USING fts5(
          id, name, email, content = 'customers', content_rowid = 'rowid'
        );
        CREATE TRIGGER customers_search_insert AFTER INSERT ON customers BEGIN
          INSERT INTO customer_search (rowid, id, name, email)
          VALUES (new.rowid, new.id, new.name, new.email);
        END;
        CREATE TRIGGER customers_search_delete AFTER DELETE ON customers BEGIN
          INSERT INTO customer_search (customer_search, rowid, id, name, email)
          VALUES ('delete', old.rowid, old.id, old.name, old.email);
        END;
        CREATE TRIGGER customers_search_update AFTER UPDATE ON customers BEGIN
          INSERT INTO customer_search (customer_search, rowid, id, name, email)
          VALUES ('delete', old.rowid, old.id, old.name, old.email);
          INSERT INTO customer_search (rowid, id, name, email)
          VALUES (new.rowid, new.id, new.name, new.email);
        END;
        INSERT INTO customer_search (customer_search) VALUES ('rebuild');
        CREATE TABLE imported_items (
          id INTEGER PRIMARY KEY,
          customer_key TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('transaction', 'renewalInfo', 'notification')),
          jws TEXT NOT NULL UNIQUE,
          verified INTEGER NOT NULL CHECK (verified IN (0, 1)),
          failure TEXT,
          transaction_id TEXT,
          original_id TEXT,
          app_account_token TEXT,
          product_id TEXT,
          storefront TEXT,
          signed_ms INTEGER,
          source TEXT NOT NULL,
          imported_ms INTEGER NOT NULL,
          CHECK ((verified = 1) = (failure IS NULL))
        );
        CREATE INDEX imported_by_customer ON imported_items(customer_key, id);
        CREATE INDEX imported_by_transaction ON imported_items(transaction_id)
          WHERE transaction_id IS NOT NULL;
        CREATE INDEX imported_by_original ON imported_items(original_id)
          WHERE original_id IS NOT NULL;
        CREATE INDEX imported_by_token ON imported_items(app_account_token)
          WHERE app_account_token IS NOT NULL;
        """)
    }
  }
}
