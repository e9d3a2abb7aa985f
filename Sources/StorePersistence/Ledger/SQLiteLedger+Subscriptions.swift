import Foundation
import StoreCore

extension SQLiteLedger {
  /// A customer's subscriptions by original transaction ID.
  public func subscriptions(customerID: String) throws -> [SubscriptionRecord] {
    try queue.read { db in
      try db.fetchAll(
        "SELECT * FROM subscriptions WHERE customer_id = ? ORDER BY original_id",
        [.text(customerID)]
      ).map(Self.subscription)
    }
  }

  /// The subscription chains with these original transaction IDs, whoever holds them (the
  /// transaction manager lists every customer's records); one indexed read per ID.
  public func subscriptions(originalIDs: Set<UInt64>) throws -> [SubscriptionState] {
    try queue.read { db in
      try originalIDs.sorted().compactMap { original in
        try db.fetchOne(
          "SELECT * FROM subscriptions WHERE original_id = ?", [.integer(Int64(original))]
        ).map { try Self.subscription($0).state }
      }
    }
  }

  /// Subscriptions with something due at or before `date`, earliest first.
  public func dueSubscriptions(by date: Date, limit: Int) throws -> [SubscriptionState] {
    try queue.read { db in
      try db.fetchAll(
        """
        SELECT * FROM subscriptions WHERE next_event_ms IS NOT NULL AND next_event_ms <= ?
        ORDER BY next_event_ms LIMIT ?
        """,
        [.integer(date.epochMilliseconds), .integer(Int64(limit))]
      ).map { try Self.subscription($0).state }
    }
  }

  /// The stored simulated clock.
  public func clock() throws -> SimulatedClock? {
    try queue.read { db in
      guard let row = try db.fetchOne("SELECT * FROM clock WHERE id = 1") else { return nil }
      return SimulatedClock(
        realAnchor: Date(epochMilliseconds: try row.get(Int64.self, "real_anchor_ms")),
        simulatedAnchor: Date(epochMilliseconds: try row.get(Int64.self, "simulated_anchor_ms")),
        rate: TimeRate(rawValue: Int(try row.get(Int64.self, "rate"))))
    }
  }

  /// Stores the simulated clock.
  public func setClock(_ clock: SimulatedClock) throws {
    try queue.write { db in
      try db.execute(
        """
        INSERT INTO clock (id, real_anchor_ms, simulated_anchor_ms, rate) VALUES (1, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET real_anchor_ms = excluded.real_anchor_ms,
          simulated_anchor_ms = excluded.simulated_anchor_ms, rate = excluded.rate
        """,
        [
          .integer(clock.realAnchor.epochMilliseconds),
          .integer(clock.simulatedAnchor.epochMilliseconds), .integer(Int64(clock.rate.rawValue)),
        ])
    }
  }

  static func subscriptions(
    customerID: String, scope: RecordScope, records: [TransactionRecord], db: SQLiteConnection
  ) throws -> [SubscriptionRecord] {
    let customer = SQLiteValue.text(customerID)
    switch scope {
    case .none:
      return []
    case .all:
      return try db.fetchAll(
        "SELECT * FROM subscriptions WHERE customer_id = ? ORDER BY original_id", [customer]
      ).map(subscription)
    case .product(_, let group):
      guard let group else { return [] }
      return try db.fetchAll(
        "SELECT * FROM subscriptions WHERE customer_id = ? AND group_id = ? ORDER BY original_id",
        [customer, .text(group)]
      ).map(subscription)
    case .record, .chain:
      let originals = Set(
        records.compactMap { $0.signed.flatMap { UInt64($0.payload.originalTransactionId) } })
      var result: [SubscriptionRecord] = []
      var wanted = originals
      if case .chain(let original) = scope { wanted.insert(original) }
      for original in wanted.sorted() {
        if let row = try db.fetchOne(
          "SELECT * FROM subscriptions WHERE customer_id = ? AND original_id = ?",
          [customer, .integer(Int64(original))])
        {
          result.append(try subscription(row))
        }
      }
      return result
    }
  }

  static func subscription(_ row: Row) throws -> SubscriptionRecord {
    let original = try row.get(Int64.self, "original_id")
    let json = try row.get(String.self, "state_json")
    let state: SubscriptionState
    do {
      state = try SubscriptionState(json: try JSONParser.parse(json))
    } catch {
      throw LedgerError.damagedRow(table: "subscriptions", id: String(original), reason: "\(error)")
    }
    var renewalInfo: SignedRenewalInfo?
    if let jws = try row.get(String?.self, "renewal_jws") {
      guard let bytes = CompactJWSPayload.bytes(of: jws) else {
        throw LedgerError.damagedRow(
          table: "subscriptions", id: String(original), reason: "not a JWS")
      }
      do {
        renewalInfo = SignedRenewalInfo(
          jws: jws, payload: try JWSRenewalInfoDecodedPayload(jsonBytes: bytes))
      } catch {
        throw LedgerError.damagedRow(
          table: "subscriptions", id: String(original), reason: error.description)
      }
    }
    return SubscriptionRecord(state: state, renewalInfo: renewalInfo)
  }

  static func upsert(_ subscription: SubscriptionRecord, db: SQLiteConnection) throws {
    let state = subscription.state
    try db.execute(
      """
      INSERT INTO subscriptions (original_id, customer_id, group_id, state_json, renewal_jws,
        next_event_ms)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (original_id) DO UPDATE SET state_json = excluded.state_json,
        renewal_jws = excluded.renewal_jws, next_event_ms = excluded.next_event_ms
      """,
      [
        .integer(Int64(state.originalID)), .text(state.customerID), .text(state.groupID),
        .text(state.jsonValue.compactText), SQLiteValue(subscription.renewalInfo?.jws),
        SQLiteValue(state.nextEventDate?.epochMilliseconds),
      ])
  }
}
