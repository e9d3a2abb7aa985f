import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermApp

/// The pure layout functions behind the small-screen layouts: wrapping the account's lines,
/// the columns each table keeps, the inspector's height and the customers' search line.
@Suite struct LayoutFunctionTests {
  @Test func aStatusLineBreaksBetweenItsPartsWithAHangingIndent() {
    #expect(
      AccountScreen.hanging(
        "StoreTerm Plus: Plus Monthly · Grace period until 2026-12-06 · auto-renew on",
        width: 58) == [
          "StoreTerm Plus: Plus Monthly", "  Grace period until 2026-12-06 · auto-renew on",
        ])
    #expect(
      AccountScreen.hanging(
        "  Billing failed; access continues until 2026-12-06 while the App Store retries.",
        width: 58) == [
          "  Billing failed; access continues until 2026-12-06 while",
          "    the App Store retries.",
        ])
    #expect(AccountScreen.hanging("Entitlements: none", width: 58) == ["Entitlements: none"])
  }

  @Test func theAccountHeaderLeavesTheHistoryFiveRows() {
    let snapshot = Fixtures.gracePeriod()
    let wide = AccountScreen.headerLines(snapshot, size: Size(width: 120, height: 21))
    #expect(wide.map(\.0).first == "Account: default")
    #expect(wide.count == 7)
    let short = AccountScreen.headerLines(snapshot, size: Size(width: 60, height: 10))
    #expect(short.count == 5)
    #expect(short.allSatisfy { DisplayWidth.of($0.0) <= 58 })
  }

  @Test func theEventLogKeepsItsDetailColumnWhenNarrow() {
    let columns = EventLogScreen.columns(Fixtures.demo())
    let table = TableView(columns: columns, rows: [])
    #expect(
      table.fitted(toWidth: 118).columns.map(\.title) == [
        "Time", "From", "Kind", "Product", "ID", "Detail",
      ])
    #expect(
      table.fitted(toWidth: 78).columns.map(\.title) == ["Time", "Kind", "Product", "ID", "Detail"])
    #expect(table.fitted(toWidth: 58).columns.map(\.title) == ["Time", "Kind", "ID", "Detail"])
  }

  @Test func theInspectorGrowsToItsWrappedLinesWithinTheBody() {
    var state = Fixtures.state(screen: .transactions)
    let narrow = TransactionsScreen.inspectorHeight(state, size: Size(width: 60, height: 15))
    let lines = TransactionsScreen.wrappedInspectorLines(
      TransactionsScreen.selectedRecord(state)!, snapshot: state.snapshot, width: 60)
    #expect(lines.map(\.0).first == "transaction 5 · dev.storeterm.demo.lifetime")
    #expect(narrow == TransactionsScreen.inspectorHeight)
    #expect(TransactionsScreen.inspectorHeight(state, size: Size(width: 60, height: 9)) == 8)
    state.transactions.showsInspector = false
    #expect(TransactionsScreen.inspectorHeight(state, size: Size(width: 60, height: 15)) == 0)
  }

  @Test func theCustomersSearchLineWrapsOntoTwoLinesAtMost() {
    let customers = CustomerFixtures.listed().customers
    #expect(
      CustomersScreen.searchLines(customers, isTyping: false, width: 60) == [
        "All customers · / to search by id, name, email, token or", "transaction",
      ])
    #expect(CustomersScreen.searchLines(customers, isTyping: false, width: 100).count == 1)
  }
}
