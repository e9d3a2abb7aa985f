import StoreCore

extension SQLiteLedger {
  /// The customer's deciding records (see ``Ledger/decidingRecords(customerID:)``), found by
  /// seeks on `transactions_by_chain` and `transactions_by_product`: a few per chain and product,
  /// however many renewals the history holds; only the rows found are decoded.
  public func decidingRecords(customerID: String) throws -> [TransactionRecord] {
    try queue.read { db in
      let ids = try Self.decidingIDs(customerID: customerID, db: db)
      return try ids.sorted().compactMap { id in
        try db.fetchOne("SELECT * FROM transactions WHERE id = ?", [.integer(id)])
          .map { try Self.record($0, headers: headers, db: db) }
      }
    }
  }

  /// The customer's records of one product, through `transactions_by_customer_product`.
  public func records(customerID: String, productID: String) throws -> [TransactionRecord] {
    try queue.read { db in
      try db.fetchAll(
        "SELECT * FROM transactions INDEXED BY transactions_by_customer_product"
          + " WHERE customer_id = ? AND product_id = ? ORDER BY id",
        [.text(customerID), .text(productID)]
      ).map { try Self.record($0, headers: headers, db: db) }
    }
  }

  /// The identifiers of the customer's deciding records.
  static func decidingIDs(customerID: String, db: SQLiteConnection) throws -> Set<Int64> {
    let customer = SQLiteValue.text(customerID)
    var ids: Set<Int64> = []
    var original = Int64.min
    while let row = try db.fetchOne(Chain.nextChain, [customer, .integer(original)]) {
      original = try row.get(Int64.self, at: 0)
      ids.formUnion(try chainIDs(customer: customer, original: original, db: db))
    }
    var product = ""
    while let row = try db.fetchOne(Product.nextProduct, [customer, .text(product)]) {
      product = try row.get(String.self, at: 0)
      for sql in Product.latest {
        if let id = try db.fetchOne(sql, [customer, .text(product)])?.get(Int64.self, at: 0) {
          ids.insert(id)
        }
      }
    }
    return ids
  }

  /// One chain's deciding records: its latest transaction (by purchase order and by
  /// identifier), the latest of each of its products, and the transaction after each of those.
  private static func chainIDs(customer: SQLiteValue, original: Int64, db: SQLiteConnection)
    throws -> Set<Int64>
  {
    let chain = SQLiteValue.integer(original)
    var products: [String] = []
    var product = ""
    while let row = try db.fetchOne(Chain.nextProduct, [customer, chain, .text(product)]) {
      product = try row.get(String.self, at: 0)
      products.append(product)
    }
    var ids: Set<Int64> = []
    for product in products {
      guard
        let latest = try db.fetchOne(Chain.latest, [customer, chain, .text(product)])
      else { continue }
      let (date, id) = (try latest.get(Int64.self, at: 0), try latest.get(Int64.self, at: 1))
      ids.insert(id)
      // The next transaction of the chain: the earliest after this one among its products.
      var next: (date: Int64, id: Int64)?
      for other in products {
        guard
          let row = try db.fetchOne(
            Chain.after, [customer, chain, .text(other), .integer(date), .integer(id)])
        else { continue }
        let candidate = (try row.get(Int64.self, at: 0), try row.get(Int64.self, at: 1))
        if next.map({ candidate < $0 }) ?? true { next = candidate }
      }
      if let next { ids.insert(next.id) }
    }
    // The highest identifier too: what `latestRecord(customerID:originalID:)` calls the latest.
    if let row = try db.fetchOne(Chain.highest, [chain, customer]) {
      ids.insert(try row.get(Int64.self, at: 0))
    } else {
      ids.insert(original)
    }
    return ids
  }

  /// The statements over `transactions_by_chain`, written out whole (never assembled).
  enum Chain {
    /// The customer's next chain after an original transaction ID.
    static let nextChain =
      "SELECT original_id FROM transactions INDEXED BY transactions_by_chain"
      + " WHERE customer_id = ? AND product_type = 'Auto-Renewable Subscription'"
      + " AND original_id > ? ORDER BY original_id LIMIT 1"
    /// The chain's next product after a product ID.
    static let nextProduct =
      "SELECT product_id FROM transactions INDEXED BY transactions_by_chain"
      + " WHERE customer_id = ? AND product_type = 'Auto-Renewable Subscription'"
      + " AND original_id = ? AND product_id > ? ORDER BY product_id LIMIT 1"
    /// The chain's latest transaction of a product, in purchase order.
    static let latest =
      "SELECT purchase_date_ms, id FROM transactions INDEXED BY transactions_by_chain"
      + " WHERE customer_id = ? AND product_type = 'Auto-Renewable Subscription'"
      + " AND original_id = ? AND product_id = ?"
      + " ORDER BY purchase_date_ms DESC, id DESC LIMIT 1"
    /// The chain's first transaction of a product after a purchase date and identifier.
    static let after =
      "SELECT purchase_date_ms, id FROM transactions INDEXED BY transactions_by_chain"
      + " WHERE customer_id = ? AND product_type = 'Auto-Renewable Subscription'"
      + " AND original_id = ? AND product_id = ? AND (purchase_date_ms, id) > (?, ?)"
      + " ORDER BY purchase_date_ms, id LIMIT 1"
    /// The chain's highest identifier other than the original's, through
    /// `transactions_by_original`.
    static let highest =
      "SELECT id FROM transactions WHERE original_id = ? AND original_id <> id"
      + " AND customer_id = ? ORDER BY original_id DESC, id DESC LIMIT 1"
  }

  /// The statements over `transactions_by_product`.
  enum Product {
    /// The customer's next non-consumable or non-renewing product after a product ID.
    static let nextProduct =
      "SELECT product_id FROM transactions INDEXED BY transactions_by_product"
      + " WHERE customer_id = ?"
      + " AND product_type IN ('Non-Consumable', 'Non-Renewing Subscription')"
      + " AND product_id > ? ORDER BY product_id LIMIT 1"
    /// The product's latest transaction of the customer's own, their own not revoked, a Family
    /// Sharing copy, and a copy not revoked.
    static let latest = [
      "SELECT id FROM transactions INDEXED BY transactions_by_product WHERE customer_id = ?"
        + " AND product_type IN ('Non-Consumable', 'Non-Renewing Subscription')"
        + " AND product_id = ? AND shared_from IS NULL"
        + " ORDER BY purchase_date_ms DESC, id DESC LIMIT 1",
      "SELECT id FROM transactions INDEXED BY transactions_by_product WHERE customer_id = ?"
        + " AND product_type IN ('Non-Consumable', 'Non-Renewing Subscription')"
        + " AND product_id = ? AND shared_from IS NULL AND revocation_date_ms IS NULL"
        + " ORDER BY purchase_date_ms DESC, id DESC LIMIT 1",
      "SELECT id FROM transactions INDEXED BY transactions_by_product WHERE customer_id = ?"
        + " AND product_type IN ('Non-Consumable', 'Non-Renewing Subscription')"
        + " AND product_id = ? AND shared_from IS NOT NULL"
        + " ORDER BY purchase_date_ms DESC, id DESC LIMIT 1",
      "SELECT id FROM transactions INDEXED BY transactions_by_product WHERE customer_id = ?"
        + " AND product_type IN ('Non-Consumable', 'Non-Renewing Subscription')"
        + " AND product_id = ? AND shared_from IS NOT NULL AND revocation_date_ms IS NULL"
        + " ORDER BY purchase_date_ms DESC, id DESC LIMIT 1",
    ]
  }
}
