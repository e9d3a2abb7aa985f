import Foundation
import StoreCore

/// A customer's history as `storeterm customer` shows it: what the explainer decides from, and
/// the newest part of the timeline and of the transactions, each read through an index so the
/// cost does not grow with the customer's renewals.
public struct CustomerHistoryWindow: Sendable, Equatable {
  /// What the explainer decides from: the deciding transactions (``Ledger/decidingRecords(customerID:)``),
  /// every consumable, the transactions of ``events`` and ``transactions``, the requests, the
  /// subscription states and the events an answer rests on (expiries, declined requests), which
  /// ``AccessExplainer`` answers from exactly as from the whole history.
  public var history: CustomerHistory
  /// The newest events in timeline order (date, then sequence), oldest first.
  public var events: [HistoryEvent]
  /// How many of the customer's events come before ``events``.
  public var earlierEvents: Int
  /// The newest charged transactions (by identifier), in purchase order.
  public var transactions: [JWSTransactionDecodedPayload]
  /// How many charged transactions come before ``transactions``.
  public var earlierTransactions: Int

  /// Creates a window.
  public init(
    history: CustomerHistory, events: [HistoryEvent], earlierEvents: Int,
    transactions: [JWSTransactionDecodedPayload], earlierTransactions: Int
  ) {
    self.history = history
    self.events = events
    self.earlierEvents = earlierEvents
    self.transactions = transactions
    self.earlierTransactions = earlierTransactions
  }

  /// The history ``events`` are told from: ``history`` with only those events.
  public var timelineHistory: CustomerHistory {
    var timeline = history
    timeline.events = events
    return timeline
  }
}

extension SupportDirectory {
  /// The history of `customerID` with its newest `limit` events and transactions; nil for none.
  ///
  /// An imported customer is read whole (an import is at most 32 MB), its window the newest
  /// `limit` of each.
  public func historyWindow(customerID: String, balances: [String: Int] = [:], limit: Int) throws
    -> CustomerHistoryWindow?
  {
    let limit = max(0, limit)
    return try queue.read { db in
      guard
        let row = try db.fetchOne("SELECT * FROM customers WHERE id = ?", [.text(customerID)])
      else {
        let items = try Self.importedItems(customerKey: customerID, db: db)
        guard !items.isEmpty else { return nil }
        return Self.window(of: ImportedHistory.build(customerKey: customerID, items: items), limit)
      }
      let customer = try SQLiteLedger.customer(row)
      let id = SQLiteValue.text(customerID)
      let events = try db.fetchAll(Window.newestEvents, [id, .integer(Int64(limit))])
        .map(SQLiteLedger.event).reversed()
      let newest = try db.fetchAll(Window.newestCharged, [id, .integer(Int64(limit))])
      var ids = try SQLiteLedger.decidingIDs(customerID: customerID, db: db)
      for row in try db.fetchAll(Window.consumables, [id]) {
        ids.insert(try row.get(Int64.self, at: 0))
      }
      for event in events { if let id = event.transactionID { ids.insert(Int64(id)) } }
      for row in newest { ids.insert(try row.get(Int64.self, "id")) }
      let records = try ids.sorted().compactMap { id in
        try db.fetchOne("SELECT * FROM transactions WHERE id = ?", [.integer(id)])
          .map { try SQLiteLedger.record($0, headers: headers, db: db) }
      }
      let requests = try db.fetchAll(Window.requests, [id]).map {
        try SQLiteLedger.record($0, headers: headers, db: db)
      }
      let rare = try db.fetchAll(Window.rareEvents, [id]).map {
        HistoryEvent.ledger(try SQLiteLedger.event($0))
      }
      let subscriptions =
        try db.fetchAll(
          "SELECT * FROM subscriptions WHERE customer_id = ? ORDER BY original_id", [id]
        ).map { try SQLiteLedger.subscription($0).state } + Self.familyChains(customerID, db: db)
      let allEvents = try db.fetchOne(Window.eventCount, [id])?.get(Int64.self, at: 0) ?? 0
      let allRows = try db.fetchOne(Window.rowCount, [id])?.get(Int64.self, at: 0) ?? 0
      let history = CustomerHistory(
        customerID: customer.id, name: customer.name, email: customer.email,
        storefront: customer.storefront, transactions: records.compactMap { $0.signed?.payload },
        subscriptions: subscriptions,
        requests: requests.map {
          PendingRequest(
            id: $0.id, productID: $0.productID, state: $0.state, since: $0.createdDate)
        },
        events: rare, balances: balances, familyGroup: customer.familyGroup,
        sharedBy: try Self.purchasers(of: records, db: db))
      let byID = Dictionary(
        records.compactMap { record in record.signed.map { (Int64(record.id), $0.payload) } },
        uniquingKeysWith: { a, _ in a })
      let page = try newest.compactMap { byID[try $0.get(Int64.self, "id")] }
      return CustomerHistoryWindow(
        history: history, events: events.map(HistoryEvent.ledger),
        earlierEvents: max(0, Int(allEvents) - events.count),
        transactions: page.sorted(by: SubscriptionChain.older),
        earlierTransactions: max(0, Int(allRows) - requests.count - page.count))
    }
  }

  /// The window of a history read whole: its newest `limit` events and transactions.
  public static func window(of history: CustomerHistory, _ limit: Int) -> CustomerHistoryWindow {
    let ordered = history.events.enumerated().sorted { a, b in
      a.element.date != b.element.date ? a.element.date < b.element.date : a.offset < b.offset
    }.map(\.element)
    let transactions = history.transactions.sorted(by: SubscriptionChain.older)
    return CustomerHistoryWindow(
      history: history, events: Array(ordered.suffix(limit)),
      earlierEvents: max(0, ordered.count - limit),
      transactions: Array(transactions.suffix(limit)),
      earlierTransactions: max(0, transactions.count - limit))
  }

  /// The purchaser of each Family Sharing copy among `records`, by the copy's transaction ID.
  static func purchasers(of records: [TransactionRecord], db: SQLiteConnection) throws
    -> [String: String]
  {
    var purchasers: [String: String] = [:]
    for record in records {
      guard let source = record.sharedFromID,
        let row = try db.fetchOne(
          "SELECT customer_id FROM transactions WHERE id = ?", [.integer(Int64(source))])
      else { continue }
      purchasers[String(record.id)] = try row.get(String.self, at: 0)
    }
    return purchasers
  }

  /// The statements of ``historyWindow(customerID:balances:limit:)``, written out whole.
  enum Window {
    /// The newest events in timeline order, newest first; the customer's creation is on no
    /// timeline.
    static let newestEvents =
      "SELECT * FROM events INDEXED BY events_by_customer_date WHERE customer_id = ?"
      + " AND kind <> 'customerCreated' ORDER BY date_ms DESC, seq DESC LIMIT ?"
    /// The newest charged transactions by identifier, newest first.
    static let newestCharged =
      "SELECT id FROM transactions INDEXED BY transactions_by_customer"
      + " WHERE customer_id = ? AND jws IS NOT NULL ORDER BY id DESC LIMIT ?"
    /// Every consumable (the explainer counts purchases).
    static let consumables =
      "SELECT id FROM transactions INDEXED BY transactions_by_consumable"
      + " WHERE customer_id = ? AND product_type = 'Consumable'"
    /// Every purchase request that was never charged.
    static let requests =
      "SELECT * FROM transactions INDEXED BY transactions_requests"
      + " WHERE customer_id = ? AND jws IS NULL ORDER BY id"
    /// The events an answer rests on, whatever their age: expiries and declined requests.
    static let rareEvents =
      "SELECT * FROM events INDEXED BY events_by_customer_kind"
      + " WHERE customer_id = ? AND kind IN ('expired', 'declined') ORDER BY seq"
    /// How many events the customer has, their creation aside (counted on the index alone).
    static let eventCount =
      "SELECT (SELECT count(*) FROM events INDEXED BY events_by_customer_date"
      + " WHERE customer_id = ?1) - (SELECT count(*) FROM events INDEXED BY events_by_customer_kind"
      + " WHERE customer_id = ?1 AND kind = 'customerCreated')"
    /// How many records (requests included) the customer has.
    static let rowCount =
      "SELECT count(*) FROM transactions INDEXED BY transactions_by_customer"
      + " WHERE customer_id = ?"
  }
}
