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
      var keys: [ServerKey] = []
      try db.forEachRow(
        "SELECT key_id, issuer_id, public_key, created_ms, revoked_ms FROM server_keys"
          + " ORDER BY created_ms, key_id"
      ) {
        keys.append(try Self.key($0))
      }
      return keys
    }
  }

  /// The key with ID `keyID`, revoked or not.
  ///
  /// Every request's bearer token looks its key up, so the row is read by column position, in
  /// place (copying it into a `Row` and reading its columns by name was most of the lookup's
  /// time, 6% of a history page's handler).
  public func key(_ keyID: String) throws -> ServerKey? {
    try queue.read { db in
      var found: ServerKey?
      try db.forEachRow(
        "SELECT key_id, issuer_id, public_key, created_ms, revoked_ms FROM server_keys"
          + " WHERE key_id = ?", [.text(keyID)]
      ) {
        found = try Self.key($0)
      }
      return found
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

  /// The key in the current row of a query of `key_id, issuer_id, public_key, created_ms,
  /// revoked_ms`, in that order.
  private static func key(_ row: Statement) throws -> ServerKey {
    func text(_ column: Int) -> String? {
      row.withBytes(at: column) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }
    // The schema makes these NOT NULL; a damaged file is refused, not read as an empty key.
    guard let keyID = text(0), let issuer = text(1),
      let der = row.withBytes(at: 2, { $0.map(Array.init) }), let created = row.integer(at: 3)
    else {
      throw PersistenceError.columnTypeMismatch(
        column: "server_keys", expected: "a value", found: "NULL")
    }
    return ServerKey(
      keyID: keyID, issuerID: issuer, publicKeyDER: der,
      createdDate: Date(epochMilliseconds: created),
      revokedDate: row.integer(at: 4).map(Date.init(epochMilliseconds:)))
  }
}
