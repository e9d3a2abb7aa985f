/// The tables of the App Store's server side (`storeterm serve`), as one forward-only migration.
///
/// - `server_keys`: the App Store Server API keys developers registered with
///   `storeterm server-keys create`: the key ID, the issuer ID, the public key (DER; the private
///   key is only ever in the developer's `.p8` file), when it was created and revoked.
/// - `order_ids`: each purchase's order ID (the ID on the customer's email receipt, which
///   Look Up Order ID takes), one per transaction that was charged, given by triggers in the
///   same SQLite transaction that stores the charge, so every writer (engine, imports, the
///   benchmarks' direct inserts) gets one without knowing about it. Every charge has its own
///   (a purchase, each renewal), as every charge has its own receipt email.
enum ServerSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "add server keys and order IDs"

  // An order ID is ten hexadecimal digits of a bijection of the transaction ID modulo 2^40:
  // a multiplication by an odd number, then an exclusive or written as `(a | b) - (a & b)`
  // (SQLite has no XOR), so order IDs never collide, do not count up visibly, and stay within
  // SQLite's 64-bit integers. The expression is written out in each place: no SQL here is
  // built by interpolation.

  /// Adds the migration to `migrator`.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE TABLE server_keys (
          key_id TEXT PRIMARY KEY,
          issuer_id TEXT NOT NULL,
          public_key BLOB NOT NULL,
          created_ms INTEGER NOT NULL,
          revoked_ms INTEGER
        );
        CREATE TABLE order_ids (
          transaction_id INTEGER PRIMARY KEY,
          order_id TEXT NOT NULL UNIQUE
        );
        CREATE TRIGGER order_id_on_purchase AFTER INSERT ON transactions
          WHEN NEW.state = 'purchased' AND NEW.shared_from IS NULL
        BEGIN
          INSERT OR IGNORE INTO order_ids (transaction_id, order_id)
          VALUES (NEW.id, printf('%010X',
            ((NEW.id % 1099511627776) * 5183129 % 1099511627776 | 388195008090)
            - ((NEW.id % 1099511627776) * 5183129 % 1099511627776 & 388195008090)));
        END;
        CREATE TRIGGER order_id_on_approval AFTER UPDATE OF state ON transactions
          WHEN NEW.state = 'purchased' AND OLD.state <> 'purchased' AND NEW.shared_from IS NULL
        BEGIN
          INSERT OR IGNORE INTO order_ids (transaction_id, order_id)
          VALUES (NEW.id, printf('%010X',
            ((NEW.id % 1099511627776) * 5183129 % 1099511627776 | 388195008090)
            - ((NEW.id % 1099511627776) * 5183129 % 1099511627776 & 388195008090)));
        END;
        INSERT OR IGNORE INTO order_ids (transaction_id, order_id)
          SELECT id, printf('%010X',
            ((id % 1099511627776) * 5183129 % 1099511627776 | 388195008090)
            - ((id % 1099511627776) * 5183129 % 1099511627776 & 388195008090))
          FROM transactions
          WHERE state = 'purchased' AND shared_from IS NULL;
        """)
    }
  }
}
