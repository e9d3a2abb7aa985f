import Foundation
import StoreCore
import StorePersistence

/// The App Store Server API's keys and order IDs in the PostgreSQL ledger: SQLite's
/// `ServerDirectory` behind the same port, its writes under the writers' lock.
public struct PostgresServerDirectory: ServerKeyStore {
  /// The ledger's database.
  public let database: PostgresDatabase

  /// Works on `ledger`'s database.
  public init(ledger: PostgresLedger) { database = ledger.database }

  /// Every key, oldest first.
  public func keys() throws -> [ServerKey] {
    try database.read { db in
      try db.execute("SELECT * FROM server_keys ORDER BY created_ms, key_id").map(Self.key)
    }
  }

  /// The key with ID `keyID`, revoked or not.
  public func key(_ keyID: String) throws -> ServerKey? {
    try database.read { db in
      try db.fetchOne("SELECT * FROM server_keys WHERE key_id = $1", [.text(keyID)]).map(Self.key)
    }
  }

  /// Stores a new key; its issuer ID is the ledger's (`makeIssuerID()` the first time).
  public func addKey(
    keyID: String, publicKeyDER: [UInt8], date: Date, makeIssuerID: @Sendable () -> String
  ) throws -> ServerKey {
    try database.write { db in
      let issuer =
        try db.fetchOne("SELECT issuer_id FROM server_keys ORDER BY created_ms LIMIT 1")?
        .string("issuer_id") ?? makeIssuerID()
      try db.execute(
        "INSERT INTO server_keys (key_id, issuer_id, public_key, created_ms)"
          + " VALUES ($1, $2, $3, $4)",
        [.text(keyID), .text(issuer), .bytes(publicKeyDER), .integer(date.epochMilliseconds)])
      return ServerKey(
        keyID: keyID, issuerID: issuer, publicKeyDER: publicKeyDER, createdDate: date)
    }
  }

  /// Revokes key `keyID` as of `date` (a revoked key keeps its first date); false when there
  /// is no such key.
  public func revokeKey(_ keyID: String, date: Date) throws -> Bool {
    try database.write { db in
      !(try db.execute(
        "UPDATE server_keys SET revoked_ms = coalesce(revoked_ms, $1) WHERE key_id = $2"
          + " RETURNING key_id",
        [.integer(date.epochMilliseconds), .text(keyID)]
      ).isEmpty)
    }
  }

  /// The order ID of transaction `id`, if it was charged.
  public func orderID(transactionID id: UInt64) throws -> String? {
    try database.read { db in
      try db.fetchOne(
        "SELECT order_id FROM order_ids WHERE transaction_id = $1", [.integer(Int64(id))]
      )?.string("order_id")
    }
  }

  /// The transactions of order `orderID` (none for an unknown order).
  public func transactionIDs(orderID: String) throws -> [UInt64] {
    try database.read { db in
      try db.execute(
        "SELECT transaction_id FROM order_ids WHERE order_id = $1 ORDER BY transaction_id",
        [.text(orderID)]
      ).map { UInt64(try $0.int64("transaction_id")) }
    }
  }

  private static func key(_ row: PostgresRow) throws -> ServerKey {
    ServerKey(
      keyID: try row.string("key_id"), issuerID: try row.string("issuer_id"),
      publicKeyDER: try row.bytes("public_key") ?? [],
      createdDate: Date(epochMilliseconds: try row.int64("created_ms")),
      revokedDate: try row.integer("revoked_ms").map(Date.init(epochMilliseconds:)))
  }
}
