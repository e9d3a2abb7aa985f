/// Named, forward-only schema migrations, applied in registration order and recorded in the file.
///
/// ```swift
/// var migrator = Migrator()
/// migrator.registerMigration("create events") { db in
///   try db.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL)")
/// }
/// try migrator.migrate(queue)
/// ```
///
/// Each migration runs in its own `write` transaction, which re-reads the applied list first, so
/// two processes migrating the same file at once apply each migration exactly once. The names go
/// in the `storeterm_migrations` table, and the file is stamped with storeterm's SQLite
/// `application_id`. A database that records migrations this build does not know was written by
/// a newer storeterm and is refused untouched; so is a database of another application.
public struct Migrator: Sendable {
  /// storeterm's SQLite `application_id` ("STRM"), stamped into the header of its databases.
  public static let applicationID: Int32 = 0x5354_524D

  private struct Migration: Sendable {
    let name: String
    let body: @Sendable (SQLiteConnection) throws -> Void
  }

  private var migrations: [Migration] = []

  /// Creates a migrator with no migrations.
  public init() {}

  /// The registered migration names, in order.
  public var migrationNames: [String] { migrations.map(\.name) }

  /// Adds a migration after the ones already registered.
  ///
  /// Names are permanent: once released, a migration is never renamed, edited or removed;
  /// changes go in a new migration.
  public mutating func registerMigration(
    _ name: String, _ body: @escaping @Sendable (SQLiteConnection) throws -> Void
  ) {
    migrations.append(Migration(name: name, body: body))
  }

  /// Applies every registered migration not yet applied (up to and including `target`, when
  /// given), each in its own transaction.
  ///
  /// - Throws: `PersistenceError.newerDatabase` when the file has migrations this build does not
  ///   know, `PersistenceError.notADatabase` for another application's database (both before any
  ///   change), `PersistenceError.duplicateMigration`, or whatever a migration throws (that
  ///   migration is rolled back; earlier ones stay applied).
  public func migrate(_ queue: DatabaseQueue, upTo target: String? = nil) throws {
    let pending = try migrationsToApply(upTo: target)
    let applied = try queue.read { db in try checkedAppliedNames(db) }
    for migration in pending where !applied.contains(migration.name) {
      try queue.write { db in
        // Another process may have migrated since the read above; decide again under the lock.
        let current = try checkedAppliedNames(db)
        guard !current.contains(migration.name) else { return }
        try createVersionTable(db)
        try migration.body(db)
        try db.execute(
          "INSERT INTO storeterm_migrations (name) VALUES (?)", [.text(migration.name)])
      }
    }
  }

  /// Checks, without changing anything, that every registered migration has been applied.
  ///
  /// - Throws: `PersistenceError.outdatedDatabase` naming the missing ones, or what
  ///   ``migrate(_:upTo:)`` throws for foreign and newer databases.
  public func requireApplied(_ queue: DatabaseQueue) throws {
    let applied = try queue.read { db in try checkedAppliedNames(db) }
    let pending = migrations.map(\.name).filter { !applied.contains($0) }
    if !pending.isEmpty {
      throw PersistenceError.outdatedDatabase(
        path: queue.location.description, pendingMigrations: pending)
    }
  }

  /// The names of the migrations applied to the database, in the order they were applied.
  public func appliedMigrations(in queue: DatabaseQueue) throws -> [String] {
    try queue.read { db in try Self.appliedNames(db) }
  }

  // MARK: - Private

  private func migrationsToApply(upTo target: String?) throws -> [Migration] {
    var seen: Set<String> = []
    for migration in migrations where !seen.insert(migration.name).inserted {
      throw PersistenceError.duplicateMigration(name: migration.name)
    }
    guard let target else { return migrations }
    guard let end = migrations.firstIndex(where: { $0.name == target }) else {
      throw PersistenceError.unknownMigration(name: target)
    }
    return Array(migrations[...end])
  }

  /// The applied names, after refusing foreign and newer databases.
  private func checkedAppliedNames(_ db: SQLiteConnection) throws -> [String] {
    let path = db.location.description
    let applicationID = try db.fetchOne("PRAGMA application_id")?.get(Int64.self, at: 0) ?? 0
    if applicationID != Int64(Self.applicationID) {
      let objects = try db.fetchOne(
        "SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
      let count = try objects?.get(Int64.self, at: 0) ?? 0
      // A fresh file has no id and no tables yet; the first migration stamps it.
      if applicationID != 0 || count > 0 {
        throw PersistenceError.notADatabase(
          path: path, reason: "it holds another application's data")
      }
    }
    let applied = try Self.appliedNames(db)
    let known = Set(migrations.map(\.name))
    let unknown = applied.filter { !known.contains($0) }
    if !unknown.isEmpty {
      throw PersistenceError.newerDatabase(path: path, unknownMigrations: unknown)
    }
    return applied
  }

  private static func appliedNames(_ db: SQLiteConnection) throws -> [String] {
    let table = try db.fetchOne(
      "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'storeterm_migrations'")
    guard table != nil else { return [] }
    return try db.fetchAll("SELECT name FROM storeterm_migrations ORDER BY position")
      .map { try $0.get(String.self, at: 0) }
  }

  private func createVersionTable(_ db: SQLiteConnection) throws {
    // The pragma takes no bound value; the id is a fixed literal matching `applicationID`.
    try db.execute("PRAGMA application_id = 1398035021")
    try db.execute(
      """
      CREATE TABLE IF NOT EXISTS storeterm_migrations (
        position INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE
      )
      """)
  }
}
