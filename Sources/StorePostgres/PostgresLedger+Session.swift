import StoreCore
import StorePersistence

/// What the ledger keeps for every seat besides records: changed prices, the session's
/// switches, and the transaction identifier floor (as the SQLite ledger keeps them).
extension PostgresLedger {
  private static let pricePrefix = "price:"

  /// The prices a price increase changed, in milliunits by product ID.
  public func productPrices() throws -> [String: Int64] {
    try database.read { db in
      var prices: [String: Int64] = [:]
      for row in try db.execute(
        "SELECT name, value FROM counters WHERE substr(name, 1, 6) = $1",
        [.text(Self.pricePrefix)])
      {
        prices[String(try row.string("name").dropFirst(Self.pricePrefix.count))] =
          try row.int64("value")
      }
      return prices
    }
  }

  static func setPrice(_ milliunits: Int64, of productID: String, db: PostgresConnection) throws {
    try db.execute(
      """
      INSERT INTO counters (name, value) VALUES ($1, $2)
      ON CONFLICT (name) DO UPDATE SET value = excluded.value
      """, [.text(pricePrefix + productID), .integer(milliunits)])
  }

  /// The switches stored in the ledger; a switch not listed keeps the configuration's value.
  public func sessionSwitches() throws -> [StoreSession.Switch: Bool] {
    try database.read { db in
      var switches: [StoreSession.Switch: Bool] = [:]
      for row in try db.execute("SELECT name, enabled FROM session_switches") {
        guard let name = StoreSession.Switch(rawValue: try row.string("name")) else { continue }
        switches[name] = try row.int64("enabled") != 0
      }
      return switches
    }
  }

  /// Stores one switch, for every seat.
  public func setSessionSwitch(_ name: StoreSession.Switch, _ enabled: Bool) throws {
    try write { db in
      try db.execute(
        """
        INSERT INTO session_switches (name, enabled) VALUES ($1, $2)
        ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled
        """, [.text(name.rawValue), .integer(enabled ? 1 : 0)])
    }
  }

  /// The transaction identifier the next record will get.
  public func nextTransactionIdentifier() throws -> UInt64 {
    UInt64(try database.read { db in try Self.nextTransactionID(db) })
  }

  /// Makes every identifier up to `id` count as handed out, so none of them is issued again.
  public func retireTransactionIdentifiers(through id: UInt64) throws {
    guard id < UInt64(Int64.max) else { return }
    try write { db in
      let next = max(try Self.nextTransactionID(db), Int64(id) + 1)
      try db.execute(
        "UPDATE counters SET value = $1 WHERE name = 'next_transaction_id'", [.integer(next)])
    }
  }
}
