/// The Retention Messaging API's configuration, as one forward-only migration.
///
/// Every table is per app (bundle ID and environment, as Apple keeps sandbox and production
/// apart):
///
/// - `retention_images`: each uploaded PNG with its size class, dimensions and approval state.
/// - `retention_messages`: each uploaded message (`UploadMessageRequestBody` as JSON) and state.
/// - `retention_defaults`: the default message per product and locale.
/// - `retention_realtime_urls`: the Get Retention Message endpoint's URL.
/// - `retention_performance_tests`: each performance test, its target and (once run) result.
enum RetentionSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "add retention messaging"

  /// Adds the migration to `migrator`.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE TABLE retention_images (
          bundle_id TEXT NOT NULL,
          environment TEXT NOT NULL,
          image_id TEXT NOT NULL,
          image_size TEXT NOT NULL,
          state TEXT NOT NULL,
          width INTEGER NOT NULL,
          height INTEGER NOT NULL,
          png BLOB NOT NULL,
          uploaded_ms INTEGER NOT NULL,
          PRIMARY KEY (bundle_id, environment, image_id)
        );
        CREATE TABLE retention_messages (
          bundle_id TEXT NOT NULL,
          environment TEXT NOT NULL,
          message_id TEXT NOT NULL,
          state TEXT NOT NULL,
          body_json TEXT NOT NULL,
          uploaded_ms INTEGER NOT NULL,
          PRIMARY KEY (bundle_id, environment, message_id)
        );
        CREATE TABLE retention_defaults (
          bundle_id TEXT NOT NULL,
          environment TEXT NOT NULL,
          product_id TEXT NOT NULL,
          locale TEXT NOT NULL,
          message_id TEXT NOT NULL,
          PRIMARY KEY (bundle_id, environment, product_id, locale)
        );
        CREATE TABLE retention_realtime_urls (
          bundle_id TEXT NOT NULL,
          environment TEXT NOT NULL,
          url TEXT NOT NULL,
          PRIMARY KEY (bundle_id, environment)
        );
        CREATE TABLE retention_performance_tests (
          request_id TEXT PRIMARY KEY,
          bundle_id TEXT NOT NULL,
          environment TEXT NOT NULL,
          original_transaction_id TEXT NOT NULL,
          target TEXT NOT NULL,
          started_ms INTEGER NOT NULL,
          result_json TEXT
        );
        """)
    }
  }
}
