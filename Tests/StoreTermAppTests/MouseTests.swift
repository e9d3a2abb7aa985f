import StoreTermApp
import TerminalUI
import Testing

/// Left clicks switch tabs and select paywall products, and never reach past a modal.
@Suite struct MouseTests {
  private func click(_ x: Int, _ y: Int, _ state: AppState) -> AppAction? {
    StoreTermApp.action(for: .click(Point(x: x, y: y)), in: state)
  }

  @Test func aClickOnATabShowsItsScreen() {
    let state = Fixtures.state()
    // 80 columns: " 1 Paywall " covers 0..<11, " 2 Account " 12..<23, " 3 Transactions " 24..<40.
    #expect(click(13, 0, state) == .show(.account))
    #expect(click(39, 0, state) == .show(.transactions))
    #expect(click(11, 0, state) == nil)
    #expect(click(3, 0, state) == nil)
  }

  @Test func shortTabsAreClickableToo() {
    let state = Fixtures.state(size: Size(width: 60, height: 18))
    // 60 columns: " 1 Paywall " 0..<11, " 2 Account " 12..<23, then " 3 " 24..<27 and " 4 "
    // 28..<31.
    #expect(click(14, 0, state) == .show(.account))
    #expect(click(24, 0, state) == .show(.transactions))
    #expect(click(28, 0, state) == .show(.eventLog))
    #expect(click(27, 0, state) == nil)
  }

  @Test func aClickOnAPaywallProductSelectsIt() {
    var state = Fixtures.state()
    // Row 1 is the body's first row: the "StoreTerm Plus" title, then one product a row.
    #expect(click(20, 1, state) == nil)
    #expect(click(20, 2, state) == nil)
    #expect(click(20, 3, state) == .move(1))
    #expect(click(20, 6, state) == nil)
    #expect(click(20, 7, state) == .move(4))
    _ = StoreTermApp.update(&state, .move(4))
    #expect(PaywallScreen.selectedProduct(state)?.displayName == "2 TB Storage")
    #expect(click(20, 3, state) == .move(-3))
    // Below the list is the detail pane and past it the status line: nothing to pick.
    #expect(click(20, 16, state) == nil)
    #expect(click(20, 22, state) == nil)
  }

  @Test func aClickOnATransactionRowSelectsIt() {
    var state = Fixtures.state(screen: .transactions)
    // Rows 1–3 are the filter line, the panel's border and the column titles.
    #expect(click(20, 3, state) == nil)
    #expect(click(20, 4, state) == nil)
    #expect(click(20, 5, state) == .move(1))
    #expect(click(20, 7, state) == .move(3))
    _ = StoreTermApp.update(&state, .move(3))
    #expect(click(20, 4, state) == .move(-3))
    // Five transactions: the rows past the last are empty.
    #expect(click(20, 9, state) == nil)
  }

  @Test func aClickOnAnAccountHistoryRowSelectsIt() {
    let state = Fixtures.state(Fixtures.gracePeriod(), screen: .account)
    // The grace-period account at 80 columns: the Family Sharing line, three status lines (the
    // billing one wrapped onto a second row), entitlements and balances above the history
    // panel on row 9, its column titles on row 10, the first transaction on row 11.
    #expect(click(20, 10, state) == nil)
    #expect(click(20, 11, state) == nil)
    #expect(click(20, 12, state) == .move(1))
  }

  @Test func aClickOnACustomerRowSelectsIt() {
    var state = CustomerFixtures.listed()
    #expect(click(20, 3, state) == nil)
    #expect(click(20, 5, state) == .move(1))
    #expect(click(20, 6, state) == .move(2))
    #expect(click(20, 7, state) == nil)
    _ = StoreTermApp.update(&state, .move(2))
    #expect(click(20, 4, state) == .move(-2))
    // An open detail scrolls; its lines are not a list.
    #expect(click(20, 5, CustomerFixtures.opened()) == nil)
  }

  @Test func clicksElsewhereDoNothing() {
    #expect(click(20, 3, Fixtures.state(screen: .eventLog)) == nil)
    #expect(click(20, 3, Fixtures.state(size: Size(width: 40, height: 10))) == nil)
  }

  @Test func modalsIgnoreClicks() {
    var help = Fixtures.state()
    help.modal = .help(over: nil)
    #expect(click(13, 0, help) == nil)
    var quit = Fixtures.state()
    quit.modal = .quitQuestion
    #expect(click(13, 0, quit) == nil)
    var sheet = Fixtures.state()
    _ = StoreTermApp.update(&sheet, .paywall(.buy))
    #expect(click(13, 0, sheet) == nil)
    #expect(click(20, 3, sheet) == nil)
    var settings = Fixtures.state(screen: .transactions)
    settings.modal = .settings(.toggle(.askToBuy))
    #expect(click(13, 0, settings) == nil)
  }
}
