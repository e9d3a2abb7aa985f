/// A forward-only migration that exists for PostgreSQL: its name-and-email search index.
///
/// Both backends record the same migrations in the same order (`storeterm db copy` and the
/// migration tests rely on it). SQLite's ledger has searched names and emails through its FTS5
/// table since the support migration, so here the migration changes nothing; PostgreSQL's
/// (`PostgresLedgerSchema`) adds a GIN index over the same words.
enum SupportSearchSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "index customer names and emails on every backend"

  /// Adds the migration to `migrator`, after the delivery faults'.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { _ in }
  }
}
