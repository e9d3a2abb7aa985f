import Foundation
import StoreCore

/// The ledger's App Store Server API keys and order IDs, read and written by prepared
/// statements on the ledger's queue.
public struct ServerDirectory: Sendable {
  /// The ledger's database.
  public let queue: DatabaseQueue

  /// Works on `ledger`'s database.
  public init(ledger: SQLiteLedger) { queue = ledger.queue }

  /// Every key, oldest first.
  public func keys() throws -> [ServerKey] {
    try queue.read { db in
      try db.fetchAll("SELECT * FROM server_keys ORDER BY created_ms, key_id").map(Self.key)
    }
  }

  /// The key with ID `keyID`, revoked or not.
  public func key(_ keyID: String) throws -> ServerKey? {
    try queue.read { db in
      try db.fetchOne("SELECT * FROM server_keys WHERE key_id = ?", [.text(keyID)]).map(Self.key)
    }
  }

  /// Stores a new key; its issuer ID is the ledger's (`makeIssuerID()` the first time).
  ///
  /// - Returns: the stored key.
  public func addKey(
    keyID: String, publicKeyDER: [UInt8], date: Date, makeIssuerID: @Sendable () -> String
  ) throws -> ServerKey {
    try queue.write { db in
      let issuer =
        try db.fetchOne("SELECT issuer_id FROM server_keys ORDER BY created_ms LIMIT 1")?
        .get(String.self, at: 0) ?? makeIssuerID()
      try db.execute(
        "INSERT INTO server_keys (key_id, issuer_id, public_key, created_ms) VALUES (?, ?, ?, ?)",
        [.text(keyID), .text(issuer), .blob(Data(publicKeyDER)), .integer(date.epochMilliseconds)])
      return ServerKey(
        keyID: keyID, issuerID: issuer, publicKeyDER: publicKeyDER, createdDate: date)
    }
  }

  /// Revokes key `keyID` as of `date`; returns false when there is no such key.
  ///
  /// Revoking a revoked key keeps its first date.
  public func revokeKey(_ keyID: String, date: Date) throws -> Bool {
    try queue.write { db in
      guard try db.fetchOne("SELECT 1 FROM server_keys WHERE key_id = ?", [.text(keyID)]) != nil
      else { return false }
      try db.execute(
        "UPDATE server_keys SET revoked_ms = coalesce(revoked_ms, ?) WHERE key_id = ?",
        [.integer(date.epochMilliseconds), .text(keyID)])
      return true
    }
  }

  /// The order ID of transaction `id`, if it was charged.
  public func orderID(transactionID id: UInt64) throws -> String? {
    try queue.read { db in
      try db.fetchOne(
        "SELECT order_id FROM order_ids WHERE transaction_id = ?", [.integer(Int64(id))]
      )?.get(String.self, at: 0)
    }
  }

  /// The transactions of order `orderID` (none for an unknown order).
  public func transactionIDs(orderID: String) throws -> [UInt64] {
    try queue.read { db in
      try db.fetchAll(
        "SELECT transaction_id FROM order_ids WHERE order_id = ? ORDER BY transaction_id",
        [.text(orderID)]
      ).map { UInt64(try $0.get(Int64.self, at: 0)) }
    }
  }

  private static func key(_ row: Row) throws -> ServerKey {
    ServerKey(
      keyID: try row.get(String.self, "key_id"), issuerID: try row.get(String.self, "issuer_id"),
      // Copied whole (`Array(data)` goes byte by byte, and this runs on every request).
      publicKeyDER: try row.get(Data.self, "public_key").withUnsafeBytes { Array($0) },
      createdDate: Date(epochMilliseconds: try row.get(Int64.self, "created_ms")),
      revokedDate: try row.get(Int64?.self, "revoked_ms").map(Date.init(epochMilliseconds:)))
  }
}
