import Foundation
import StoreCore
import StorePersistence

extension PostgresSupportDirectory {
  /// Everything the ledger knows about `customerID` (a simulated account, or an imported
  /// customer key), or nil when there is no such customer; `summaryOnly` reads the latest
  /// transaction of each chain and no events, as on SQLite.
  public func history(
    customerID: String, balances: [String: Int] = [:], summaryOnly: Bool = false
  ) throws -> CustomerHistory? {
    if summaryOnly {
      var summary = try summaries(customerIDs: [customerID])[customerID]
      summary?.balances = balances
      return summary
    }
    return try database.read { db in
      let id = PostgresValue.text(customerID)
      guard let row = try db.fetchOne("SELECT * FROM customers WHERE id = $1", [id]) else {
        let items = try Self.importedItems(customerKey: customerID, db: db)
        return items.isEmpty ? nil : ImportedHistory.build(customerKey: customerID, items: items)
      }
      let customer = try PostgresLedger.customer(row)
      let records = try ledger.records(customerID: customerID, db: db)
      let events = try db.execute(
        "SELECT * FROM events WHERE customer_id = $1 ORDER BY seq", [id]
      ).map { HistoryEvent.ledger(try PostgresLedger.event($0)) }
      return CustomerHistory(
        customerID: customer.id, name: customer.name, email: customer.email,
        storefront: customer.storefront,
        transactions: records.compactMap { $0.signed?.payload },
        subscriptions: try Self.subscriptionStates(Self.idList([customerID]), db: db)[
          customerID] ?? [],
        requests: records.filter { $0.state != .purchased }.map(Self.request),
        events: events, balances: balances, familyGroup: customer.familyGroup,
        sharedBy: try Self.purchasers(of: records, db: db))
    }
  }

  /// The history of `customerID` with its newest `limit` events and transactions; nil for none.
  ///
  /// What the explainer decides from is every charged transaction other than consumables (as
  /// ``PostgresLedger/decidingRecords(customerID:)`` reads it), every consumable, the requests,
  /// the subscription states and the events an answer rests on; the newest events and charged
  /// transactions are read by index.
  public func historyWindow(customerID: String, balances: [String: Int] = [:], limit: Int)
    throws -> CustomerHistoryWindow?
  {
    let limit = max(0, limit)
    return try database.read { db in
      let id = PostgresValue.text(customerID)
      guard let row = try db.fetchOne("SELECT * FROM customers WHERE id = $1", [id]) else {
        let items = try Self.importedItems(customerKey: customerID, db: db)
        guard !items.isEmpty else { return nil }
        return SupportDirectory.window(
          of: ImportedHistory.build(customerKey: customerID, items: items), limit)
      }
      let customer = try PostgresLedger.customer(row)
      let events = try db.execute(
        """
        SELECT * FROM events WHERE customer_id = $1 AND kind <> 'customerCreated'
        ORDER BY date_ms DESC, seq DESC LIMIT $2
        """, [id, .integer(Int64(limit))]
      ).map(PostgresLedger.event).reversed()
      let newest = try db.execute(
        "SELECT id FROM transactions WHERE customer_id = $1 AND jws IS NOT NULL"
          + " ORDER BY id DESC LIMIT $2", [id, .integer(Int64(limit))]
      ).map { try $0.int64("id") }
      var ids = Set(newest)
      for row in try db.execute(
        "SELECT id FROM transactions WHERE customer_id = $1 AND jws IS NOT NULL", [id])
      {
        ids.insert(try row.int64("id"))
      }
      for event in events { if let id = event.transactionID { ids.insert(Int64(id)) } }
      let records = try db.execute(
        "SELECT * FROM transactions WHERE id = ANY($1::bigint[]) ORDER BY id",
        [Self.idList(ids.map { String($0) })]
      ).map { try ledger.record($0, db: db) }
      let requests = try db.execute(
        "SELECT * FROM transactions WHERE customer_id = $1 AND jws IS NULL ORDER BY id", [id]
      ).map { try ledger.record($0, db: db) }
      let rare = try db.execute(
        "SELECT * FROM events WHERE customer_id = $1 AND kind IN ('expired', 'declined')"
          + " ORDER BY seq", [id]
      ).map { HistoryEvent.ledger(try PostgresLedger.event($0)) }
      let allEvents =
        try db.fetchOne(
          "SELECT count(*) AS n FROM events WHERE customer_id = $1 AND kind <> 'customerCreated'",
          [id])?.int64("n") ?? 0
      let allRows =
        try db.fetchOne("SELECT count(*) AS n FROM transactions WHERE customer_id = $1", [id])?
        .int64("n") ?? 0
      let history = CustomerHistory(
        customerID: customer.id, name: customer.name, email: customer.email,
        storefront: customer.storefront, transactions: records.compactMap { $0.signed?.payload },
        subscriptions: try Self.subscriptionStates(Self.idList([customerID]), db: db)[
          customerID] ?? [],
        requests: requests.map(Self.request), events: rare, balances: balances,
        familyGroup: customer.familyGroup, sharedBy: try Self.purchasers(of: records, db: db))
      let byID = Dictionary(
        records.compactMap { record in record.signed.map { (Int64(record.id), $0.payload) } },
        uniquingKeysWith: { a, _ in a })
      let page = newest.compactMap { byID[$0] }
      return CustomerHistoryWindow(
        history: history, events: events.map(HistoryEvent.ledger),
        earlierEvents: max(0, Int(allEvents) - events.count),
        transactions: page.sorted(by: SubscriptionChain.older),
        earlierTransactions: max(0, Int(allRows) - requests.count - page.count))
    }
  }

  static func request(_ record: TransactionRecord) -> PendingRequest {
    PendingRequest(
      id: record.id, productID: record.productID, state: record.state, since: record.createdDate)
  }

  static func importedItems(customerKey: String, db: PostgresConnection) throws
    -> [ImportedItem]
  {
    try db.execute(
      "SELECT * FROM imported_items WHERE customer_key = $1 ORDER BY id", [.text(customerKey)]
    ).map { row in
      let kindName = try row.string("kind")
      guard let kind = ImportedItem.Kind(rawValue: kindName) else {
        throw LedgerError.damagedRow(
          table: "imported_items", id: String(try row.int64("id")),
          reason: "unknown kind \(kindName)")
      }
      return ImportedItem(
        kind: kind, jws: try row.string("jws"), failure: try row.text("failure"),
        transactionID: try row.text("transaction_id"), originalID: try row.text("original_id"),
        appAccountToken: try row.text("app_account_token").flatMap(UUID.init),
        productID: try row.text("product_id"), storefront: try row.text("storefront"),
        signedDate: try row.integer("signed_ms"))
    }
  }
}
