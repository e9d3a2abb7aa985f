import StoreCore

/// Everything the engine keeps in a ledger, read whole, for `storeterm db copy`: customers,
/// records, subscriptions, events, the clock, changed prices, the session's switches and the
/// identifier floor.
///
/// Not in it: the notification outbox and its deliveries, server keys, imported support data
/// and server requests, which belong to the ledger's seat of origin (`db copy` says so).
public struct LedgerSnapshot: Sendable, Equatable {
  /// Customers in creation order.
  public var customers: [Customer]
  /// Every record, by customer in creation order, each customer's in identifier order.
  public var records: [TransactionRecord]
  /// Every subscription, by customer, by original transaction ID.
  public var subscriptions: [SubscriptionRecord]
  /// Every event, oldest first, with its sequence.
  public var events: [StoreEvent]
  /// The simulated clock, if set.
  public var clock: SimulatedClock?
  /// Prices a price increase changed, in milliunits by product ID.
  public var prices: [String: Int64]
  /// Switches turned since the ledger was made.
  public var switches: [StoreSession.Switch: Bool]
  /// The identifier the next record gets.
  public var nextTransactionID: UInt64

  /// Creates a snapshot.
  public init(
    customers: [Customer], records: [TransactionRecord], subscriptions: [SubscriptionRecord],
    events: [StoreEvent], clock: SimulatedClock?, prices: [String: Int64],
    switches: [StoreSession.Switch: Bool], nextTransactionID: UInt64
  ) {
    self.customers = customers
    self.records = records
    self.subscriptions = subscriptions
    self.events = events
    self.clock = clock
    self.prices = prices
    self.switches = switches
    self.nextTransactionID = nextTransactionID
  }

  /// Reads `ledger` whole through the `Ledger` port and the three extras it is given.
  public static func read(
    _ ledger: any Ledger, prices: [String: Int64], switches: [StoreSession.Switch: Bool],
    nextTransactionID: UInt64
  ) throws -> LedgerSnapshot {
    let customers = try ledger.customers()
    var records: [TransactionRecord] = []
    var subscriptions: [SubscriptionRecord] = []
    for customer in customers {
      records += try ledger.records(customerID: customer.id)
      subscriptions += try ledger.subscriptions(customerID: customer.id)
    }
    var events: [StoreEvent] = []
    while true {
      let page = try ledger.events(after: events.last?.sequence ?? 0, limit: 10_000)
      if page.isEmpty { break }
      events += page
    }
    return LedgerSnapshot(
      customers: customers, records: records, subscriptions: subscriptions, events: events,
      clock: try ledger.clock(), prices: prices, switches: switches,
      nextTransactionID: nextTransactionID)
  }
}

extension SQLiteLedger {
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
    try queue.write { db in
      let used =
        try db.fetchOne("SELECT (SELECT count(*) FROM customers) + (SELECT count(*) FROM events)")?
        .get(Int64.self, at: 0) ?? 0
      guard used == 0 else { throw LedgerError.notEmpty }
      for customer in snapshot.customers {
        try db.execute(
          """
          INSERT INTO customers (id, name, email, storefront, family_group,
            device_verification_id, created_ms)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .text(customer.id), .text(customer.name), .text(customer.email),
            .text(customer.storefront), SQLiteValue(customer.familyGroup),
            .text(customer.deviceVerificationID.uuidString),
            .integer(customer.createdDate.epochMilliseconds),
          ])
      }
      for record in snapshot.records { try Self.insert(record, headers: headers, db: db) }
      for subscription in snapshot.subscriptions { try Self.upsert(subscription, db: db) }
      for event in snapshot.events {
        try db.execute(
          """
          INSERT INTO events (seq, date_ms, customer_id, kind, transaction_id, product_id, detail)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .integer(event.sequence), .integer(event.date.epochMilliseconds),
            .text(event.customerID), .text(event.kind.rawValue),
            SQLiteValue(event.transactionID.map { Int64($0) }), SQLiteValue(event.productID),
            .text(event.detail),
          ])
      }
      try db.execute(
        "UPDATE counters SET value = ? WHERE name = 'next_transaction_id'",
        [.integer(Int64(snapshot.nextTransactionID))])
      for (productID, price) in snapshot.prices.sorted(by: { $0.key < $1.key }) {
        try Self.setPrice(price, of: productID, db: db)
      }
      for (name, enabled) in snapshot.switches.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        try db.execute(
          "INSERT INTO session_switches (name, enabled) VALUES (?, ?)",
          [.text(name.rawValue), .integer(enabled ? 1 : 0)])
      }
      if let clock = snapshot.clock {
        try db.execute(
          "INSERT INTO clock (id, real_anchor_ms, simulated_anchor_ms, rate) VALUES (1, ?, ?, ?)",
          [
            .integer(clock.realAnchor.epochMilliseconds),
            .integer(clock.simulatedAnchor.epochMilliseconds),
            .integer(Int64(clock.rate.rawValue)),
          ])
      }
    }
  }
}
