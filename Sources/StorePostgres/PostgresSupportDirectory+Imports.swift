import Foundation
import StoreCore
import StorePersistence

extension PostgresSupportDirectory {
  /// Files `items` under customers and stores them, in one transaction under the writers' lock:
  /// an item joins the customer holding its original transaction ID, else its app account
  /// token, else a new key, as on SQLite.
  public func store(_ items: [ImportedItem], source: String, at date: Date) throws
    -> ImportSummary
  {
    try database.write { db in
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
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
          """,
          [
            .text(key), .text(item.kind.rawValue), .text(item.jws),
            .integer(item.isVerified ? 1 : 0), PostgresValue(item.failure),
            PostgresValue(item.transactionID), PostgresValue(item.originalID),
            PostgresValue(item.appAccountToken?.uuidString), PostgresValue(item.productID),
            PostgresValue(item.storefront), PostgresValue(item.signedDate), .text(source),
            .integer(date.epochMilliseconds),
          ])
        if item.isVerified { summary.verified += 1 } else { summary.unverified += 1 }
        if !summary.customers.contains(key) { summary.customers.append(key) }
      }
      return summary
    }
  }

  /// Whether `item` is stored already: the same JWS, or the same header and payload (an ECDSA
  /// signature is malleable, so it does not make a transaction new).
  private static func isImported(_ item: ImportedItem, db: PostgresConnection) throws -> Bool {
    if try db.fetchOne(
      "SELECT 1 AS found FROM imported_items WHERE md5(jws) = md5($1) AND jws = $1",
      [.text(item.jws)]) != nil
    {
      return true
    }
    guard let transactionID = item.transactionID,
      let lastDot = item.jws.utf8.lastIndex(of: UInt8(ascii: "."))
    else { return false }
    // Header and payload, with the dot: a JWS is ASCII, so characters are bytes.
    let signingInput = String(decoding: item.jws.utf8[...lastDot], as: UTF8.self)
    return try db.fetchOne(
      """
      SELECT 1 AS found FROM imported_items
      WHERE transaction_id = $1 AND kind = $2 AND left(jws, $3::integer) = $4
      """,
      [
        .text(transactionID), .text(item.kind.rawValue),
        .integer(Int64(signingInput.utf8.count)), .text(signingInput),
      ]) != nil
  }

  private static func customerKey(for item: ImportedItem, db: PostgresConnection) throws
    -> String
  {
    if let original = item.originalID,
      let row = try db.fetchOne(
        "SELECT customer_key FROM imported_items WHERE original_id = $1 ORDER BY id LIMIT 1",
        [.text(original)])
    {
      return try row.string("customer_key")
    }
    if let token = item.appAccountToken,
      let row = try db.fetchOne(
        "SELECT customer_key FROM imported_items WHERE app_account_token = $1 ORDER BY id LIMIT 1",
        [.text(token.uuidString)])
    {
      return try row.string("customer_key")
    }
    return item.defaultCustomerKey
  }
}
