import Foundation
import StoreCore
import StorePersistence

extension PostgresLedger {
  /// A customer's subscriptions by original transaction ID.
  public func subscriptions(customerID: String) throws -> [SubscriptionRecord] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM subscriptions WHERE customer_id = $1 ORDER BY original_id",
        [.text(customerID)]
      ).map(Self.subscription)
    }
  }

  /// Subscriptions with something due at or before `date`, earliest first.
  public func dueSubscriptions(by date: Date, limit: Int) throws -> [SubscriptionState] {
    try database.read { db in
      try db.execute(
        """
        SELECT * FROM subscriptions WHERE next_event_ms IS NOT NULL AND next_event_ms <= $1
        ORDER BY next_event_ms LIMIT $2
        """,
        [.integer(date.epochMilliseconds), .integer(Int64(limit))]
      ).map { try Self.subscription($0).state }
    }
  }

  /// The stored simulated clock.
  public func clock() throws -> SimulatedClock? {
    try database.read { db in
      guard let row = try db.fetchOne("SELECT * FROM clock WHERE id = 1") else { return nil }
      return SimulatedClock(
        realAnchor: Date(epochMilliseconds: try row.int64("real_anchor_ms")),
        simulatedAnchor: Date(epochMilliseconds: try row.int64("simulated_anchor_ms")),
        rate: TimeRate(rawValue: Int(try row.int64("rate"))))
    }
  }

  /// Stores the simulated clock.
  public func setClock(_ clock: SimulatedClock) throws {
    try write { db in
      try db.execute(
        """
        INSERT INTO clock (id, real_anchor_ms, simulated_anchor_ms, rate) VALUES (1, $1, $2, $3)
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
    customerID: String, scope: RecordScope, records: [TransactionRecord], db: PostgresConnection
  ) throws -> [SubscriptionRecord] {
    let customer = PostgresValue.text(customerID)
    switch scope {
    case .none:
      return []
    case .all:
      return try db.execute(
        "SELECT * FROM subscriptions WHERE customer_id = $1 ORDER BY original_id", [customer]
      ).map(subscription)
    case .product(_, let group):
      guard let group else { return [] }
      return try db.execute(
        "SELECT * FROM subscriptions WHERE customer_id = $1 AND group_id = $2"
          + " ORDER BY original_id",
        [customer, .text(group)]
      ).map(subscription)
    case .record, .chain:
      var wanted = Set(
        records.compactMap { $0.signed.flatMap { UInt64($0.payload.originalTransactionId) } })
      if case .chain(let original) = scope { wanted.insert(original) }
      return try wanted.sorted().compactMap { original in
        try db.fetchOne(
          "SELECT * FROM subscriptions WHERE customer_id = $1 AND original_id = $2",
          [customer, .integer(Int64(original))]
        ).map(subscription)
      }
    }
  }

  static func subscription(_ row: PostgresRow) throws -> SubscriptionRecord {
    let original = try row.int64("original_id")
    let state: SubscriptionState
    do {
      state = try SubscriptionState(json: try JSONParser.parse(try row.string("state_json")))
    } catch {
      throw LedgerError.damagedRow(table: "subscriptions", id: String(original), reason: "\(error)")
    }
    var renewalInfo: SignedRenewalInfo?
    if let jws = try row.text("renewal_jws") {
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

  static func upsert(_ subscription: SubscriptionRecord, db: PostgresConnection) throws {
    let state = subscription.state
    try db.executeLater(
      """
      INSERT INTO subscriptions (original_id, customer_id, group_id, state_json, renewal_jws,
        next_event_ms)
      VALUES ($1, $2, $3, $4, $5, $6)
      ON CONFLICT (original_id) DO UPDATE SET state_json = excluded.state_json,
        renewal_jws = excluded.renewal_jws, next_event_ms = excluded.next_event_ms
      """,
      [
        .integer(Int64(state.originalID)), .text(state.customerID), .text(state.groupID),
        .text(state.jsonValue.compactText), PostgresValue(subscription.renewalInfo?.jws),
        PostgresValue(state.nextEventDate?.epochMilliseconds),
      ])
  }
}
