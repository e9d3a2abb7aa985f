import Foundation
import StoreCore
import StoreManager
import StorePersistence
import StoreTermApp
import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermCLI

/// The account screen's history over a window of the signed-in customer's transactions
/// (``StoreSnapshot/historyPage``): the selection keeps its transaction across refreshes and
/// page loads, moving past the window asks for the next one, and more rows are marked.
@Suite struct HistoryPagingTests {
  /// Coins bought by the signed-in customer, newest first: identifiers `ids`.
  static func rows(_ ids: [UInt64]) -> [TransactionRecord] {
    ids.map { Fixtures.record($0, Fixtures.coins100, type: .consumable) }
  }

  /// The account screen showing the window `ids` of a longer history.
  static func state(
    _ ids: [UInt64], position: TransactionPageRequest.Position = .top, startsAtTop: Bool = true
  ) -> AppState {
    var snapshot = Fixtures.demo()
    snapshot.historyPage = TransactionPage(
      request: TransactionPageRequest(customerID: "default", position: position, limit: 72),
      rows: rows(ids), startsAtTop: startsAtTop, reachesEnd: false)
    return Fixtures.state(snapshot, screen: .account)
  }

  /// The request the account screen makes for the window at `position`.
  static func request(_ position: TransactionPageRequest.Position) -> TransactionPageRequest {
    TransactionPageRequest(customerID: "default", position: position, limit: 72)
  }

  /// `state` after `action`, and the effects.
  static func updated(_ state: AppState, _ action: AppAction) -> (AppState, [AppEffect]) {
    var state = state
    let effects = StoreTermApp.update(&state, action)
    return (state, effects)
  }

  /// A refresh whose history window is `ids` (the runner re-read the same request).
  static func refreshed(_ state: AppState, _ ids: [UInt64]) -> (AppState, [AppEffect]) {
    var snapshot = state.snapshot
    snapshot.historyPage?.rows = rows(ids)
    return updated(state, .storeChanged(snapshot))
  }

  /// The `↓ …` mark drawn on a frame's edge in `text`, up to its closing blank.
  static func lowerMark(_ text: String) -> String? {
    guard let arrow = text.range(of: "↓ ") else { return nil }
    let rest = text[arrow.lowerBound...]
    guard let end = rest.range(of: " more") else { return nil }
    return String(rest[..<end.upperBound])
  }

  @Test func theSelectionFollowsItsTransactionWhenPurchasesArriveAbove() {
    var state = Self.state(Array((1...100).reversed()))
    state.account.selected = 3
    #expect(AccountScreen.selectedRecord(state)?.id == 97)
    // Another terminal bought five times: the window's top moved up by five.
    let (after, effects) = Self.refreshed(state, Array((6...105).reversed()))
    #expect(effects.isEmpty)
    #expect(after.account.selected == 8)
    #expect(AccountScreen.selectedRecord(after)?.id == 97)
  }

  @Test func aSelectionPushedOutOfTheWindowWaitsForTheWindowAroundIt() {
    var state = Self.state(Array((401...500).reversed()))
    state.account.selected = 90
    #expect(AccountScreen.selectedRecord(state)?.id == 410)
    // Two hundred purchases elsewhere: the newest hundred no longer hold transaction 410.
    let (waiting, effects) = Self.refreshed(state, Array((601...700).reversed()))
    #expect(effects == [.loadHistoryPage(Self.request(.around(410)))])
    // Meanwhile nothing is selected, so no control can reach another transaction.
    #expect(AccountScreen.selectedRecord(waiting) == nil)
    #expect(Self.updated(waiting, .account(.manage(.refund))).1.isEmpty)
    #expect(Self.updated(waiting, .account(.toggleAutoRenew)).1.isEmpty)
    let page = TransactionPage(
      request: Self.request(.around(410)), rows: Self.rows(Array((375...446).reversed())),
      startsAtTop: false, reachesEnd: false)
    let (shown, more) = Self.updated(waiting, .account(.loaded(page)))
    #expect(more.isEmpty)
    #expect(AccountScreen.selectedRecord(shown)?.id == 410)
    #expect(shown.account.selected == 36)
    #expect(
      Self.updated(shown, .account(.manage(.refund))).1 == [.manage(.refund, transactionID: 410)])
  }

  @Test func endAsksForTheOldestWindowAndStaleOrForeignAnswersAreDropped() {
    var (moved, effects) = Self.updated(Self.state(Array((429...500).reversed())), .moveToLast)
    #expect(effects == [.loadHistoryPage(Self.request(.bottom))])
    let bottom = TransactionPage(
      request: Self.request(.bottom), rows: Self.rows(Array((1...72).reversed())),
      startsAtTop: false, reachesEnd: true)
    // Another customer's window (a request from before a switch) is not this history.
    var foreign = bottom
    foreign.request.customerID = "alice"
    #expect(Self.updated(moved, .account(.loaded(foreign))).0 == moved)
    (moved, effects) = Self.updated(moved, .account(.loaded(bottom)))
    #expect(effects.isEmpty)
    #expect(AccountScreen.selectedRecord(moved)?.id == 1)
    // An answer to a request no longer wanted is dropped.
    let stale = TransactionPage(request: Self.request(.top))
    let (after, none) = Self.updated(moved, .account(.loaded(stale)))
    #expect(none.isEmpty)
    #expect(after.snapshot.historyPage == moved.snapshot.historyPage)
    #expect(AccountScreen.selectedRecord(after)?.id == 1)
  }

  @Test func movingNearTheWindowsEdgeAsksOnceForTheWindowAroundTheSelection() {
    let state = Self.state(Array((429...500).reversed()))
    let (near, effects) = Self.updated(state, .move(60))
    #expect(AccountScreen.selectedRecord(near)?.id == 440)
    #expect(effects == [.loadHistoryPage(Self.request(.around(440)))])
    // One window on its way is enough.
    #expect(Self.updated(near, .move(1)).1.isEmpty)
    // Within the window, away from its edges, nothing is read.
    #expect(Self.updated(state, .move(5)).1.isEmpty)
  }

  @Test func theHistoryMarksMoreRowsBelowTheWindow() {
    let state = Self.state(Array((429...500).reversed()))
    let text = StoreTermApp.view(state, size: state.size).lines.joined(separator: "\n")
    // 72 rows in hand, a few shown, and the history goes on past the window: `↓ N+ more`.
    #expect(Self.lowerMark(text)?.hasSuffix("+ more") == true)
    var complete = state
    complete.snapshot.historyPage?.reachesEnd = true
    let whole = StoreTermApp.view(complete, size: state.size).lines.joined(separator: "\n")
    #expect(Self.lowerMark(whole)?.hasSuffix("+ more") == false)
    #expect(Self.lowerMark(whole)?.hasSuffix(" more") == true)
  }

  @Test func anotherCustomerSigningInStartsTheirHistoryAtTheTop() {
    var state = Self.state(Array((401...500).reversed()))
    state.account.selected = 90
    state.account.pendingPage = Self.request(.around(410))
    var snapshot = state.snapshot
    snapshot.customerID = "alice"
    snapshot.historyPage = TransactionPage(
      request: TransactionPageRequest(customerID: "alice"), rows: [], startsAtTop: true,
      reachesEnd: true)
    let (after, effects) = Self.updated(state, .storeChanged(snapshot))
    #expect(effects.isEmpty)
    #expect(after.account == AccountState())
  }
}

/// The runner's reads of the history: a window by keyset on the customer's index, never every
/// record of the customer, and the records a screen looks up beside it.
@MainActor @Suite struct HistoryReadTests {
  /// A ledger whose signed-in customer made an Ask to Buy request (transaction 1) and then
  /// bought coins 4,999 times (copies of one signed purchase, inserted in one statement), none
  /// finished yet, so `Transaction.all` (the account's history) lists every one.
  static func bigCustomer() throws -> StoreContext {
    let directory = try TestPaths.temporaryDirectory()
    let parsed = try StoreTermCommand.parser.parse([
      "ui", "--db", directory.appending(path: "ledger.sqlite").path,
    ])
    let context = try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
    var askToBuy = PurchaseOptions()
    askToBuy.askToBuy = true
    _ = try context.engine.purchase(Fixtures.themes, customerID: "default", options: askToBuy)
    _ = try context.engine.purchase(Fixtures.coins100, customerID: "default")
    try context.ledger.queue.write { db in
      try db.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 3 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
        INSERT INTO transactions (id, customer_id, product_id, state, quantity,
          app_account_token, offer, jws, jws_header, original_id, product_type, group_id,
          purchase_date_ms, expires_date_ms, revocation_date_ms, finished, created_ms,
          shared_from)
        SELECT i, customer_id, product_id, state, quantity, app_account_token, offer, jws,
          jws_header, i, product_type, group_id, purchase_date_ms, expires_date_ms,
          revocation_date_ms, 0, created_ms, shared_from
        FROM transactions, n WHERE id = ?
        """, [.integer(5_000), .integer(2)])
    }
    return context
  }

  @Test func theHistorysQueriesUseTheCustomersIndex() throws {
    let context = try Self.bigCustomer()
    func plan(_ sql: String, _ arguments: [SQLiteValue]) throws -> String {
      try context.ledger.queue.read { db in
        try db.fetchAll("EXPLAIN QUERY PLAN " + sql, arguments)
          .map { try $0.get(String.self, "detail") }.joined(separator: "; ")
      }
    }
    #expect(
      try plan(
        SQLiteLedger.pageSQL(customerID: "default", direction: .older),
        [.text("default"), .integer(Int64.max), .integer(100)])
        == "SEARCH transactions USING INDEX transactions_by_customer (customer_id=? AND id<?)")
    #expect(
      try plan(
        SQLiteLedger.requestsAndSharedCopiesSQL,
        [.text("default"), .text("pendingApproval"), .text("interrupted")])
        == "SEARCH transactions USING INDEX transactions_by_customer (customer_id=?)")
  }

  @Test func aFiveThousandTransactionCustomersFirstSnapshotReadsOneWindow() async throws {
    let context = try Self.bigCustomer()
    let reader = SnapshotSources.builder(
      store: Store(configuration: context.managerConfiguration), context: context)
    let snapshot = await reader.snapshot()
    let page = try #require(snapshot.historyPage)
    #expect(page.request == TransactionPageRequest(customerID: "default"))
    #expect(page.rows.map(\.id) == Array((4_901...5_000).reversed()))
    #expect(page.startsAtTop && !page.reachesEnd)
    // The window, and the one open request beside it (the paywall's badge reads it) — not the
    // other 4,900 transactions; only the window is verified.
    #expect(snapshot.records.map(\.id) == Array((4_901...5_000).reversed()) + [1])
    #expect(Badge.openRequest(for: Fixtures.themes, in: snapshot)?.id == 1)
    #expect(snapshot.verification.count == 100)
    #expect(snapshot.verification.values.allSatisfy { $0 == "verified" })

    // The account screen shows it with more below, and asks for the window around a row.
    var state = Fixtures.state(snapshot, screen: .account, size: Size(width: 100, height: 30))
    let text = StoreTermApp.view(state, size: state.size).lines.joined(separator: "\n")
    #expect(HistoryPagingTests.lowerMark(text)?.hasSuffix("+ more") == true)
    let effects = StoreTermApp.update(&state, .move(90))
    let request = TransactionPageRequest(
      customerID: "default", position: .around(4_910), limit: 90)
    #expect(effects == [.loadHistoryPage(request)])
    let around = try reader.historyPage(request)
    #expect(around.rows.map(\.id) == Array((4_866...4_955).reversed()))
    _ = StoreTermApp.update(&state, .account(.loaded(around)))
    #expect(AccountScreen.selectedRecord(state)?.id == 4_910)
    // The next snapshot reads the window asked for last, not the newest one.
    let next = await reader.snapshot()
    #expect(next.historyPage?.rows.first?.id == 4_955)
  }
}
