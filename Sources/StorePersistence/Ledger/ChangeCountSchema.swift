import Foundation

/// The migration that counts a PostgreSQL ledger's changes, under the same name here.
///
/// Both backends' migrations are named and ordered alike (the contract tests hold them so).
/// SQLite's writers share one machine and re-read under `BEGIN IMMEDIATE`, which costs no
/// round trip, so here the migration changes nothing.
enum ChangeCountSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "count the ledger's changes"

  /// Adds the migration to `migrator`, after the support search's.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { _ in }
  }
}
