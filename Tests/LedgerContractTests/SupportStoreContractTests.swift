import Foundation
import StoreCore
import StorePersistence
import StorePostgres
import Testing

/// The support console's port (``SupportStore``), specified once and run against every backend:
/// search by identifier, token, transaction and name or email words; pages by key; a
/// customer's history and window; imports filed under customers, each JWS once.
@Suite struct SupportStoreContractTests {
  /// Jane (lifetime 1, monthly 2, coins 3 with an app account token) and Ann (coins 4).
  static func store(_ backend: LedgerBackend) throws -> (LedgerStore, any SupportStore) {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    for (id, name) in [("jane", "Jane Doe"), ("ann", "Ann Doering"), ("zoe", "Zoë Ōta")] {
      _ = try seat.ledger.customer(id) { Customer.named(id, name: name) }
    }
    try seat.buy(Demo.lifetime, customer: "jane")
    try seat.buy(Demo.plusMonthly, customer: "jane")
    let token = UUID(uuidString: "0A1B2C3D-0000-4000-8000-000000000001")!
    guard
      case .success = try seat.engine.purchase(
        Demo.coins, customerID: "jane", options: PurchaseOptions(appAccountToken: token))
    else { throw ContractError("the purchase with a token did not succeed") }
    try seat.buy(Demo.coins, customer: "ann")
    let directory: any SupportStore =
      switch backend {
      case .sqlite: SupportDirectory(ledger: try SQLiteLedger(location: .file(store.location)))
      case .postgres:
        PostgresSupportDirectory(ledger: try PostgresLedger(connectionString: store.location))
      }
    return (store, directory)
  }

  @Test(arguments: LedgerBackend.available)
  func searchFindsByIdentifierTokenTransactionAndWords(_ backend: LedgerBackend) throws {
    let (store, directory) = try Self.store(backend)
    // The scratch database lives as long as the store.
    defer { withExtendedLifetime(store) {} }
    let found = { (text: String) in
      try directory.search(text, limit: 20).map { "\($0.id) by \($0.matchedBy)" }
    }
    #expect(try found("") == ["jane by all", "ann by all", "zoe by all"])
    #expect(try found("jane") == ["jane by customer id"])
    #expect(try found("doe") == ["jane by name or email", "ann by name or email"])
    #expect(try found("Doe jane") == ["jane by name or email"])
    #expect(
      try found("example") == [
        "jane by name or email", "ann by name or email", "zoe by name or email",
      ])
    #expect(try found("Ōta") == ["zoe by name or email"])
    #expect(try found("2") == ["jane by transaction id"])
    #expect(try found("4") == ["ann by transaction id"])
    #expect(try found("0a1b2c3d-0000-4000-8000-000000000001") == ["jane by app account token"])
    #expect(try found("nobody") == [])
    #expect(try found("*\"'") == [])
    #expect(try directory.search("doe", limit: 1).map(\.id) == ["jane"])
    #expect(
      try directory.customers(after: "jane", matching: "doe", limit: 10).map(\.id) == ["ann"])
    #expect(try directory.customers(after: "jane", matching: "", limit: 1).map(\.id) == ["ann"])
    #expect(try directory.customers(after: "nobody", matching: "", limit: 10) == [])
  }

  @Test(arguments: LedgerBackend.available)
  func aPageOfSummariesIsEachCustomersSummary(_ backend: LedgerBackend) throws {
    let (store, directory) = try Self.store(backend)
    defer { withExtendedLifetime(store) {} }
    // Ann joins Jane's family: Jane's lifetime and Plus Monthly are shared into Ann's account.
    let seat = try ContractEngine(store)
    _ = try seat.engine.joinFamily("does", customerID: "jane")
    _ = try seat.engine.joinFamily("does", customerID: "ann")
    // An ID is any text: quotes, backslashes, commas and braces stay one ID.
    let odd = #"o"d\d,{id} NULL"#
    _ = try seat.ledger.customer(odd) { Customer.named(odd) }
    try seat.buy(Demo.coins, customer: odd)
    let ids = ["zoe", "ann", "nobody", "jane", odd]
    let page = try directory.summaries(customerIDs: ids)
    #expect(page.keys.sorted() == ["ann", "jane", odd, "zoe"])
    #expect(page[odd]?.transactions.map(\.productId) == [Demo.coins])
    for id in ["zoe", "ann", "jane", odd] {
      let alone = try directory.history(customerID: id, balances: [:], summaryOnly: true)
      #expect(page[id] == alone, "\(id)")
    }
    let ann = try #require(page["ann"])
    // Ann's coins and the two shared copies, each with its purchaser; Plus Monthly followed
    // through Jane's chain under Ann's own original transaction ID.
    #expect(ann.transactions.map(\.productId) == [Demo.coins, Demo.lifetime, Demo.plusMonthly])
    #expect(Set(ann.sharedBy.values) == ["jane"])
    #expect(ann.sharedBy.count == 2)
    #expect(ann.subscriptions.map(\.customerID) == ["ann"])
    let copy = try #require(ann.transactions.first { $0.productId == Demo.plusMonthly })
    #expect(ann.subscriptions.map { String($0.originalID) } == [copy.originalTransactionId])
    #expect(ann.subscriptions.map(\.productID) == [Demo.plusMonthly])
    #expect(try directory.summaries(customerIDs: []).isEmpty)
  }

  @Test(arguments: LedgerBackend.available)
  func historyAndWindowHoldWhatTheExplainerNeeds(_ backend: LedgerBackend) throws {
    let (store, directory) = try Self.store(backend)
    // The scratch database lives as long as the store.
    defer { withExtendedLifetime(store) {} }
    let history = try #require(
      try directory.history(customerID: "jane", balances: ["c": 1], summaryOnly: false))
    #expect(history.name == "Jane Doe")
    #expect(history.transactions.map(\.transactionId) == ["1", "2", "3"])
    #expect(history.subscriptions.map(\.originalID) == [2])
    #expect(history.balances == ["c": 1])
    #expect(!history.events.isEmpty)
    let summary = try #require(
      try directory.history(customerID: "jane", balances: [:], summaryOnly: true))
    #expect(summary.events.isEmpty)
    #expect(try directory.history(customerID: "nobody", balances: [:], summaryOnly: false) == nil)
    let window = try #require(
      try directory.historyWindow(customerID: "jane", balances: [:], limit: 2))
    #expect(window.transactions.map(\.transactionId) == ["2", "3"])
    #expect(window.earlierTransactions == 1)
    #expect(window.events.count == 2)
    #expect(Set(window.history.transactions.map(\.transactionId)) == ["1", "2", "3"])
    #expect(try directory.historyWindow(customerID: "nobody", balances: [:], limit: 2) == nil)
  }

  @Test(arguments: LedgerBackend.available)
  func importsAreFiledOnceUnderTheirCustomer(_ backend: LedgerBackend) throws {
    let (store, directory) = try Self.store(backend)
    // The scratch database lives as long as the store.
    defer { withExtendedLifetime(store) {} }
    let first = ImportedItem(
      kind: .transaction, jws: "aGVhZGVy.cGF5bG9hZA.c2ln", failure: nil, transactionID: "901",
      originalID: "900", productID: Demo.plusMonthly, storefront: "DEU")
    let renewal = ImportedItem(
      kind: .transaction, jws: "aGVhZGVy.cGF5bG9hZDI.c2ln", failure: "expired certificate",
      transactionID: "902", originalID: "900", productID: Demo.plusMonthly)
    // The same header and payload under another signature is the same transaction.
    let resigned = ImportedItem(
      kind: .transaction, jws: "aGVhZGVy.cGF5bG9hZA.b3RoZXI", failure: nil, transactionID: "901",
      originalID: "900")
    let summary = try directory.store(
      [first, renewal, resigned, first], source: "test", at: ContractEngine.start)
    #expect(summary.verified == 1)
    #expect(summary.unverified == 1)
    #expect(summary.duplicates == 2)
    #expect(summary.customers == [first.defaultCustomerKey])
    let key = first.defaultCustomerKey
    #expect(
      try directory.search("902", limit: 10).map(\.id) == [key])
    #expect(try directory.search(key, limit: 10).first?.storefront == "DEU")
    let history = try #require(
      try directory.history(customerID: key, balances: [:], summaryOnly: false))
    #expect(history.customerID == key)
    #expect(try directory.historyWindow(customerID: key, balances: [:], limit: 5) != nil)
  }
}
