import Foundation
import StoreCore
import StoreTermApp
import TerminalUI
import Testing

/// The transaction manager over a window of the list (``TransactionPage``): the selection keeps
/// its transaction across refreshes and page loads, scrolling past the window asks for the next
/// one, and a vanished selection clears with a note.
@Suite struct TransactionPagingTests {
  /// Coins bought by several customers, newest first: identifiers `ids`.
  static func rows(_ ids: [UInt64]) -> [TransactionRecord] {
    ids.map {
      Fixtures.record(
        $0, Fixtures.coins100, customer: $0 % 2 == 0 ? "default" : "alice", type: .consumable)
    }
  }

  /// The Transactions screen showing the window `ids` of a longer list.
  static func state(
    _ ids: [UInt64], position: TransactionPageRequest.Position = .top, startsAtTop: Bool = true
  ) -> AppState {
    var snapshot = Fixtures.demo()
    snapshot.transactionPage = TransactionPage(
      request: TransactionPageRequest(position: position, limit: 72), rows: rows(ids),
      startsAtTop: startsAtTop, reachesEnd: false, total: 500)
    return Fixtures.state(snapshot, screen: .transactions)
  }

  /// `state` after `action`, and the effects.
  static func updated(_ state: AppState, _ action: AppAction) -> (AppState, [AppEffect]) {
    var state = state
    let effects = StoreTermApp.update(&state, action)
    return (state, effects)
  }

  /// A refresh whose window is `ids` (the runner re-read the same request).
  static func refreshed(_ state: AppState, _ ids: [UInt64]) -> (AppState, [AppEffect]) {
    var snapshot = state.snapshot
    snapshot.transactionPage?.rows = rows(ids)
    return updated(state, .storeChanged(snapshot))
  }

  @Test func theSelectionFollowsItsTransactionWhenRowsAreInsertedAbove() {
    var state = Self.state(Array((1...100).reversed()))
    state.transactions.selected = 3
    #expect(TransactionsScreen.selectedRecord(state)?.id == 97)
    // Another terminal bought five times: the window's top moved up by five.
    let (after, effects) = Self.refreshed(state, Array((6...105).reversed()))
    #expect(effects.isEmpty)
    #expect(after.transactions.selected == 8)
    #expect(TransactionsScreen.selectedRecord(after)?.id == 97)
    #expect(after.toast == nil)
  }

  @Test func aSelectionPushedOutOfTheWindowWaitsForTheWindowAroundIt() {
    var state = Self.state(Array((401...500).reversed()))
    state.transactions.selected = 90
    #expect(TransactionsScreen.selectedRecord(state)?.id == 410)
    // Two hundred purchases elsewhere: the newest hundred no longer hold transaction 410.
    let (waiting, effects) = Self.refreshed(state, Array((601...700).reversed()))
    let request = TransactionPageRequest(position: .around(410), limit: 72)
    #expect(effects == [.loadTransactionPage(request)])
    // Nothing is selected meanwhile: a key never acts on whatever row sits at the old index.
    #expect(TransactionsScreen.selectedRecord(waiting) == nil)
    #expect(waiting.toast == nil)
    let page = TransactionPage(
      request: request, rows: Self.rows(Array((374...445).reversed())), startsAtTop: false,
      reachesEnd: false, total: 700)
    let (shown, more) = Self.updated(waiting, .transactions(.loaded(page)))
    #expect(more.isEmpty)
    #expect(TransactionsScreen.selectedRecord(shown)?.id == 410)
    #expect(shown.transactions.selected == 35)
    #expect(shown.toast == nil)
  }

  @Test func aVanishedSelectionClearsWithANote() {
    var state = Self.state(Array((1...100).reversed()), position: .around(50), startsAtTop: false)
    state.transactions.pendingPage = nil
    state.transactions.selected = 50
    #expect(TransactionsScreen.selectedRecord(state)?.id == 50)
    // Deleted from another terminal: the window around it is read, and it is not there.
    let (waiting, effects) = Self.refreshed(state, Array((1...100).reversed()).filter { $0 != 50 })
    #expect(
      effects == [.loadTransactionPage(TransactionPageRequest(position: .around(50), limit: 72))])
    var page = waiting.snapshot.transactionPage!
    page.request = waiting.transactions.pendingPage!
    let (cleared, _) = Self.updated(waiting, .transactions(.loaded(page)))
    #expect(TransactionsScreen.selectedRecord(cleared) == nil)
    #expect(
      cleared.toast
        == Toast(
          "Transaction 50 is no longer listed; the selection was cleared.", kind: .warning))
  }

  @Test func scrollingPastTheWindowAsksForTheNextPageAndKeepsTheSelection() {
    var state = Self.state(Array((429...500).reversed()))
    state.transactions.selected = 45
    var (moved, effects) = Self.updated(state, .move(10))
    #expect(moved.transactions.selected == 55)
    // Within a quarter of the window's end, the window around the selection is asked for.
    let around = TransactionPageRequest(position: .around(445), limit: 72)
    #expect(effects == [.loadTransactionPage(around)])
    // The user keeps moving while the page is on its way; one request is enough.
    (moved, effects) = Self.updated(moved, .move(1))
    #expect(effects.isEmpty)
    #expect(TransactionsScreen.selectedRecord(moved)?.id == 444)
    let page = TransactionPage(
      request: around, rows: Self.rows(Array((410...481).reversed())), startsAtTop: false,
      reachesEnd: false, total: 500)
    (moved, effects) = Self.updated(moved, .transactions(.loaded(page)))
    #expect(TransactionsScreen.selectedRecord(moved)?.id == 444)
    #expect(moved.transactions.selected == 37)
    // End asks for the oldest rows and selects the last of them when they come.
    (moved, effects) = Self.updated(moved, .moveToLast)
    let bottom = TransactionPageRequest(position: .bottom, limit: 72)
    #expect(effects == [.loadTransactionPage(bottom)])
    (moved, _) = Self.updated(
      moved,
      .transactions(
        .loaded(
          TransactionPage(
            request: bottom, rows: Self.rows(Array((1...72).reversed())), startsAtTop: false,
            reachesEnd: true, total: 500))))
    #expect(TransactionsScreen.selectedRecord(moved)?.id == 1)
    // An answer to a request no longer wanted is dropped.
    let stale = TransactionPage(request: TransactionPageRequest(position: .top, limit: 72))
    let (after, none) = Self.updated(moved, .transactions(.loaded(stale)))
    #expect(none.isEmpty)
    #expect(after.snapshot.transactionPage == moved.snapshot.transactionPage)
    #expect(TransactionsScreen.selectedRecord(after)?.id == 1)
  }

  @Test func theTitleCountsTheLedgerNotTheWindow() {
    let state = Self.state(Array((429...500).reversed()))
    #expect(TransactionsScreen.title(state, shown: 72) == "Transactions (500)")
    var filtered = state
    filtered.transactions.filter = "alice"
    #expect(TransactionsScreen.title(filtered, shown: 36) == "Transactions (36 in view, more)")
  }

  @Test func aNewFilterAsksForTheFilteredWindowAroundTheSelection() {
    var state = Self.state(Array((429...500).reversed()))
    state.transactions.selected = 1
    var effects: [AppEffect] = []
    for character in "alice" {
      (state, effects) = Self.updated(state, .transactions(.filter(.type(character))))
    }
    // The selected transaction (499, alice's) stays selected; the runner pages the filter.
    #expect(TransactionsScreen.selectedRecord(state)?.id == 499)
    #expect(
      effects == [
        .loadTransactionPage(
          TransactionPageRequest(filter: "alice", position: .around(499), limit: 72))
      ])
  }
}

/// The Customers screen's list past its first page: moving near its end asks for the next page
/// after the last customer listed, once.
@Suite struct CustomerListPagingTests {
  static func summaries(_ range: Range<Int>) -> [CustomerSummary] {
    range.map { CustomerSummary(id: "c\($0)", columns: ["c\($0)", "Name \($0)", "USA", ""]) }
  }

  @Test func movingNearTheEndAsksForTheNextPageOnce() {
    var state = Fixtures.state(screen: .customers)
    state.customers.pendingSearch = ""
    _ = StoreTermApp.update(&state, .support(.found(query: "", Self.summaries(0..<20))))
    #expect(state.customers.hasMore)
    #expect(StoreTermApp.update(&state, .move(5)).isEmpty)
    #expect(StoreTermApp.update(&state, .move(10)) == [.moreCustomers("", after: "c19")])
    #expect(StoreTermApp.update(&state, .move(1)).isEmpty)
    // A page for another search, or after another customer, is dropped.
    _ = StoreTermApp.update(
      &state, .support(.foundMore(query: "x", after: "c19", Self.summaries(20..<25))))
    #expect(state.customers.results.count == 20)
    _ = StoreTermApp.update(
      &state, .support(.foundMore(query: "", after: "c19", Self.summaries(20..<25))))
    #expect(state.customers.results.map(\.id) == Self.summaries(0..<25).map(\.id))
    #expect(!state.customers.hasMore)
    #expect(CustomersScreen.selected(state)?.id == "c16")
    // The list ended: no more pages.
    #expect(StoreTermApp.update(&state, .moveToLast).isEmpty)
  }
}
