import StoreCore

/// The App Store's current product prices where a price increase changed them, kept in the
/// `counters` table as `price:<product ID>` rows (milliunits), so no migration is needed: a
/// name-value table is what a price list is, and older ledgers simply have none.
extension SQLiteLedger {
  private static let pricePrefix = "price:"

  /// The prices changed since the ledger was made, in milliunits by product ID; a product not
  /// listed sells at the configuration's price.
  public func productPrices() throws -> [String: Int64] {
    try queue.read { db in
      var prices: [String: Int64] = [:]
      for row in try db.fetchAll(
        "SELECT name, value FROM counters WHERE substr(name, 1, 6) = ?", [.text(Self.pricePrefix)])
      {
        let name = try row.get(String.self, "name")
        prices[String(name.dropFirst(Self.pricePrefix.count))] = try row.get(Int64.self, "value")
      }
      return prices
    }
  }

  static func setPrice(_ milliunits: Int64, of productID: String, db: SQLiteConnection) throws {
    try db.execute(
      """
      INSERT INTO counters (name, value) VALUES (?, ?)
      ON CONFLICT (name) DO UPDATE SET value = excluded.value
      """, [.text(pricePrefix + productID), .integer(milliunits)])
  }
}
