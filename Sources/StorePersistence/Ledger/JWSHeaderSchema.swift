/// A forward-only migration that stores each distinct JWS header once, so a purchase writes about
/// a quarter of the bytes it used to.
///
/// A transaction's compact JWS is `header.payload.signature`, and the header (`alg` and the `x5c`
/// chain of three certificates) is about three quarters of it, the same for every transaction
/// one signer signs.
///
/// - `jws_headers`: one row per distinct header segment (base64url text, without the dot). Rows
///   are never deleted or changed, not even by `clearTransactions`, so an identifier always
///   names the same header; that is what lets ``JWSHeaderStore`` cache them for the life of a
///   connection.
/// - `transactions.jws_header`: the header of the row's JWS; `jws` then holds only
///   `payload.signature`, and readers rebuild `header + "." + jws`, byte for byte. NULL means
///   `jws` is the whole JWS: rows written before this migration keep that form (they read as
///   before, so none is rewritten), as does a JWS without a dot.
enum JWSHeaderSchema {
  /// The migration's name, recorded in `storeterm_migrations`.
  static let migrationName = "store each JWS header once"

  /// Adds the migration to `migrator`, after the change stamps'.
  static func register(_ migrator: inout Migrator) {
    migrator.registerMigration(migrationName) { db in
      try db.execute(
        """
        CREATE TABLE jws_headers (
          id INTEGER PRIMARY KEY,
          header TEXT NOT NULL UNIQUE
        );
        ALTER TABLE transactions ADD COLUMN jws_header INTEGER REFERENCES jws_headers(id);
        """)
    }
  }
}
