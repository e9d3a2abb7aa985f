import Foundation
import StoreCore
import StorePersistence

/// The support console's reads and imports in the PostgreSQL ledger: SQLite's
/// `SupportDirectory` behind the same port.
///
/// Lookups by identifier use the same indexes as on SQLite; names and emails are searched by
/// word prefix through `search_words` and its GIN index (``wordMatches(_:after:limit:db:)``),
/// where SQLite uses its FTS5 table. Reads are one `REPEATABLE READ READ ONLY` transaction each;
/// imports write under the writers' lock.
public struct PostgresSupportDirectory: SupportStore {
  /// The ledger (its row readers decode transactions and their JWS headers).
  public let ledger: PostgresLedger

  /// A directory over `ledger`'s database.
  public init(ledger: PostgresLedger) { self.ledger = ledger }

  var database: PostgresDatabase { ledger.database }

  /// The `to_tsquery` text for `text`, nil when it has no letters or digits.
  ///
  /// Every word as a quoted prefix, all required (`'jane':* & 'doe':*`). Words hold only
  /// letters and digits, so no query syntax can reach it.
  static func fullTextQuery(_ text: String) -> String? {
    let words = SupportSearchWords.words(text)
    guard !words.isEmpty else { return nil }
    return words.map { "'\($0)':*" }.joined(separator: " & ")
  }

  /// Customers matching `text`, at most `limit`; every customer when `text` is empty.
  ///
  /// Exact identifier matches come first, then name and email words, in creation order.
  public func search(_ text: String, limit: Int = 20) throws -> [CustomerMatch] {
    let query = text.trimmingCharacters(in: .whitespaces)
    return try database.read { db in
      var matches = CustomerMatchList(limit: limit)
      if query.isEmpty {
        for row in try db.execute(
          "SELECT * FROM customers ORDER BY position LIMIT $1", [.integer(Int64(limit))])
        {
          matches.add(try Self.match(row, by: "all"))
        }
        for key in try db.execute(
          "SELECT DISTINCT customer_key FROM imported_items ORDER BY customer_key LIMIT $1",
          [.integer(Int64(limit))])
        {
          matches.add(try Self.importedMatch(try key.string("customer_key"), by: "all", db: db))
        }
        return matches.items
      }
      if let row = try db.fetchOne("SELECT * FROM customers WHERE id = $1", [.text(query)]) {
        matches.add(try Self.match(row, by: "customer id"))
      }
      if query.hasPrefix("original:") || query.hasPrefix("token:") || query == "unknown" {
        if try db.fetchOne(
          "SELECT 1 AS found FROM imported_items WHERE customer_key = $1 LIMIT 1", [.text(query)])
          != nil
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
        for row in try Self.wordMatches(phrase, after: 0, limit: limit, db: db) {
          matches.add(try Self.match(row, by: "name or email"))
        }
      }
      return matches.items
    }
  }

  /// The customers after `customerID` in a search's list, at most `limit`, by keyset on their
  /// creation order.
  public func customers(after customerID: String, matching text: String, limit: Int) throws
    -> [CustomerMatch]
  {
    let query = text.trimmingCharacters(in: .whitespaces)
    return try database.read { db in
      guard
        let anchor = try db.fetchOne(
          "SELECT position FROM customers WHERE id = $1", [.text(customerID)]
        )?.int64("position")
      else { return [] }
      let rows: [PostgresRow]
      if query.isEmpty {
        rows = try db.execute(
          "SELECT * FROM customers WHERE position > $1 ORDER BY position LIMIT $2",
          [.integer(anchor), .integer(Int64(max(0, limit)))])
      } else if let phrase = Self.fullTextQuery(query) {
        rows = try Self.wordMatches(phrase, after: anchor, limit: max(0, limit), db: db)
      } else {
        rows = []
      }
      return try rows.map { try Self.match($0, by: query.isEmpty ? "all" : "name or email") }
    }
  }

  /// Rows examined in creation order before a word search turns to the index.
  static let densePrefix: Int64 = 1_000

  /// The first `limit` customers after position `after` whose name or email words match
  /// `phrase`, in creation order.
  ///
  /// Two ways, so neither a common word nor a rare one costs a pass over every customer (the
  /// planner cannot tell them apart for a prefix): the next `densePrefix` customers in creation
  /// order are filtered first, which finds a common word's first page at once; when they hold
  /// fewer than `limit` matches the word is rare, and the GIN index finds every match after
  /// `after`, few by then, which are sorted. The query is parsed once (a sub-select), not once
  /// per row filtered; `position + 0` keeps the position index out of the index pass: a
  /// prepared statement's generic plan, which cannot see how few rows the words match, ANDed
  /// the GIN bitmap with a bitmap of every customer after `after` (all of them, from a first
  /// page), which cost 3–5 ms at 10,000 customers and grew with the table.
  static func wordMatches(_ phrase: String, after: Int64, limit: Int, db: PostgresConnection)
    throws -> [PostgresRow]
  {
    let dense = try db.execute(
      """
      SELECT * FROM (SELECT * FROM customers WHERE position > $2 ORDER BY position LIMIT $4)
        AS next
      WHERE search_words @@ (SELECT to_tsquery('simple', $1)) ORDER BY position LIMIT $3
      """, [.text(phrase), .integer(after), .integer(Int64(limit)), .integer(densePrefix)])
    guard dense.count < limit else { return dense }
    return try db.execute(
      """
      WITH found AS MATERIALIZED (
        SELECT position FROM customers
        WHERE search_words @@ to_tsquery('simple', $1) AND position + 0 > $2)
      SELECT * FROM customers
      WHERE position IN (SELECT position FROM found ORDER BY position LIMIT $3)
      ORDER BY position
      """, [.text(phrase), .integer(after), .integer(Int64(limit))])
  }

  private static func byTransaction(
    _ number: Int64, into matches: inout CustomerMatchList, db: PostgresConnection
  ) throws {
    let simulated: [(String, String)] = [
      ("SELECT customer_id FROM transactions WHERE id = $1", "transaction id"),
      (
        "SELECT customer_id FROM transactions WHERE id = $1 AND original_id = $1"
          + " UNION SELECT customer_id FROM transactions WHERE original_id = $1"
          + " AND original_id <> id",
        "original transaction id"
      ),
    ]
    for (sql, label) in simulated {
      for row in try db.execute(sql, [.integer(number)]) {
        try addCustomer(try row.string("customer_id"), by: label, into: &matches, db: db)
      }
    }
    let imported: [(String, String)] = [
      (
        "SELECT DISTINCT customer_key FROM imported_items WHERE transaction_id = $1",
        "transaction id"
      ),
      (
        "SELECT DISTINCT customer_key FROM imported_items WHERE original_id = $1",
        "original transaction id"
      ),
    ]
    for (sql, label) in imported {
      for row in try db.execute(sql, [.text(String(number))]) {
        matches.add(try importedMatch(try row.string("customer_key"), by: label, db: db))
      }
    }
  }

  private static func byToken(
    _ token: String, into matches: inout CustomerMatchList, db: PostgresConnection
  ) throws {
    for row in try db.execute(
      "SELECT DISTINCT customer_id FROM transactions WHERE app_account_token = $1",
      [.text(token)])
    {
      try addCustomer(
        try row.string("customer_id"), by: "app account token", into: &matches, db: db)
    }
    for row in try db.execute(
      "SELECT DISTINCT customer_key FROM imported_items WHERE app_account_token = $1",
      [.text(token)])
    {
      matches.add(
        try importedMatch(try row.string("customer_key"), by: "app account token", db: db))
    }
  }

  private static func addCustomer(
    _ id: String, by label: String, into matches: inout CustomerMatchList,
    db: PostgresConnection
  ) throws {
    guard !matches.contains(id),
      let row = try db.fetchOne("SELECT * FROM customers WHERE id = $1", [.text(id)])
    else { return }
    matches.add(try match(row, by: label))
  }

  private static func match(_ row: PostgresRow, by label: String) throws -> CustomerMatch {
    CustomerMatch(
      id: try row.string("id"), name: try row.string("name"), email: try row.string("email"),
      storefront: try row.string("storefront"), isImported: false, matchedBy: label)
  }

  static func importedMatch(_ key: String, by label: String, db: PostgresConnection) throws
    -> CustomerMatch
  {
    let storefront = try db.fetchOne(
      """
      SELECT storefront FROM imported_items
      WHERE customer_key = $1 AND storefront IS NOT NULL ORDER BY id DESC LIMIT 1
      """, [.text(key)]
    )?.text("storefront")
    return CustomerMatch(
      id: key, name: "", email: "", storefront: storefront ?? "", isImported: true,
      matchedBy: label)
  }
}
