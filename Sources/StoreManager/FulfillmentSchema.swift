import StorePersistence

/// The app-side tables, as named forward-only migrations of the app's own database file.
enum FulfillmentSchema {
  /// The migrations in order; never edit one that has shipped, add a new one.
  static var migrator: Migrator {
    var migrator = Migrator()
    migrator.registerMigration("create fulfillment and balances") { db in
      try db.execute(
        """
        CREATE TABLE fulfillment (
          transaction_id INTEGER PRIMARY KEY,
          account TEXT NOT NULL,
          product_id TEXT NOT NULL,
          product_type TEXT NOT NULL,
          quantity INTEGER NOT NULL,
          granted INTEGER NOT NULL,
          reversed INTEGER NOT NULL DEFAULT 0,
          revoked INTEGER NOT NULL DEFAULT 0,
          purchase_date_ms INTEGER NOT NULL,
          revocation_date_ms INTEGER
        );
        CREATE TABLE balances (
          account TEXT NOT NULL,
          product_id TEXT NOT NULL,
          balance INTEGER NOT NULL CHECK (balance >= 0),
          PRIMARY KEY (account, product_id)
        );
        """)
    }
    return migrator
  }
}
