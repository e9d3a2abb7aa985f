import Foundation
import StoreCore

/// The support console's reads over the ledger: find customers, and gather one customer's
/// history (simulated or imported) for the explainer and the timeline.
///
/// Every lookup runs through an index (see `SupportSchema`), so its cost depends on the number
/// of matches, not on the size of the ledger.
public struct SupportDirectory: Sendable {
  /// The ledger's database.
  public let queue: DatabaseQueue
  /// The JWS headers of `queue`'s connection, shared with the ledger when there is one.
  let headers: JWSHeaderStore

  /// A directory over `ledger`'s database.
  public init(ledger: SQLiteLedger) {
    queue = ledger.queue
    headers = ledger.headers
  }

  /// A directory over an open ledger database.
  public init(queue: DatabaseQueue) {
    self.queue = queue
    headers = JWSHeaderStore()
  }

  /// Customers matching `text` (customer id, name, email, app account token, transaction id
  /// or original transaction id), at most `limit`; every customer when `text` is empty.
  ///
  /// Exact identifier matches come first, then name and email words starting with each word of
  /// `text`, in creation order.
  public func search(_ text: String, limit: Int = 20) throws -> [CustomerMatch] {
    let query = text.trimmingCharacters(in: .whitespaces)
    return try queue.read { db in
      var matches = CustomerMatchList(limit: limit)
      if query.isEmpty {
        for row in try db.fetchAll(
          "SELECT * FROM customers ORDER BY rowid LIMIT ?", [.integer(Int64(limit))])
        {
          matches.add(try Self.match(row, by: "all"))
        }
        for key in try db.fetchAll(
          "SELECT DISTINCT customer_key FROM imported_items ORDER BY customer_key LIMIT ?",
          [.integer(Int64(limit))])
        {
          matches.add(try Self.importedMatch(try key.get(String.self, at: 0), by: "all", db: db))
        }
        return matches.items
      }
      if let row = try db.fetchOne("SELECT * FROM customers WHERE id = ?", [.text(query)]) {
        matches.add(try Self.match(row, by: "customer id"))
      }
      if query.hasPrefix("original:") || query.hasPrefix("token:") || query == "unknown" {
        if try db.fetchOne(
          "SELECT 1 FROM imported_items WHERE customer_key = ? LIMIT 1", [.text(query)]) != nil
        {
          matches.add(try Self.importedMatch(query, by: "customer id", db: db))
        }
      }
      if let number = UInt64(query), number <= UInt64(Int64.max) {
        try Self.byTransaction(Int64(number), into: &matches, db: db)
      }
      if let token = UUID(uuidString: query) {
        try Self.byToken(token.uuidString, into: &matches, db: db)
      }
      if let phrase = Self.fullTextQuery(query), !matches.isFull {
        for row in try db.fetchAll(
          """
          SELECT customers.* FROM customer_search
          JOIN customers ON customers.rowid = customer_search.rowid
          WHERE customer_search MATCH ? LIMIT ?
          """, [.text(phrase), .integer(Int64(limit))])
        {
          matches.add(try Self.match(row, by: "name or email"))
        }
      }
      return matches.items
    }
  }

  /// The FTS5 query for `text`: every word as a quoted prefix, all required (`"jane"* "doe"*`).
  ///
  /// Words are split on anything but letters and digits, the way the index tokenizes, so no
  /// FTS5 syntax can reach the query.
  static func fullTextQuery(_ text: String) -> String? {
    let words = SupportSearchWords.words(text)
    guard !words.isEmpty else { return nil }
    return words.map { "\"\($0)\"*" }.joined(separator: " ")
  }

  private static func byTransaction(
    _ number: Int64, into matches: inout CustomerMatchList, db: SQLiteConnection
  ) throws {
    let simulated: [(String, String)] = [
      ("SELECT customer_id FROM transactions WHERE id = ?", "transaction id"),
      (
        // The original by its primary key, the rest of its chain by the index of renewals.
        "SELECT customer_id FROM transactions WHERE id = ?1 AND original_id = ?1"
          + " UNION SELECT customer_id FROM transactions WHERE original_id = ?1 AND original_id <> id",
        "original transaction id"
      ),
    ]
    for (sql, label) in simulated {
      for row in try db.fetchAll(sql, [.integer(number)]) {
        try addCustomer(try row.get(String.self, at: 0), by: label, into: &matches, db: db)
      }
    }
    let text = SQLiteValue.text(String(number))
    let imported: [(String, String)] = [
      (
        "SELECT DISTINCT customer_key FROM imported_items WHERE transaction_id = ?",
        "transaction id"
      ),
      (
        "SELECT DISTINCT customer_key FROM imported_items WHERE original_id = ?",
        "original transaction id"
      ),
    ]
    for (sql, label) in imported {
      for row in try db.fetchAll(sql, [text]) {
        matches.add(try importedMatch(try row.get(String.self, at: 0), by: label, db: db))
      }
    }
  }

  private static func byToken(
    _ token: String, into matches: inout CustomerMatchList, db: SQLiteConnection
  ) throws {
    for row in try db.fetchAll(
      "SELECT DISTINCT customer_id FROM transactions WHERE app_account_token = ?", [.text(token)])
    {
      try addCustomer(
        try row.get(String.self, at: 0), by: "app account token", into: &matches, db: db)
    }
    for row in try db.fetchAll(
      "SELECT DISTINCT customer_key FROM imported_items WHERE app_account_token = ?",
      [.text(token)])
    {
      matches.add(
        try importedMatch(try row.get(String.self, at: 0), by: "app account token", db: db))
    }
  }

  private static func addCustomer(
    _ id: String, by label: String, into matches: inout CustomerMatchList, db: SQLiteConnection
  ) throws {
    guard !matches.contains(id),
      let row = try db.fetchOne("SELECT * FROM customers WHERE id = ?", [.text(id)])
    else { return }
    matches.add(try match(row, by: label))
  }

  private static func match(_ row: Row, by label: String) throws -> CustomerMatch {
    CustomerMatch(
      id: try row.get(String.self, "id"), name: try row.get(String.self, "name"),
      email: try row.get(String.self, "email"),
      storefront: try row.get(String.self, "storefront"), isImported: false, matchedBy: label)
  }

  static func importedMatch(_ key: String, by label: String, db: SQLiteConnection) throws
    -> CustomerMatch
  {
    let storefront = try db.fetchOne(
      """
      SELECT storefront FROM imported_items
      WHERE customer_key = ? AND storefront IS NOT NULL ORDER BY id DESC LIMIT 1
      """, [.text(key)]
    )?.get(String.self, at: 0)
    return CustomerMatch(
      id: key, name: "", email: "", storefront: storefront ?? "", isImported: true,
      matchedBy: label)
  }
}

/// Search results without duplicates, up to a limit (both backends' searches fill one).
public struct CustomerMatchList: Sendable {
  /// The most results kept.
  public let limit: Int
  /// The results, in the order they were added.
  public private(set) var items: [CustomerMatch] = []
  private var ids: Set<String> = []

  /// An empty list of at most `limit`.
  public init(limit: Int) { self.limit = limit }

  /// Whether no more results are kept.
  public var isFull: Bool { items.count >= limit }

  /// Whether customer `id` is listed.
  public func contains(_ id: String) -> Bool { ids.contains(id) }

  /// Adds `match` unless the list is full or lists it already.
  public mutating func add(_ match: CustomerMatch) {
    guard !isFull, ids.insert(match.id).inserted else { return }
    items.append(match)
  }
}
