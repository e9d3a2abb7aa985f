import Foundation
import StoreCore

extension SupportDirectory {
  /// Everything the ledger knows about `customerID` (a simulated account, or an imported
  /// customer key), or nil when there is no such customer.
  ///
  /// - Parameters:
  ///   - balances: consumable balances from the app's fulfillment store, if known.
  ///   - summaryOnly: true for what a search result needs to list active entitlements: the
  ///     latest transaction of each chain and no events. Access never depends on the older
  ///     transactions or the timeline, and skipping them keeps a page of results cheap.
  public func history(
    customerID: String, balances: [String: Int] = [:], summaryOnly: Bool = false
  ) throws -> CustomerHistory? {
    try queue.read { db in
      if let row = try db.fetchOne("SELECT * FROM customers WHERE id = ?", [.text(customerID)]) {
        let customer = try SQLiteLedger.customer(row)
        let records =
          summaryOnly
          ? try db.fetchAll(
            """
            SELECT * FROM transactions WHERE customer_id = ? AND id IN (
              SELECT max(id) FROM transactions WHERE customer_id = ?
              GROUP BY coalesce(original_id, id))
            ORDER BY id
            """, [.text(customerID), .text(customerID)]
          ).map { try SQLiteLedger.record($0, headers: headers, db: db) }
          : try SQLiteLedger.records(customerID: customerID, headers: headers, db: db)
        let subscriptions =
          try db.fetchAll(
            "SELECT * FROM subscriptions WHERE customer_id = ? ORDER BY original_id",
            [.text(customerID)]
          ).map { try SQLiteLedger.subscription($0).state } + Self.familyChains(customerID, db: db)
        let events =
          !summaryOnly
          ? try db.fetchAll(
            "SELECT * FROM events WHERE customer_id = ? ORDER BY seq", [.text(customerID)]
          ).map { HistoryEvent.ledger(try SQLiteLedger.event($0)) } : []
        return CustomerHistory(
          customerID: customer.id, name: customer.name, email: customer.email,
          storefront: customer.storefront,
          transactions: records.compactMap { $0.signed?.payload },
          subscriptions: subscriptions,
          requests: records.filter { $0.state != .purchased }.map {
            PendingRequest(
              id: $0.id, productID: $0.productID, state: $0.state, since: $0.createdDate)
          },
          events: events, balances: balances, familyGroup: customer.familyGroup,
          sharedBy: try Self.purchasers(ofCopiesFor: customerID, db: db))
      }
      let items = try Self.importedItems(customerKey: customerID, db: db)
      guard !items.isEmpty else { return nil }
      return ImportedHistory.build(customerKey: customerID, items: items)
    }
  }

  /// The purchaser of each of `customerID`'s Family Sharing copies, by the copy's transaction ID.
  static func purchasers(ofCopiesFor customerID: String, db: SQLiteConnection) throws
    -> [String: String]
  {
    let rows = try db.fetchAll(
      """
      SELECT c.id AS copy, p.customer_id AS purchaser
      FROM transactions c JOIN transactions p ON p.id = c.shared_from
      WHERE c.customer_id = ? AND c.shared_from IS NOT NULL
      """, [.text(customerID)])
    return Dictionary(
      try rows.map {
        (String(try $0.get(Int64.self, "copy")), try $0.get(String.self, "purchaser"))
      },
      uniquingKeysWith: { first, _ in first })
  }

  /// The purchaser's chain behind each Family Sharing subscription of `customerID`, under the
  /// member's original transaction ID, so the explainer follows the purchaser's renewal state.
  static func familyChains(_ customerID: String, db: SQLiteConnection) throws
    -> [SubscriptionState]
  {
    try db.fetchAll(
      """
      SELECT s.*, c.original_id AS member_original, c.revocation_date_ms AS copy_revoked
      FROM transactions c
      JOIN transactions p ON p.id = c.shared_from
      JOIN subscriptions s ON s.original_id = p.original_id
      WHERE c.id IN (
        SELECT max(id) FROM transactions INDEXED BY transactions_copies
        WHERE customer_id = ? AND shared_from IS NOT NULL AND group_id IS NOT NULL
        GROUP BY original_id)
      ORDER BY c.original_id
      """, [.text(customerID)]
    ).map { row in
      var state = try SQLiteLedger.subscription(row).state
      state.originalID = UInt64(try row.get(Int64.self, "member_original"))
      state.customerID = customerID
      let copyRevoked = try row.get(Int64?.self, "copy_revoked") != nil
      state.isRevoked = state.isRevoked || copyRevoked
      return state
    }
  }

  static func importedItems(customerKey: String, db: SQLiteConnection) throws -> [ImportedItem] {
    try db.fetchAll(
      "SELECT * FROM imported_items WHERE customer_key = ? ORDER BY id", [.text(customerKey)]
    ).map(importedItem)
  }

  static func importedItem(_ row: Row) throws -> ImportedItem {
    let kindName = try row.get(String.self, "kind")
    guard let kind = ImportedItem.Kind(rawValue: kindName) else {
      throw LedgerError.damagedRow(
        table: "imported_items", id: String(try row.get(Int64.self, "id")),
        reason: "unknown kind \(kindName)")
    }
    return ImportedItem(
      kind: kind, jws: try row.get(String.self, "jws"),
      failure: try row.get(String?.self, "failure"),
      transactionID: try row.get(String?.self, "transaction_id"),
      originalID: try row.get(String?.self, "original_id"),
      appAccountToken: try row.get(String?.self, "app_account_token").flatMap(UUID.init),
      productID: try row.get(String?.self, "product_id"),
      storefront: try row.get(String?.self, "storefront"),
      signedDate: try row.get(Int64?.self, "signed_ms"))
  }
}
