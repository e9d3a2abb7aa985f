import Foundation

/// Where the App Store Server API's keys and order IDs live: the port `storeterm serve` and
/// `storeterm server-keys` read and write them through, on SQLite or PostgreSQL.
public protocol ServerKeyStore: Sendable {
  /// Every key, oldest first.
  func keys() throws -> [ServerKey]

  /// The key with ID `keyID`, revoked or not.
  func key(_ keyID: String) throws -> ServerKey?

  /// Stores a new key; its issuer ID is the ledger's (`makeIssuerID()` the first time).
  func addKey(
    keyID: String, publicKeyDER: [UInt8], date: Date, makeIssuerID: @Sendable () -> String
  ) throws -> ServerKey

  /// Revokes key `keyID` as of `date` (a revoked key keeps its first date); false when there
  /// is no such key.
  func revokeKey(_ keyID: String, date: Date) throws -> Bool

  /// The order ID of transaction `id`, if it was charged.
  func orderID(transactionID id: UInt64) throws -> String?

  /// The transactions of order `orderID` (none for an unknown order).
  func transactionIDs(orderID: String) throws -> [UInt64]
}

extension ServerDirectory: ServerKeyStore {}
