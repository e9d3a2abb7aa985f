/// Named, forward-only migrations of a PostgreSQL ledger, applied in order and recorded in
/// `storeterm_migrations`, as ``StorePersistence/Migrator`` does for SQLite.
///
/// Each migration runs in its own write transaction (holding the writers' lock), which reads the
/// applied list again first, so seats migrating at once apply each exactly once; PostgreSQL's
/// DDL is transactional, so a failed migration leaves nothing behind. A database with tables but
/// no `storeterm_migrations` belongs to another application, and one that records migrations
/// this build does not know was written by a newer storeterm: both are refused untouched.
struct PostgresMigrator {
  /// A migration: its name and its fixed DDL.
  struct Migration {
    let name: String
    let sql: String
  }

  let migrations: [Migration]

  /// Applies every migration not yet applied.
  func migrate(_ database: PostgresDatabase) throws {
    let applied = try database.read { db in try checkedAppliedNames(db, target: database.target) }
    for migration in migrations where !applied.contains(migration.name) {
      try database.write { db in
        let current = try checkedAppliedNames(db, target: database.target)
        guard !current.contains(migration.name) else { return }
        try db.run(
          script: """
            CREATE TABLE IF NOT EXISTS storeterm_migrations (
              position BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
              name TEXT NOT NULL UNIQUE
            )
            """)
        try db.run(script: migration.sql)
        try db.execute(
          "INSERT INTO storeterm_migrations (name) VALUES ($1)", [.text(migration.name)])
      }
    }
  }

  /// Checks, changing nothing, that every migration has been applied (a read-only seat).
  func requireApplied(_ database: PostgresDatabase) throws {
    let applied = try database.read { db in try checkedAppliedNames(db, target: database.target) }
    let pending = migrations.map(\.name).filter { !applied.contains($0) }
    if !pending.isEmpty {
      throw PostgresError(
        .foreignDatabase,
        "the \(database.target) needs an upgrade a read-only seat cannot make (pending"
          + " migrations: \(pending.joined(separator: ", "))); open it once without --read-only")
    }
  }

  /// The applied names, after refusing another application's database and a newer one.
  private func checkedAppliedNames(_ db: PostgresConnection, target: String) throws -> [String] {
    let hasTable =
      try db.fetchOne(
        "SELECT to_regclass('storeterm_migrations') IS NOT NULL AS present")?.text("present")
      == "t"
    guard hasTable else {
      let tables =
        try db.fetchOne(
          "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()"
        )?.int64("n") ?? 0
      if tables > 0 {
        throw PostgresError(
          .foreignDatabase,
          "the \(target) is not a storeterm ledger (it holds another application's tables)")
      }
      return []
    }
    let applied = try db.execute("SELECT name FROM storeterm_migrations ORDER BY position")
      .map { try $0.string("name") }
    let known = Set(migrations.map(\.name))
    let unknown = applied.filter { !known.contains($0) }
    if !unknown.isEmpty {
      throw PostgresError(
        .foreignDatabase,
        "the \(target) was written by a newer storeterm (unknown migrations: "
          + unknown.joined(separator: ", ") + "); upgrade storeterm to open it")
    }
    return applied
  }
}
