import StoreCore

extension SupportDirectory {
  /// The customers after `customerID` in a search's list, at most `limit`: for an empty
  /// `text` every customer, for words the customers whose name or email match them, in the
  /// order they joined the ledger; by keyset on the customers' rowid (and the full-text index's,
  /// which is the same), so a page costs the same at any depth.
  ///
  /// The first page (``search(_:limit:)``) also lists exact identifier, token and transaction
  /// matches and imported customers; later pages continue with the simulated customers only.
  public func customers(after customerID: String, matching text: String, limit: Int) throws
    -> [CustomerMatch]
  {
    let query = text.trimmingCharacters(in: .whitespaces)
    return try queue.read { db in
      guard
        let anchor = try db.fetchOne(
          "SELECT rowid FROM customers WHERE id = ?", [.text(customerID)]
        )?.get(Int64.self, at: 0)
      else { return [] }
      let rows: [Row]
      if query.isEmpty {
        rows = try db.fetchAll(
          "SELECT * FROM customers WHERE rowid > ? ORDER BY rowid LIMIT ?",
          [.integer(anchor), .integer(Int64(max(0, limit)))])
      } else if let phrase = Self.fullTextQuery(query) {
        rows = try db.fetchAll(
          """
          SELECT customers.* FROM customer_search
          JOIN customers ON customers.rowid = customer_search.rowid
          WHERE customer_search MATCH ? AND customer_search.rowid > ?
          ORDER BY customer_search.rowid LIMIT ?
          """, [.text(phrase), .integer(anchor), .integer(Int64(max(0, limit)))])
      } else {
        rows = []
      }
      return try rows.map { row in
        CustomerMatch(
          id: try row.get(String.self, "id"), name: try row.get(String.self, "name"),
          email: try row.get(String.self, "email"),
          storefront: try row.get(String.self, "storefront"), isImported: false,
          matchedBy: query.isEmpty ? "all" : "name or email")
      }
    }
  }
}
