import Foundation
import StoreCore
import StorePersistence
import Testing

/// Customer search: every kind of identifier, name and email words, and the indexes behind it.
@Suite struct SearchTests {
  static let token = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

  static func harness() throws -> SupportHarness {
    let store = try SupportHarness()
    for (id, name, email, storefront) in [
      ("jane", "Jane Doe", "jane.doe@example.com", "DEU"),
      ("bob", "Bob Stone", "bob@example.org", "USA"),
      ("jo", "Joanne Dorsey", "jo@example.com", "JPN"),
    ] {
      _ = try store.ledger.customer(id) {
        Customer(
          id: id, name: name, email: email, storefront: storefront,
          deviceVerificationID: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
      }
    }
    // Transaction 1 (Jane's trial) renews on 8 Dec as transaction 2 with original ID 1.
    var options = PurchaseOptions()
    options.appAccountToken = token
    try store.buy(Demo.plusMonthly, customer: "jane", options)
    try store.buy(Demo.lifetime, customer: "bob")
    try store.advance(days: 8)
    return store
  }

  static func ids(_ matches: [CustomerMatch]) -> [String] {
    matches.map { "\($0.id) (\($0.matchedBy))" }
  }

  @Test func findsByCustomerIDNameAndEmailWords() throws {
    let directory = try Self.harness().directory
    #expect(Self.ids(try directory.search("jane")) == ["jane (customer id)"])
    #expect(Self.ids(try directory.search("doe")) == ["jane (name or email)"])
    #expect(Self.ids(try directory.search("DOR")) == ["jo (name or email)"])
    #expect(Self.ids(try directory.search("Jo D")) == ["jo (name or email)"])
    #expect(
      Self.ids(try directory.search("example.com"))
        == ["jane (name or email)", "jo (name or email)"])
    #expect(try directory.search("nobody").isEmpty)
  }

  @Test func findsByTransactionOriginalTransactionAndAppAccountToken() throws {
    let directory = try Self.harness().directory
    #expect(Self.ids(try directory.search("2")) == ["bob (transaction id)"])
    #expect(Self.ids(try directory.search("1")) == ["jane (transaction id)"])
    #expect(
      Self.ids(try directory.search(Self.token.uuidString.lowercased()))
        == ["jane (app account token)"])
    #expect(try directory.search("99").isEmpty)
  }

  @Test func anOriginalTransactionIDFindsTheSubscriber() throws {
    let store = try Self.harness()
    // The renewal on 8 Dec is transaction 3 of chain 1.
    let renewal = try #require(try store.ledger.records(customerID: "jane").last?.signed)
    #expect(renewal.payload.originalTransactionId == "1")
    #expect(renewal.payload.transactionId == "3")
    #expect(Self.ids(try store.directory.search("3")) == ["jane (transaction id)"])
  }

  @Test func anEmptySearchListsCustomersUpToTheLimit() throws {
    let directory = try Self.harness().directory
    #expect(try directory.search("").map(\.id) == ["jane", "bob", "jo"])
    #expect(try directory.search("", limit: 2).map(\.id) == ["jane", "bob"])
  }

  @Test func searchResultsCarryStorefrontsAndActiveEntitlements() async throws {
    let store = try Self.harness()
    let match = try #require(try store.directory.search("bob").first)
    #expect(match.storefront == "USA")
    #expect(match.name == "Bob Stone")
    let history = try #require(try store.directory.history(customerID: "bob"))
    let lines = AccessExplainer.explain(
      history, names: SupportHarness.names, now: store.clock.now())
    #expect(SupportPresentation.activeSummary(lines) == "Lifetime Unlock")
  }

  @Test func everyLookupRunsThroughAnIndex() throws {
    let store = try Self.harness()
    let plans = try store.ledger.queue.read { db in
      try [
        "SELECT customer_id FROM transactions WHERE id = ?1 AND original_id = ?1"
          + " UNION SELECT customer_id FROM transactions WHERE original_id = ?1 AND original_id <> id",
        "SELECT * FROM transactions WHERE original_id = ?1 AND original_id <> id"
          + " AND customer_id = ?1 ORDER BY original_id DESC, id DESC LIMIT 1",
        "SELECT DISTINCT customer_id FROM transactions WHERE app_account_token = ?",
        "SELECT customer_id FROM transactions WHERE id = ?",
        "SELECT * FROM events WHERE customer_id = ? ORDER BY seq",
        "SELECT 1 FROM events WHERE customer_id = ?1 AND transaction_id = ?1 AND kind = ?1 LIMIT 1",
        "SELECT DISTINCT customer_key FROM imported_items WHERE transaction_id = ?",
        "SELECT DISTINCT customer_key FROM imported_items WHERE original_id = ?",
        "SELECT DISTINCT customer_key FROM imported_items WHERE app_account_token = ?",
        "SELECT * FROM imported_items WHERE customer_key = ? ORDER BY id",
      ].map { sql in
        try db.fetchAll("EXPLAIN QUERY PLAN " + sql, [.text("1")])
          .map { try $0.get(String.self, "detail") }.joined(separator: "; ")
      }
    }
    for plan in plans {
      #expect(
        plan.contains("USING INDEX") || plan.contains("USING COVERING INDEX")
          || plan.contains("USING INTEGER PRIMARY KEY"), "\(plan)")
      #expect(!plan.hasPrefix("SCAN"), "\(plan)")
    }
  }

  @Test func aSummaryHistoryGrantsExactlyWhatTheFullHistoryGrants() throws {
    let store = try SupportHarness()
    try store.buy(Demo.liteMonthly)
    try store.advance(days: 10)
    try store.buy(Demo.plusYearly)
    try store.buy(Demo.lifetime)
    try store.buy(Demo.coins)
    try store.buy(Demo.coins)
    let full = try #require(try store.directory.history(customerID: "default"))
    let summary = try #require(
      try store.directory.history(customerID: "default", summaryOnly: true))
    #expect(full.transactions.count == 5)
    #expect(summary.transactions.map(\.transactionId) == ["2", "3", "4", "5"])
    #expect(summary.events.isEmpty)
    let now = store.clock.now()
    let active = { (history: CustomerHistory) in
      AccessExplainer.explain(history, names: SupportHarness.names, now: now)
        .filter(\.hasAccess).map(\.subject)
    }
    #expect(active(summary) == active(full))
    #expect(
      active(full) == [.group("5A1E0001"), .product(Demo.plusYearly), .product(Demo.lifetime)])
  }
}
