import Foundation
import StoreCore
import StorePersistence
import StorePostgres
import Synchronization
import Testing

/// The ledger's behaviour, specified once and run against every backend: SQLite always,
/// PostgreSQL when `STORETERM_TEST_POSTGRES` names a server.
@Suite struct LedgerContractTests {
  static let day: TimeInterval = 86_400

  @Test(arguments: LedgerBackend.available)
  func migrationsAreNamedAndOrderedAsSQLites(_ backend: LedgerBackend) throws {
    #expect(PostgresLedger.migrationNames == SQLiteLedger.migrationNames)
    let store = try backend.makeStore()
    _ = try store.open()
    // Opening again applies nothing twice.
    let reopened = try store.open()
    let applied: [String] =
      switch reopened {
      case let ledger as PostgresLedger: try ledger.appliedMigrations()
      case let ledger as SQLiteLedger: try LedgerContractTests.applied(ledger)
      default: []
      }
    #expect(applied == SQLiteLedger.migrationNames)
  }

  static func applied(_ ledger: SQLiteLedger) throws -> [String] {
    try ledger.queue.read { db in
      try db.fetchAll("SELECT name FROM storeterm_migrations ORDER BY position")
        .map { try $0.get(String.self, at: 0) }
    }
  }

  @Test(arguments: LedgerBackend.available)
  func aCustomerIsCreatedOnceWithOneEvent(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let ledger = try store.open()
    let date = Date(epochMilliseconds: 1_796_119_200_000)
    let made = try ledger.customer("b") { Customer.named("b", at: date) }
    let again = try store.open().customer("b") {
      Customer.named("b", name: "Other", at: date.addingTimeInterval(5))
    }
    #expect(again == made)
    _ = try ledger.customer("a") { Customer.named("a", at: date) }
    #expect(try ledger.customers().map(\.id) == ["b", "a"])
    #expect(try ledger.existingCustomer("nobody") == nil)
    let events = try ledger.events(after: 0, limit: 10)
    #expect(events.map(\.kind) == [.customerCreated, .customerCreated])
    #expect(events.map(\.customerID) == ["b", "a"])
    #expect(events.map(\.sequence) == events.map(\.sequence).sorted())
  }

  @Test(arguments: LedgerBackend.available)
  func aPurchaseReadsBackByteForByteFromAnotherConnection(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    let lifetime = try seat.buy(Demo.lifetime)
    let monthly = try seat.buy(Demo.plusMonthly)
    let other = try store.open()
    let records = try other.records(customerID: Customer.defaultID)
    #expect(records.map(\.id) == [1, 2])
    #expect(records.compactMap(\.signed) == [lifetime, monthly])
    #expect(try other.record(id: 2)?.signed?.jws == monthly.jws)
    // Read from the stored text: the same facts, and the same bytes to sign again, as the
    // decoded payloads give.
    let payloads = try other.transactionPayloads(
      ofCustomerOfRecord: 2, TransactionHistoryCursor(order: .purchaseDate, limit: 10))
    let decoded = [lifetime, monthly].map { StoredTransactionPayload($0.payload) }
    #expect(payloads.map(\.facts) == decoded.map(\.facts))
    #expect(payloads.map(\.facts.id) == [1, 2])
    #expect(
      payloads.map { $0.serverJSON(signedDate: 1_796_119_300_000) }
        == decoded.map { $0.serverJSON(signedDate: 1_796_119_300_000) })
    #expect(payloads != decoded)  // read from text, not decoded
    #expect(
      try other.transactionPayloads(
        ofCustomerOfRecord: 99, TransactionHistoryCursor(order: .purchaseDate, limit: 10)
      ).isEmpty)
    #expect(try other.unfinishedRecords(customerID: Customer.defaultID).map(\.id) == [1, 2])
    #expect(try other.latestRecord(customerID: Customer.defaultID, originalID: 2)?.id == 2)
    let subscriptions = try other.subscriptions(customerID: Customer.defaultID)
    #expect(subscriptions.map(\.state.originalID) == [2])
    #expect(subscriptions.first?.renewalInfo != nil)
    #expect(ContractEngine.verifies(monthly.jws))
    #expect(try other.hasEvent(.purchased, transactionID: 2, customerID: Customer.defaultID))
    #expect(try !other.hasEvent(.refunded, transactionID: 2, customerID: Customer.defaultID))
  }

  @Test(arguments: LedgerBackend.available)
  func historyReadsPageByDateThenIdentifierFromAnyPosition(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    let start = ContractEngine.start
    // Purchase dates out of identifier order: 1 on day 3, 2 on day 1, 3 and 4 on day 2.
    seat.clock.set(start.addingTimeInterval(3 * Self.day))
    try seat.buy(Demo.coins)
    seat.clock.set(start.addingTimeInterval(1 * Self.day))
    try seat.buy(Demo.coins)
    seat.clock.set(start.addingTimeInterval(2 * Self.day))
    try seat.buy(Demo.coins)
    try seat.buy(Demo.lifetime)
    seat.clock.set(start.addingTimeInterval(4 * Self.day))
    _ = try seat.engine.refund(1)
    seat.clock.set(start.addingTimeInterval(5 * Self.day))
    _ = try seat.engine.refund(3)
    let ledger = try store.open()
    func read(
      _ order: TransactionHistoryCursor.Order, descending: Bool = false,
      after: (day: Double, id: UInt64)? = nil, limit: Int = 10
    ) throws -> [UInt64] {
      let position = after.map {
        TransactionHistoryCursor.Position(
          date: start.addingTimeInterval($0.day * Self.day).epochMilliseconds, id: $0.id)
      }
      let cursor = TransactionHistoryCursor(
        order: order, descending: descending, after: position, limit: limit)
      let read = try ledger.transactionPayloads(ofCustomerOfRecord: 4, cursor)
      // Every ledger reads what a cursor selects from all of the customer's payloads.
      let every = try ledger.records(customerID: Customer.defaultID).compactMap {
        $0.signed.map { StoredTransactionPayload($0.payload) }
      }
      #expect(read.map(\.facts) == cursor.select(every).map(\.facts))
      return read.map(\.facts.id)
    }
    #expect(try read(.purchaseDate) == [2, 3, 4, 1])
    #expect(try read(.purchaseDate, after: (2, 3), limit: 2) == [4, 1])
    #expect(try read(.purchaseDate, limit: 1) == [2])
    #expect(try read(.purchaseDate, descending: true) == [1, 4, 3, 2])
    #expect(try read(.purchaseDate, descending: true, after: (2, 4)) == [3, 2])
    #expect(try read(.purchaseDate, after: (3, 1)) == [])
    #expect(try read(.revocationDate) == [1, 3])
    #expect(try read(.revocationDate, after: (4, 1)) == [3])
    #expect(
      try ledger.transactionPayloads(
        ofCustomerOfRecord: 99, TransactionHistoryCursor(order: .purchaseDate, limit: 10)
      ).isEmpty)
    #expect(try ledger.transactionPayload(id: 3)?.facts.revocationDate != nil)
    #expect(try ledger.transactionPayload(id: 99) == nil)
  }

  @Test(arguments: LedgerBackend.available)
  func historyReadsEachRowsFormAndRowsWithoutOneFromTheirJWS(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    try seat.buy(Demo.coins)
    try seat.buy(Demo.plusMonthly)
    _ = try seat.engine.refund(1)
    let cursor = TransactionHistoryCursor(order: .purchaseDate, limit: 10)
    let date: Int64 = 1_796_119_300_000
    func read() throws -> [StoredTransactionPayload] {
      try store.open().transactionPayloads(ofCustomerOfRecord: 2, cursor)
    }
    // What the decoded records give: the facts, and the bytes to sign again.
    let expected = try store.open().records(customerID: Customer.defaultID).compactMap {
      $0.signed.map { StoredTransactionPayload($0.payload) }
    }
    #expect(expected.map(\.facts.id) == [1, 2])
    #expect(expected[0].facts.revocationDate != nil)
    let fromForms = try read()
    // Written with the insert, and again with the refund's update.
    #expect(fromForms.map { $0.historyForm != nil } == [true, true])
    #expect(fromForms.map(\.facts) == expected.map(\.facts))
    #expect(
      fromForms.map { $0.serverJSON(signedDate: date) }
        == expected.map { $0.serverJSON(signedDate: date) })
    // Rows from before the form's migration: read from their JWS, to the same answer.
    try store.execute("UPDATE transactions SET history_form = NULL")
    let fromJWS = try read()
    #expect(fromJWS.map(\.facts) == expected.map(\.facts))
    #expect(
      fromJWS.map { $0.serverJSON(signedDate: date) }
        == expected.map { $0.serverJSON(signedDate: date) })
    // A damaged form is not trusted: the row is read from its JWS.
    try store.execute("UPDATE transactions SET history_form = '1\ngarbage'")
    #expect(try read().map(\.facts) == expected.map(\.facts))
    #expect(try store.open().transactionPayload(id: 1)?.facts == expected[0].facts)
  }

  @Test(arguments: LedgerBackend.available)
  func aDecisionThatThrowsWritesNothing(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    try seat.buy(Demo.coins)
    let ledger = try store.open()
    let before = try ledger.events(after: 0, limit: 100)
    #expect(throws: ContractError.self) {
      try ledger.change(customerID: Customer.defaultID, scope: .all) {
        state -> (LedgerChanges, Int) in
        var changes = LedgerChanges()
        var record = state.records[0]
        record.id = state.nextID
        changes.inserted = [record]
        changes.events = [
          StoreEvent(date: Date(), customerID: Customer.defaultID, kind: .purchased)
        ]
        throw ContractError("refused")
      }
    }
    #expect(try ledger.events(after: 0, limit: 100) == before)
    #expect(try ledger.records(customerID: Customer.defaultID).count == 1)
    #expect(throws: LedgerError.unknownCustomer("nobody")) {
      try ledger.change(customerID: "nobody", scope: .none) { _ in (LedgerChanges(), 0) }
    }
  }

  @Test(arguments: LedgerBackend.available)
  func identifiersNeverRepeatAfterRefundsDeletionsOrClearing(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    for _ in 0..<3 { try seat.buy(Demo.coins) }
    try seat.engine.clearTransactions()
    #expect(try seat.ledger.records(customerID: Customer.defaultID).isEmpty)
    let cleared = try seat.ledger.events(after: 0, limit: 100).filter { $0.kind == .cleared }
    #expect(cleared.map(\.customerID) == [Customer.defaultID])
    #expect(try seat.buy(Demo.coins).payload.transactionId == "4")
    // Another process's records (the app's) may hold identifiers: retired, never issued.
    switch seat.ledger {
    case let ledger as PostgresLedger: try ledger.retireTransactionIdentifiers(through: 100)
    case let ledger as SQLiteLedger: try ledger.retireTransactionIdentifiers(through: 100)
    default: Issue.record("unknown backend")
    }
    #expect(try ContractEngine(store).buy(Demo.coins).payload.transactionId == "101")
  }

  @Test(arguments: LedgerBackend.available)
  func renewalsAreCaughtUpOnceWhoeverTriggersThem(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let clock = ManualClock(ContractEngine.start)
    let first = try ContractEngine(store, clock: clock)
    try first.buy(Demo.plusMonthly)
    clock.advance(by: 70 * Self.day)
    // Two seats catch up at once, each on its own connection: every renewal happens once.
    let seats = [first, try ContractEngine(store, clock: clock)]
    let counts = Counts()
    let errors = ErrorLog()
    let group = DispatchGroup()
    for seat in seats {
      group.enter()
      Thread {
        defer { group.leave() }
        do { counts.add(try seat.engine.catchUp()) } catch { errors.record(error) }
      }.start()
    }
    group.wait()
    #expect(errors.all.isEmpty, "\(errors.all)")
    #expect(counts.total == 3)
    let all = try store.open().records(customerID: Customer.defaultID)
    #expect(all.map(\.id) == [1, 2, 3, 4])
    #expect(
      all.compactMap(\.signed?.payload.purchaseDate) == [
        1_796_119_200_000, 1_796_724_000_000, 1_799_402_400_000, 1_802_080_800_000,
      ])
    #expect(all.allSatisfy { ContractEngine.verifies($0.signed?.jws ?? "") })
    #expect(try ContractEngine(store, clock: clock).engine.catchUp() == 0)
  }

  @Test(arguments: LedgerBackend.available)
  func concurrentWritersOnTheirOwnConnectionsLoseNothing(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    try ContractEngine(store).buy(Demo.coins, customer: "a")
    let writers = 4
    let purchases = 25
    let errors = ErrorLog()
    let group = DispatchGroup()
    for writer in 0..<writers {
      group.enter()
      Thread {
        defer { group.leave() }
        do {
          // Writers share customers pairwise: decisions about one customer interleave.
          let seat = try ContractEngine(store)
          for _ in 0..<purchases { try seat.buy(Demo.coins, customer: writer % 2 == 0 ? "a" : "b") }
        } catch {
          errors.record(error)
        }
      }.start()
    }
    group.wait()
    #expect(errors.all.isEmpty, "\(errors.all)")
    let ledger = try store.open()
    let a = try ledger.records(customerID: "a")
    let b = try ledger.records(customerID: "b")
    #expect(a.count == 1 + 2 * purchases)
    #expect(b.count == 2 * purchases)
    let ids = (a + b).map(\.id).sorted()
    #expect(ids == Array(1...UInt64(1 + writers * purchases)))
    #expect((a + b).allSatisfy { ContractEngine.verifies($0.signed?.jws ?? "") })
    let purchased = try ledger.events(after: 0, limit: 1_000).filter { $0.kind == .purchased }
    #expect(purchased.count == 1 + writers * purchases)
  }

  @Test(arguments: LedgerBackend.available)
  func theClockPricesAndSwitchesHoldForEverySeat(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let ledger = try store.open()
    let clock = SimulatedClock(
      realAnchor: Date(epochMilliseconds: 1_000), simulatedAnchor: Date(epochMilliseconds: 2_000),
      rate: TimeRate(rawValue: 3))
    try ledger.setClock(clock)
    _ = try ledger.customer("a") { Customer.named("a") }
    var changes = LedgerChanges()
    changes.prices = [Demo.plusMonthly: 5_990]
    try ledger.change(customerID: "a", scope: .none) { _ in (changes, 0) }
    let other = try store.open()
    #expect(try other.clock() == clock)
    switch (ledger, other) {
    case let (ledger as PostgresLedger, other as PostgresLedger):
      try ledger.setSessionSwitch(.askToBuy, true)
      #expect(try other.sessionSwitches() == [.askToBuy: true])
      #expect(try other.productPrices() == [Demo.plusMonthly: 5_990])
    case let (ledger as SQLiteLedger, other as SQLiteLedger):
      try ledger.setSessionSwitch(.askToBuy, true)
      #expect(try other.sessionSwitches() == [.askToBuy: true])
      #expect(try other.productPrices() == [Demo.plusMonthly: 5_990])
    default:
      Issue.record("unknown backend")
    }
  }

  @Test(arguments: LedgerBackend.available)
  func familyChangesReadEveryMemberAtOnce(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let ledger = try store.open()
    for id in ["a", "b", "c"] {
      _ = try ledger.customer(id) { Customer.named(id) }
    }
    try ledger.changeFamily("f", including: "b") { family -> (LedgerChanges, Int) in
      #expect(family.customers.map(\.customer.id) == ["b"])
      var changes = LedgerChanges()
      changes.customers = ["b", "a"].map {
        Customer.named($0, familyGroup: "f")
      }
      return (changes, 0)
    }
    #expect(try store.open().familyMembers("f").map(\.id) == ["a", "b"])
    let read = try ledger.changeFamily("f", including: "c") { family in
      (LedgerChanges(), family.customers.map(\.customer.id))
    }
    #expect(read == ["a", "b", "c"])
  }
}

/// Numbers added from threads.
final class Counts: Sendable {
  private let value = Mutex(0)
  func add(_ count: Int) { value.withLock { $0 += count } }
  var total: Int { value.withLock { $0 } }
}

/// Errors collected from threads.
final class ErrorLog: Sendable {
  private let messages = Mutex<[String]>([])
  func record(_ error: any Error) { messages.withLock { $0.append(String(describing: error)) } }
  var all: [String] { messages.withLock { $0 } }
}
