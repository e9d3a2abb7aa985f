/// The ledger's tables, as named forward-only migrations.
///
/// Each transaction is stored as its signed JWS (the source of truth, its payload decoded on
/// read; its header kept once in `jws_headers`, see `JWSHeaderSchema`) plus a few columns for
/// queries; every change appends a row to `events`.
enum LedgerSchema {
  /// The migrations' names in order: every backend names and orders its migrations the same.
  static var migrationNames: [String] { migrator.migrationNames }

  /// The migrations in order; never edit one that has shipped, add a new one.
  static var migrator: Migrator {
    var migrator = Migrator()
    migrator.registerMigration("create customers, transactions and events") { db in
      try db.execute(
        """
        CREATE TABLE customers (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          email TEXT NOT NULL,
          storefront TEXT NOT NULL,
          family_group TEXT,
          device_verification_id TEXT NOT NULL,
          created_ms INTEGER NOT NULL
        );
        CREATE TABLE transactions (
          id INTEGER PRIMARY KEY,
          customer_id TEXT NOT NULL REFERENCES customers(id),
          product_id TEXT NOT NULL,
          state TEXT NOT NULL,
          quantity INTEGER NOT NULL,
          app_account_token TEXT,
          offer TEXT,
          jws TEXT,
          original_id INTEGER,
          product_type TEXT,
          group_id TEXT,
          purchase_date_ms INTEGER,
          expires_date_ms INTEGER,
          revocation_date_ms INTEGER,
          finished INTEGER NOT NULL DEFAULT 0,
          created_ms INTEGER NOT NULL,
          CHECK ((state = 'purchased') = (jws IS NOT NULL))
        );
        CREATE INDEX transactions_by_customer ON transactions(customer_id, id);
        CREATE TABLE events (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          date_ms INTEGER NOT NULL,
          customer_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          transaction_id INTEGER,
          product_id TEXT,
          detail TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE counters (
          name TEXT PRIMARY KEY,
          value INTEGER NOT NULL
        );
        INSERT INTO counters (name, value) VALUES ('next_transaction_id', 1);
        """)
    }
    migrator.registerMigration("create subscriptions and the clock") { db in
      try db.execute(
        """
        CREATE TABLE subscriptions (
          original_id INTEGER PRIMARY KEY,
          customer_id TEXT NOT NULL REFERENCES customers(id),
          group_id TEXT NOT NULL,
          state_json TEXT NOT NULL,
          renewal_jws TEXT,
          next_event_ms INTEGER
        );
        CREATE INDEX subscriptions_by_customer ON subscriptions(customer_id, group_id);
        CREATE INDEX subscriptions_due ON subscriptions(next_event_ms)
          WHERE next_event_ms IS NOT NULL;
        CREATE TABLE clock (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          real_anchor_ms INTEGER NOT NULL,
          simulated_anchor_ms INTEGER NOT NULL,
          rate INTEGER NOT NULL
        );
        """)
    }
    SupportSchema.register(&migrator)
    LeanWriteSchema.register(&migrator)
    // Family Sharing: each shared copy points at the purchaser's transaction it mirrors, and
    // families are looked up by name.
    migrator.registerMigration("share purchases with family members") { db in
      try db.execute(
        """
        ALTER TABLE transactions ADD COLUMN shared_from INTEGER;
        CREATE INDEX transactions_by_shared_from ON transactions(shared_from)
          WHERE shared_from IS NOT NULL;
        CREATE INDEX customers_by_family ON customers(family_group)
          WHERE family_group IS NOT NULL;
        """)
    }
    ChangeStampSchema.register(&migrator)
    JWSHeaderSchema.register(&migrator)
    SessionSwitchSchema.register(&migrator)
    ServerSchema.register(&migrator)
    NotificationSchema.register(&migrator)
    ServerRequestSchema.register(&migrator)
    RetentionSchema.register(&migrator)
    HistoryIndexSchema.register(&migrator)
    DeliveryFaultSchema.register(&migrator)
    SupportSearchSchema.register(&migrator)
    ChangeCountSchema.register(&migrator)
    HistoryReadSchema.register(&migrator)
    HistoryFormSchema.register(&migrator)
    return migrator
  }
}
