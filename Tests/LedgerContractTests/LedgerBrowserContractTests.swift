import Foundation
import StoreCore
import StorePersistence
import StorePostgres
import Testing

/// The screens' read port (``LedgerBrowser``), specified once and run against every backend:
/// keyset pages, keyed lookups, the change mark and the record count kept up to date.
@Suite struct LedgerBrowserContractTests {
  /// Three records of the default customer (1 lifetime, 2 monthly, 3 coins) and one of `b` (4),
  /// read through a browser on a connection of its own.
  static func store(_ backend: LedgerBackend) throws -> (LedgerStore, ContractEngine) {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    try seat.buy(Demo.lifetime)
    try seat.buy(Demo.plusMonthly)
    try seat.buy(Demo.coins)
    try seat.buy(Demo.coins, customer: "b")
    return (store, seat)
  }

  @Test(arguments: LedgerBackend.available)
  func pagesRunByKeyBothWaysForEveryoneOrOneCustomer(_ backend: LedgerBackend) throws {
    let (store, _) = try Self.store(backend)
    let browser = try store.openBrowser()
    let page = { (customer: String?, key: UInt64?, direction: RecordPageDirection, limit: Int) in
      try browser.recordPage(customerID: customer, from: key, direction: direction, limit: limit)
        .map(\.id)
    }
    #expect(try page(nil, nil, .older, 2) == [4, 3])
    #expect(try page(nil, 3, .older, 10) == [2, 1])
    #expect(try page(nil, nil, .newer, 2) == [1, 2])
    #expect(try page(nil, 2, .newer, 10) == [3, 4])
    #expect(try page(Customer.defaultID, nil, .older, 10) == [3, 2, 1])
    #expect(try page(Customer.defaultID, 1, .newer, 1) == [2])
    #expect(try page("b", 4, .newer, 10) == [])
    #expect(try page(nil, nil, .older, 0) == [])
    let lifetime = try #require(try browser.record(id: 1))
    #expect(lifetime.productID == Demo.lifetime)
    #expect(ContractEngine.verifies(try #require(lifetime.signed?.jws)))
    #expect(try browser.record(id: 99) == nil)
    #expect(try browser.latestRecord(customerID: Customer.defaultID, originalID: 2)?.id == 2)
    #expect(try browser.requestsAndSharedCopies(customerID: Customer.defaultID) == [])
    #expect(try browser.latestConsumption(transactionID: 3) == nil)
  }

  @Test(arguments: LedgerBackend.available)
  func customersFamiliesSubscriptionsAndEventsByKey(_ backend: LedgerBackend) throws {
    let (store, _) = try Self.store(backend)
    let browser = try store.openBrowser()
    #expect(try browser.customers(limit: 1).map(\.id) == [Customer.defaultID])
    #expect(try browser.customers(limit: 10).map(\.id) == [Customer.defaultID, "b"])
    #expect(try browser.existingCustomer("b")?.id == "b")
    #expect(try browser.existingCustomer("nobody") == nil)
    #expect(try browser.familyGroupSizes() == [:])
    #expect(try browser.familyMembers("none") == [])
    #expect(try browser.subscriptions(originalIDs: [2, 99]).map(\.originalID) == [2])
    let all = try browser.events(after: 0, limit: 100)
    #expect(try browser.latestEvents(limit: 2) == Array(all.suffix(2)))
    #expect(try browser.events(after: all[1].sequence, limit: 1) == [all[2]])
    #expect(
      try browser.events(of: [.purchased], transactionID: 2, customerID: Customer.defaultID)
        .map(\.kind) == [.purchased])
  }

  @Test(arguments: LedgerBackend.available)
  func theMarkMovesAndTheCountFollowsEveryChange(_ backend: LedgerBackend) throws {
    let (store, seat) = try Self.store(backend)
    let browser = try store.openBrowser()
    let mark = try browser.recordMark()
    #expect(try browser.recordMark() == mark)
    let first = try browser.recordCount(updating: nil)
    #expect(first.count == 4)
    #expect(first.cursor.highestID == 4)
    // Another connection's purchase: the mark moves, the count grows by what was inserted.
    try seat.buy(Demo.coins, customer: "b")
    #expect(try browser.recordMark() != mark)
    let second = try browser.recordCount(updating: first)
    #expect(second.count == 5)
    #expect(second.cursor.highestID == 5)
    #expect(second.cursor.stamp > first.cursor.stamp)
    // A refund updates a record: the mark moves, the count stays.
    let refunded = try browser.recordMark()
    _ = try seat.engine.refund(1)
    #expect(try browser.recordMark() != refunded)
    #expect(try browser.recordCount(updating: second).count == 5)
    // Clearing every record starts the count over.
    try store.open().clearTransactions {
      StoreEvent(date: ContractEngine.start, customerID: $0, kind: .cleared)
    }
    let cleared = try browser.recordCount(updating: second)
    #expect(cleared.count == 0)
    #expect(cleared.cleared > first.cleared)
    #expect(try browser.recordPage(customerID: nil, from: nil, direction: .older, limit: 5) == [])
  }
}
