import Foundation
import StoreCore
import StorePersistence
import Testing

/// The Customers screen's next pages: by keyset on the customers' rowid, for every customer and
/// for a name search.
@Suite struct CustomerPagingTests {
  /// Forty customers, `c00` to `c39`, every third named Jane.
  static func harness() throws -> SupportHarness {
    let store = try SupportHarness()
    for index in 0..<40 {
      let id = String(format: "c%02d", index)
      let name = index % 3 == 0 ? "Jane Doe \(index)" : "Bob Stone \(index)"
      _ = try store.ledger.customer(id) {
        Customer(
          id: id, name: name, email: "\(id)@example.com", storefront: "USA",
          deviceVerificationID: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
      }
    }
    return store
  }

  @Test func pagesOfSevenListEveryCustomerOnceInOrder() throws {
    let store = try Self.harness()
    var listed = try store.directory.search("", limit: 7).map(\.id)
    #expect(listed == ["c00", "c01", "c02", "c03", "c04", "c05", "c06"])
    while let last = listed.last {
      let page = try store.directory.customers(after: last, matching: "", limit: 7).map(\.id)
      guard !page.isEmpty else { break }
      #expect(page.count <= 7)
      listed += page
    }
    #expect(listed == (0..<40).map { String(format: "c%02d", $0) })
  }

  @Test func aNameSearchPagesThroughItsMatchesOnly() throws {
    let store = try Self.harness()
    var listed = try store.directory.search("jane", limit: 5).map(\.id)
    while let last = listed.last {
      let page = try store.directory.customers(after: last, matching: "jane", limit: 5)
      guard !page.isEmpty else { break }
      #expect(page.allSatisfy { $0.matchedBy == "name or email" && $0.name.hasPrefix("Jane") })
      listed += page.map(\.id)
    }
    #expect(listed == stride(from: 0, to: 40, by: 3).map { String(format: "c%02d", $0) })
  }

  @Test func theNextPageRunsThroughTheKeyNotAScan() throws {
    let store = try Self.harness()
    let plans = try store.ledger.queue.read { db in
      try [
        (
          "SELECT * FROM customers WHERE rowid > ? ORDER BY rowid LIMIT ?",
          [SQLiteValue.integer(1), .integer(7)]
        ),
        (
          """
          SELECT customers.* FROM customer_search
          JOIN customers ON customers.rowid = customer_search.rowid
          WHERE customer_search MATCH ? AND customer_search.rowid > ?
          ORDER BY customer_search.rowid LIMIT ?
          """, [.text("\"jane\"*"), .integer(1), .integer(7)]
        ),
      ].map { sql, arguments in
        try db.fetchAll("EXPLAIN QUERY PLAN " + sql, arguments)
          .map { try $0.get(String.self, "detail") }.joined(separator: "; ")
      }
    }
    #expect(plans[0] == "SEARCH customers USING INTEGER PRIMARY KEY (rowid>?)")
    #expect(plans[1].contains("VIRTUAL TABLE INDEX"), "\(plans[1])")
    #expect(
      plans[1].contains("SEARCH customers USING INTEGER PRIMARY KEY (rowid=?)"), "\(plans[1])")
  }
}
