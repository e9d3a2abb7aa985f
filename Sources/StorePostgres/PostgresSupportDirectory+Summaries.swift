import Foundation
import StoreCore
import StorePersistence

extension PostgresSupportDirectory {
  /// The summary history of each of `customerIDs` that exists, by customer ID, in one read.
  ///
  /// A page of search results asks for twenty summaries; one statement per kind of row for all
  /// of them keeps the page at a handful of round trips instead of a handful per row. Each
  /// summary is what ``history(customerID:balances:summaryOnly:)`` reads with `summaryOnly`:
  /// the latest transaction of each chain, the subscriptions, no events.
  public func summaries(customerIDs: [String]) throws -> [String: CustomerHistory] {
    guard !customerIDs.isEmpty else { return [:] }
    let list = Self.idList(customerIDs)
    return try database.read { db in
      let customers = try db.execute(
        "SELECT * FROM customers WHERE id = ANY($1::text[])",
        [list]
      ).map(PostgresLedger.customer)
      var records: [String: [TransactionRecord]] = [:]
      for row in try db.execute(
        """
        SELECT * FROM transactions WHERE id IN (
          SELECT max(id) FROM transactions
          WHERE customer_id = ANY($1::text[])
          GROUP BY customer_id, coalesce(original_id, id))
        ORDER BY id
        """, [list])
      {
        let record = try ledger.record(row, db: db)
        records[record.customerID, default: []].append(record)
      }
      let subscriptions = try Self.subscriptionStates(list, db: db)
      let purchasers = try Self.purchasers(of: records.values.flatMap { $0 }, db: db)
      var histories: [String: CustomerHistory] = [:]
      for customer in customers {
        let own = records[customer.id] ?? []
        let ownIDs = Set(own.map { String($0.id) })
        histories[customer.id] = CustomerHistory(
          customerID: customer.id, name: customer.name, email: customer.email,
          storefront: customer.storefront, transactions: own.compactMap { $0.signed?.payload },
          subscriptions: subscriptions[customer.id] ?? [],
          requests: own.filter { $0.state != .purchased }.map(Self.request), events: [],
          balances: [:], familyGroup: customer.familyGroup,
          sharedBy: purchasers.filter { copy, _ in ownIDs.contains(copy) })
      }
      // An ID that is no simulated account may be an imported customer key.
      for id in customerIDs where histories[id] == nil {
        let items = try Self.importedItems(customerKey: id, db: db)
        if !items.isEmpty { histories[id] = ImportedHistory.build(customerKey: id, items: items) }
      }
      return histories
    }
  }

  /// `ids` as one bound array literal (`{"a","b"}`), which a statement compares with
  /// `= ANY($1::text[])`: any number of IDs, each any text, in fixed statement text, and a
  /// comparison the planner answers from the index (a set-returning function's unknown row
  /// count made it scan the table instead).
  static func idList(_ ids: [String]) -> PostgresValue {
    let elements = ids.map { id in
      "\""
        + id.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    return .text("{" + elements.joined(separator: ",") + "}")
  }

  /// The subscriptions of each customer in `list` (``idList(_:)``), then the purchaser's chain
  /// behind each of their Family Sharing subscriptions under the member's original transaction
  /// ID (as on SQLite), by customer ID.
  static func subscriptionStates(_ list: PostgresValue, db: PostgresConnection) throws
    -> [String: [SubscriptionState]]
  {
    // One statement for both: a customer's own chains, then each copy's purchaser chain.
    var states: [String: [SubscriptionState]] = [:]
    for row in try db.execute(
      """
      SELECT s.*, s.customer_id AS member, s.original_id AS member_original,
        NULL::bigint AS copy_revoked, 0 AS shared
      FROM subscriptions s WHERE s.customer_id = ANY($1::text[])
      UNION ALL
      SELECT s.*, c.customer_id, c.original_id, c.revocation_date_ms, 1
      FROM transactions c
      JOIN transactions p ON p.id = c.shared_from
      JOIN subscriptions s ON s.original_id = p.original_id
      WHERE c.id IN (
        SELECT max(id) FROM transactions
        WHERE customer_id = ANY($1::text[])
          AND shared_from IS NOT NULL AND group_id IS NOT NULL
        GROUP BY customer_id, original_id)
      ORDER BY member, shared, member_original
      """, [list])
    {
      var state = try PostgresLedger.subscription(row).state
      let member = try row.string("member")
      state.originalID = UInt64(try row.int64("member_original"))
      state.customerID = member
      let copyRevoked = try row.integer("copy_revoked") != nil
      state.isRevoked = state.isRevoked || copyRevoked
      states[member, default: []].append(state)
    }
    return states
  }

  /// The purchaser of each Family Sharing copy among `records`, by the copy's transaction ID,
  /// in one statement.
  static func purchasers(of records: [TransactionRecord], db: PostgresConnection) throws
    -> [String: String]
  {
    let copies = records.compactMap { record in record.sharedFromID.map { (record.id, $0) } }
    guard !copies.isEmpty else { return [:] }
    var owners: [UInt64: String] = [:]
    for row in try db.execute(
      """
      SELECT id, customer_id FROM transactions
      WHERE id = ANY($1::bigint[])
      """, [idList(copies.map { String($0.1) })])
    {
      owners[UInt64(try row.int64("id"))] = try row.string("customer_id")
    }
    var purchasers: [String: String] = [:]
    for (copy, source) in copies { purchasers[String(copy)] = owners[source] }
    return purchasers
  }
}
