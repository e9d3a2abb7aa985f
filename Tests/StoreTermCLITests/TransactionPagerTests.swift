import Foundation
import StoreCore
import StorePersistence
import StoreTermTestSupport
import Testing

@testable import StoreTermApp
@testable import StoreTermCLI

/// The terminal UI's reads of QA's transaction list: keyset pages from the ledger's indexes
/// (`SQLiteLedger.recordPage`) and the windows `TransactionPager` builds from them.
@Suite struct TransactionPagerTests {
  static let customers = ["default", "alice", "bob", "carol"]
  static let coins = "dev.storeterm.demo.coins.100"

  /// Opens the App Store at `database` as a command does (its own connection and engine).
  static func open(_ database: String) throws -> StoreContext {
    let parsed = try StoreTermCommand.parser.parse(["ui", "--db", database])
    return try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
  }

  /// A ledger of `count` purchases by four customers in turn, and a second connection to it.
  static func ledger(_ count: Int) throws -> (ui: StoreContext, other: StoreContext) {
    let database = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    let ui = try open(database)
    let other = try open(database)
    for index in 0..<count {
      _ = try other.engine.purchase(coins, customerID: customers[index % customers.count])
    }
    return (ui, other)
  }

  /// Every record, newest first, read customer by customer (what a page must agree with).
  static func everything(_ ledger: SQLiteLedger) throws -> [TransactionRecord] {
    try ledger.customers().map(\.id).flatMap { try ledger.records(customerID: $0) }
      .sorted { $0.id > $1.id }
  }

  @Test func pagesOfSevenSeeEachTransactionOnceInOrderAcrossAnInsert() throws {
    let (ui, other) = try Self.ledger(300)
    for customer in [nil, "alice"] as [String?] {
      let expected = try Self.everything(ui.ledger).map(\.id)
      var seen: [UInt64] = []
      var key: UInt64?
      var pages = 0
      while true {
        let page = try ui.ledger.recordPage(
          customerID: customer, from: key, direction: .older, limit: 7)
        guard let last = page.last else { break }
        #expect(page.count <= 7)
        seen += page.map(\.id)
        key = last.id
        pages += 1
        // Another terminal buys between two pages: the new transaction is above the walk.
        if pages == 3 { _ = try other.engine.purchase(Self.coins, customerID: "alice") }
      }
      let wanted =
        try customer.map { id in
          try Self.everything(ui.ledger).filter { $0.customerID == id }.map(\.id)
            .filter { $0 <= expected[0] }
        } ?? expected
      #expect(seen == wanted, "customer \(customer ?? "all")")
      #expect(Set(seen).count == seen.count)
    }
    // Newer pages walk up from the oldest, and meet the newest two purchases at the end.
    var up: [UInt64] = []
    var key: UInt64?
    while let last = try ui.ledger.recordPage(from: key, direction: .newer, limit: 7).last {
      up += try ui.ledger.recordPage(from: key, direction: .newer, limit: 7).map(\.id)
      key = last.id
    }
    #expect(up == (try Self.everything(ui.ledger)).map(\.id).reversed())
  }

  @Test func theQueriesUseTheLedgersIndexesNotAScan() throws {
    let (ui, _) = try Self.ledger(20)
    func plan(_ sql: String, _ arguments: [SQLiteValue]) throws -> String {
      try ui.ledger.queue.read { db in
        try db.fetchAll("EXPLAIN QUERY PLAN " + sql, arguments)
          .map { try $0.get(String.self, "detail") }.joined(separator: "; ")
      }
    }
    let all = [SQLiteValue.integer(10), .integer(7)]
    let one = [SQLiteValue.text("alice"), .integer(10), .integer(7)]
    #expect(
      try plan(SQLiteLedger.pageSQL(customerID: nil, direction: .older), all)
        == "SEARCH transactions USING INTEGER PRIMARY KEY (rowid<?)")
    #expect(
      try plan(SQLiteLedger.pageSQL(customerID: nil, direction: .newer), all)
        == "SEARCH transactions USING INTEGER PRIMARY KEY (rowid>?)")
    #expect(
      try plan(SQLiteLedger.pageSQL(customerID: "alice", direction: .older), one)
        == "SEARCH transactions USING INDEX transactions_by_customer (customer_id=? AND id<?)")
    #expect(
      try plan(SQLiteLedger.pageSQL(customerID: "alice", direction: .newer), one)
        == "SEARCH transactions USING INDEX transactions_by_customer (customer_id=? AND id>?)")
  }

  /// A verifier that names a JWS by its length and counts its calls.
  final class Verifier: @unchecked Sendable {
    var calls = 0
    func verify(_ jws: String) -> String {
      calls += 1
      return "result \(jws.utf8.count % 5)"
    }
  }

  /// What a window must hold, computed from every record: `limit` rows at `position` of the
  /// rows `matches` lets through.
  static func expectedWindow(
    _ all: [TransactionRecord], _ position: TransactionPageRequest.Position, limit: Int,
    matches: (TransactionRecord) -> Bool
  ) -> (ids: [UInt64], startsAtTop: Bool, reachesEnd: Bool) {
    let listed = all.filter(matches).map(\.id)
    switch position {
    case .top:
      return (Array(listed.prefix(limit)), true, listed.count <= limit)
    case .bottom:
      return (Array(listed.suffix(limit)), listed.count <= limit, true)
    case .around(let id):
      let newer = listed.filter { $0 > id }
      let above = Array(newer.suffix(limit / 2))
      let older = listed.filter { $0 <= id }
      let below = Array(older.prefix(limit - above.count))
      return (above + below, above.count == newer.count, below.count == older.count)
    }
  }

  @Test(arguments: [1, 2] as [UInt64])
  func windowsEqualWhatEveryRecordSaysAfterOtherConnectionsChanges(seed: UInt64) throws {
    let (ui, other) = try Self.ledger(60)
    let verifier = Verifier()
    var pager = TransactionPager(ledger: ui.ledger) { verifier.verify($0) }
    var random = SeededGenerator(seed: seed)
    for step in 0..<40 {
      let all = try Self.everything(ui.ledger)
      switch random.next() % 4 {
      case 0: _ = try? other.engine.refund(all[Int(random.next() % UInt64(all.count))].id)
      case 1: _ = try? other.engine.delete(all[Int(random.next() % UInt64(all.count))].id)
      default:
        _ = try other.engine.purchase(
          Self.coins, customerID: Self.customers[Int(random.next() % 4)])
      }
      let now = try Self.everything(ui.ledger)
      let positions: [TransactionPageRequest.Position] = [
        .top, .bottom, .around(now[Int(random.next() % UInt64(now.count))].id),
        .around(now[Int(random.next() % UInt64(now.count))].id + 1),
      ]
      let position = positions[Int(random.next() % 4)]
      let filter = random.next() % 2 == 0 ? "" : "bob"
      let limit = 1 + Int(random.next() % 9)
      let matches: ((TransactionRecord) -> Bool)? =
        filter.isEmpty ? nil : { $0.customerID.contains(filter) }
      let page = try pager.page(
        TransactionPageRequest(filter: filter, position: position, limit: limit),
        mark: try ui.ledger.recordMark(), matches: matches)
      let expected = Self.expectedWindow(
        now, position, limit: limit, matches: matches ?? { _ in true })
      let context = "seed \(seed), step \(step), \(position), filter \(filter), limit \(limit)"
      #expect(page.rows.map(\.id) == expected.ids, "\(context)")
      #expect(page.startsAtTop == expected.startsAtTop, "\(context)")
      #expect(page.reachesEnd == expected.reachesEnd, "\(context)")
      #expect(page.total == (filter.isEmpty ? now.count : nil), "\(context)")
      #expect(Set(page.verification.keys) == Set(page.rows.filter { $0.signed != nil }.map(\.id)))
    }
  }

  @Test func anUnchangedLedgerAnswersFromWhatWasReadAndVerifiesNothing() throws {
    let (ui, _) = try Self.ledger(12)
    let verifier = Verifier()
    var pager = TransactionPager(ledger: ui.ledger) { verifier.verify($0) }
    let request = TransactionPageRequest(limit: 5)
    let first = try pager.page(request, mark: try ui.ledger.recordMark(), matches: nil)
    #expect(first.rows.map(\.id) == [12, 11, 10, 9, 8])
    #expect(first.total == 12)
    #expect(verifier.calls == 5)
    let again = try pager.page(request, mark: try ui.ledger.recordMark(), matches: nil)
    #expect(again == first)
    #expect(verifier.calls == 5)
    // Moving the window by one row checks only the row that came into view.
    _ = try pager.page(
      TransactionPageRequest(position: .around(9), limit: 5), mark: try ui.ledger.recordMark(),
      matches: nil)
    #expect(verifier.calls == 6)
    // The count is kept up to date from what changed; a clear starts it over.
    try ui.engine.delete(3)
    _ = try ui.engine.purchase(Self.coins, customerID: "bob")
    #expect(try pager.page(request, mark: try ui.ledger.recordMark(), matches: nil).total == 12)
    try ui.engine.clearTransactions()
    #expect(try pager.page(request, mark: try ui.ledger.recordMark(), matches: nil).total == 0)
  }
}
