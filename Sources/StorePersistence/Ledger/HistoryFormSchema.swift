/// A forward-only migration: `transactions.history_form`, each signed transaction's facts and
/// server JSON as the history endpoints read them (``TransactionHistoryForm``), written with the
/// row's JWS so a history page need not read them out of the JWS again.
///
/// Rows written before it keep NULL and are read from their JWS, as before; so are rows whose
/// payload is not of storeterm's writer's shape.
public enum HistoryFormSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  public static let migrationName = "keep each signed transaction's history form beside its JWS"

  /// The column, in the dialect both backends share.
  public static let sql = "ALTER TABLE transactions ADD COLUMN history_form TEXT;"

  /// Adds the migration to `migrator`, last.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in try db.execute(sql) }
  }
}
