import StoreCore
import StorePersistence

extension PostgresLedger {
  /// This ledger, read whole.
  public func snapshot() throws -> LedgerSnapshot {
    try LedgerSnapshot.read(
      self, prices: try productPrices(), switches: try sessionSwitches(),
      nextTransactionID: try nextTransactionIdentifier())
  }

  /// Writes `snapshot` into this ledger, which must hold no customer and no event, in one
  /// transaction: all of it or nothing.
  ///
  /// - Throws: `LedgerError.notEmpty` when the ledger already holds data.
  public func restore(_ snapshot: LedgerSnapshot) throws {
    try write { db in
      let used =
        try db.fetchOne(
          "SELECT (SELECT count(*) FROM customers) + (SELECT count(*) FROM events) AS used")?
        .int64("used") ?? 0
      guard used == 0 else { throw LedgerError.notEmpty }
      for customer in snapshot.customers {
        try db.execute(
          """
          INSERT INTO customers (id, name, email, storefront, family_group,
            device_verification_id, created_ms)
          VALUES ($1, $2, $3, $4, $5, $6, $7)
          """,
          [
            .text(customer.id), .text(customer.name), .text(customer.email),
            .text(customer.storefront), PostgresValue(customer.familyGroup),
            .text(customer.deviceVerificationID.uuidString),
            .integer(customer.createdDate.epochMilliseconds),
          ])
      }
      for record in snapshot.records { try insert(record, db: db) }
      for subscription in snapshot.subscriptions { try Self.upsert(subscription, db: db) }
      for event in snapshot.events {
        try db.execute(
          """
          INSERT INTO events (seq, date_ms, customer_id, kind, transaction_id, product_id, detail)
          VALUES ($1, $2, $3, $4, $5, $6, $7)
          """,
          [
            .integer(event.sequence), .integer(event.date.epochMilliseconds),
            .text(event.customerID), .text(event.kind.rawValue),
            PostgresValue(event.transactionID.map { Int64($0) }), PostgresValue(event.productID),
            .text(event.detail),
          ])
      }
      // The events' identity continues after the copied sequences.
      if let last = snapshot.events.last?.sequence {
        try db.execute(
          "SELECT setval(pg_get_serial_sequence('events', 'seq'), $1)", [.integer(last)])
      }
      try db.execute(
        "UPDATE counters SET value = $1 WHERE name = 'next_transaction_id'",
        [.integer(Int64(snapshot.nextTransactionID))])
      for (productID, price) in snapshot.prices.sorted(by: { $0.key < $1.key }) {
        try Self.setPrice(price, of: productID, db: db)
      }
      for (name, enabled) in snapshot.switches.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        try db.execute(
          "INSERT INTO session_switches (name, enabled) VALUES ($1, $2)",
          [.text(name.rawValue), .integer(enabled ? 1 : 0)])
      }
      if let clock = snapshot.clock {
        try db.execute(
          "INSERT INTO clock (id, real_anchor_ms, simulated_anchor_ms, rate)"
            + " VALUES (1, $1, $2, $3)",
          [
            .integer(clock.realAnchor.epochMilliseconds),
            .integer(clock.simulatedAnchor.epochMilliseconds),
            .integer(Int64(clock.rate.rawValue)),
          ])
      }
    }
  }
}
