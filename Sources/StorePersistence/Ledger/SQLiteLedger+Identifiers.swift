extension SQLiteLedger {
  /// The ledger's migrations by name, in the order they apply: a PostgreSQL ledger applies
  /// the same ones, in the same order.
  public static var migrationNames: [String] { LedgerSchema.migrationNames }

  /// The transaction identifier the next record will get.
  public func nextTransactionIdentifier() throws -> UInt64 {
    UInt64(try queue.read { db in try Self.nextTransactionID(db) })
  }

  /// Makes every identifier up to `id` count as handed out, so none of them is issued again
  /// (identifiers another record of the purchase, such as the app's, already holds).
  public func retireTransactionIdentifiers(through id: UInt64) throws {
    guard id < UInt64(Int64.max) else { return }
    try queue.write { db in
      let next = max(try Self.nextTransactionID(db), Int64(id) + 1)
      try db.execute(
        "UPDATE counters SET value = ? WHERE name = 'next_transaction_id'", [.integer(next)])
    }
  }
}
