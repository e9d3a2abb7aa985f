import Foundation
import StoreCore

/// What one import stored.
public struct ImportSummary: Sendable, Equatable {
  /// Items stored that verified.
  public var verified = 0
  /// Items stored that did not verify.
  public var unverified = 0
  /// Items already in the ledger (the same JWS imported before).
  public var duplicates = 0
  /// The customer keys the new items were filed under, in first-seen order.
  public var customers: [String] = []

  /// An empty summary.
  public init() {}
}

extension SupportDirectory {
  /// Files `items` under customers and stores them, in one transaction.
  ///
  /// An item joins the customer that already holds its original transaction ID, else the one
  /// holding its app account token, else a new key (``ImportedItem/defaultCustomerKey``), so a
  /// subscription's renewals and notifications land with its first purchase.
  public func store(_ items: [ImportedItem], source: String, at date: Date) throws
    -> ImportSummary
  {
    try queue.write { db in
      var summary = ImportSummary()
      for item in items {
        if try Self.isImported(item, db: db) {
          summary.duplicates += 1
          continue
        }
        let key = try Self.customerKey(for: item, db: db)
        try db.execute(
          """
          INSERT INTO imported_items (customer_key, kind, jws, verified, failure, transaction_id,
            original_id, app_account_token, product_id, storefront, signed_ms, source, imported_ms)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .text(key), .text(item.kind.rawValue), .text(item.jws),
            .integer(item.isVerified ? 1 : 0), SQLiteValue(item.failure),
            SQLiteValue(item.transactionID), SQLiteValue(item.originalID),
            SQLiteValue(item.appAccountToken?.uuidString), SQLiteValue(item.productID),
            SQLiteValue(item.storefront), SQLiteValue(item.signedDate), .text(source),
            .integer(date.epochMilliseconds),
          ])
        if item.isVerified { summary.verified += 1 } else { summary.unverified += 1 }
        if !summary.customers.contains(key) { summary.customers.append(key) }
      }
      return summary
    }
  }

  /// Whether `item` is stored already: the same JWS, or the same header and payload.
  ///
  /// The signature does not count: ECDSA signatures are malleable (S and n − S both verify, as in Apple's
  /// library), so the signature does not make a transaction new.
  private static func isImported(_ item: ImportedItem, db: SQLiteConnection) throws -> Bool {
    if try db.fetchOne("SELECT 1 FROM imported_items WHERE jws = ?", [.text(item.jws)]) != nil {
      return true
    }
    guard let transactionID = item.transactionID,
      let lastDot = item.jws.utf8.lastIndex(of: UInt8(ascii: "."))
    else { return false }
    // Header and payload, with the dot: a JWS is ASCII, so SQLite's characters are bytes.
    let signingInput = String(decoding: item.jws.utf8[...lastDot], as: UTF8.self)
    return try db.fetchOne(
      """
      SELECT 1 FROM imported_items
      WHERE transaction_id = ? AND kind = ? AND substr(jws, 1, ?) = ?
      """,
      [
        .text(transactionID), .text(item.kind.rawValue),
        .integer(Int64(signingInput.utf8.count)), .text(signingInput),
      ]) != nil
  }

  private static func customerKey(for item: ImportedItem, db: SQLiteConnection) throws -> String {
    if let original = item.originalID,
      let row = try db.fetchOne(
        "SELECT customer_key FROM imported_items WHERE original_id = ? ORDER BY id LIMIT 1",
        [.text(original)])
    {
      return try row.get(String.self, at: 0)
    }
    if let token = item.appAccountToken,
      let row = try db.fetchOne(
        "SELECT customer_key FROM imported_items WHERE app_account_token = ? ORDER BY id LIMIT 1",
        [.text(token.uuidString)])
    {
      return try row.get(String.self, at: 0)
    }
    return item.defaultCustomerKey
  }
}
