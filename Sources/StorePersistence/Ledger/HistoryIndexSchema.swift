/// A forward-only migration: the indexes that let a command read a customer's deciding records,
/// newest events and rare events without a pass over a history that grows with every renewal
/// (issue 27, item 13).
///
/// - `transactions_by_chain`: a customer's auto-renewable transactions by chain, product and
///   purchase order, for "the latest of each chain and product" and "the next one after".
/// - `transactions_by_product`: a customer's non-consumables and non-renewing subscriptions by
///   product and purchase order, for "the latest of each product".
/// - `transactions_by_customer_product`: a customer's transactions of one product
///   (`Transaction.all(for:)`, which the app's launch sweeps its consumables with).
/// - `transactions_by_consumable`: a customer's consumables (the explainer counts them).
/// - `transactions_unfinished`: a customer's charged transactions the app has not finished
///   (every command's launch recovery reads them; a scan of the customer's rows read every
///   renewal's page).
/// - `transactions_requests` and `transactions_copies`: a customer's purchase requests (never
///   charged) and Family Sharing copies, which are few beside their renewals.
/// - `events_by_customer_date`: a customer's events in timeline order (date, then sequence), for
///   the newest page of the timeline.
/// - `events_by_customer_kind`: a customer's events by kind, for the few kinds an answer rests on
///   (an expiry, a declined request) however old they are.
///
/// Each partial index's condition is written out in the queries that use it (SQLite uses a
/// partial index only when the query states its condition).
enum HistoryIndexSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "index chains, products and the timeline for long histories"

  /// Adds the migration to `migrator`, last.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE INDEX transactions_by_chain
          ON transactions(customer_id, original_id, product_id, purchase_date_ms, id)
          WHERE product_type = 'Auto-Renewable Subscription';
        CREATE INDEX transactions_by_product
          ON transactions(customer_id, product_id, purchase_date_ms, id)
          WHERE product_type IN ('Non-Consumable', 'Non-Renewing Subscription');
        CREATE INDEX transactions_by_customer_product ON transactions(customer_id, product_id, id);
        CREATE INDEX transactions_by_consumable ON transactions(customer_id, product_id, id)
          WHERE product_type = 'Consumable';
        CREATE INDEX transactions_unfinished ON transactions(customer_id, id)
          WHERE finished = 0 AND jws IS NOT NULL;
        CREATE INDEX transactions_requests ON transactions(customer_id, id) WHERE jws IS NULL;
        CREATE INDEX transactions_copies ON transactions(customer_id, original_id, id)
          WHERE shared_from IS NOT NULL;
        CREATE INDEX events_by_customer_date ON events(customer_id, date_ms, seq);
        CREATE INDEX events_by_customer_kind ON events(customer_id, kind, seq);
        """)
    }
  }
}
