/// A forward-only migration: the indexes the server's history endpoints page through a
/// customer's signed transactions by, so a page reads a page's worth of rows however long the
/// customer's history (`TransactionHistorySQL`).
///
/// - `transactions_by_customer_purchase`: a customer's signed transactions by purchase date,
///   then identifier (Get Transaction History).
/// - `transactions_by_customer_revocation`: a customer's refunded or revoked transactions by
///   revocation date, then identifier (Get Refund History).
public enum HistoryReadSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  public static let migrationName =
    "index a customer's signed transactions for the history endpoints"

  /// The indexes, in the dialect both backends share.
  public static let sql = """
    CREATE INDEX transactions_by_customer_purchase
      ON transactions(customer_id, purchase_date_ms, id) WHERE jws IS NOT NULL;
    CREATE INDEX transactions_by_customer_revocation
      ON transactions(customer_id, revocation_date_ms, id)
      WHERE revocation_date_ms IS NOT NULL AND jws IS NOT NULL;
    """

  /// Adds the migration to `migrator`, last.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in try db.execute(sql) }
  }
}
