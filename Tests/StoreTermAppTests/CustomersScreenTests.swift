import StoreCore
import StoreTermApp
import TerminalUI
import Testing

/// The Customers screen (`5`): every action's state and effects, and its keys.
@Suite struct CustomersScreenTests {
  private func updated(
    _ state: AppState, _ action: AppAction
  ) -> (state: AppState, effects: [AppEffect]) {
    var state = state
    let effects = StoreTermApp.update(&state, action)
    return (state, effects)
  }

  private func action(_ key: Key, _ state: AppState) -> AppAction? {
    StoreTermApp.action(for: .key(key), in: state)
  }

  // MARK: - Update

  @Test func showingTheScreenTheFirstTimeListsTheFirstCustomers() {
    let shown = updated(Fixtures.state(), .show(.customers))
    #expect(shown.state.screen == .customers)
    #expect(shown.effects == [.searchCustomers("")])
    #expect(shown.state.customers.pendingSearch == "")
    // Not again while the answer is on its way, nor once it came.
    #expect(updated(shown.state, .show(.customers)).effects.isEmpty)
    let answered = updated(shown.state, .support(.found(query: "", CustomerFixtures.results)))
    #expect(updated(answered.state, .show(.customers)).effects.isEmpty)
    // Tab and Shift-Tab reach it too.
    var eventLog = Fixtures.state(screen: .eventLog)
    #expect(updated(eventLog, .nextScreen).effects == [.searchCustomers("")])
    eventLog.screen = .notifications
    #expect(updated(eventLog, .previousScreen).effects == [.searchCustomers("")])
  }

  @Test func typingThenEnterSearches() {
    var state = updated(CustomerFixtures.listed(), .support(.beginTyping)).state
    #expect(state.focus == .customerSearch)
    for character in "janex" { state = updated(state, .support(.type(character))).state }
    state = updated(state, .support(.deleteBackward)).state
    #expect(state.customers.query == "jane")
    let searched = updated(state, .support(.search))
    #expect(searched.effects == [.searchCustomers("jane")])
    #expect(searched.state.focus == nil)
    #expect(searched.state.customers.pendingSearch == "jane")
    #expect(
      CustomersScreen.searchLine(searched.state.customers)
        == "Searching for \"jane\"…")
  }

  @Test func escapeStopsTypingAndKeepsTheResults() {
    var state = updated(CustomerFixtures.listed(), .support(.beginTyping)).state
    state = updated(state, .support(.type("x"))).state
    let stopped = updated(state, .support(.stopTyping))
    #expect(stopped.effects.isEmpty)
    #expect(stopped.state.focus == nil && stopped.state.customers.query == "x")
    #expect(stopped.state.customers.results == CustomerFixtures.results)
  }

  @Test func onlyTheLatestSearchIsListed() {
    var state = CustomerFixtures.listed()
    state.customers.selectedID = CustomerFixtures.results[2].id
    state.customers.pendingSearch = "jan"
    let stale = updated(state, .support(.found(query: "ja", [])))
    #expect(stale.state.customers.results == CustomerFixtures.results)
    let fresh = updated(state, .support(.found(query: "jan", [CustomerFixtures.results[0]])))
    #expect(fresh.state.customers.results == [CustomerFixtures.results[0]])
    #expect(fresh.state.customers.searchedFor == "jan")
    #expect(
      fresh.state.customers.pendingSearch == nil
        && fresh.state.customers.selectedID == CustomerFixtures.results[0].id)
  }

  @Test func enterOpensTheSelectedCustomerAndEscapeGoesBack() {
    var state = updated(CustomerFixtures.listed(), .move(1)).state
    #expect(CustomersScreen.selected(state)?.id == "family-kid")
    let opening = updated(state, .support(.open))
    #expect(opening.effects == [.loadCustomer("family-kid")])
    #expect(opening.state.customers.opening == "family-kid")
    // A detail that was not asked for (an older request) is not shown.
    state = updated(opening.state, .support(.loaded(CustomerFixtures.detail))).state
    #expect(state.customers.detail == nil)
    var kid = CustomerFixtures.detail
    kid.customerID = "family-kid"
    state = updated(state, .support(.loaded(kid))).state
    #expect(state.customers.detail == kid && state.customers.opening == nil)
    state = updated(state, .move(3)).state
    #expect(state.customers.detailScroll == 3)
    let closed = updated(state, .support(.close)).state
    #expect(closed.customers.detail == nil && closed.customers.detailScroll == 0)
    #expect(closed.customers.selectedID == "family-kid")
    // Nothing to open in an empty list.
    var empty = CustomerFixtures.listed()
    empty.customers.results = []
    #expect(updated(empty, .support(.open)).effects.isEmpty)
  }

  @Test func aFailureIsShownAndEndsTheWait() {
    var state = CustomerFixtures.listed()
    state.customers.pendingSearch = "x"
    state.customers.opening = "default"
    let failed = updated(state, .support(.failed(.search("disk I/O error")))).state
    #expect(failed.toast == Toast("Search failed: disk I/O error", kind: .error))
    #expect(failed.customers.pendingSearch == nil && failed.customers.opening == nil)
  }

  @Test func movingIsClampedInTheListAndTheDetail() {
    var state = CustomerFixtures.listed()
    state = updated(state, .move(-1)).state
    #expect(CustomersScreen.selectedPosition(state) == 0)
    state = updated(state, .moveToLast).state
    #expect(CustomersScreen.selectedPosition(state) == 2)
    state = updated(state, .move(10)).state
    #expect(CustomersScreen.selectedPosition(state) == 2)
    // At 80 columns: 3 header lines, the access table (header and 7 rows, two of whose
    // sentences wrap), a blank, the timeline (header and 10 events of two lines each): 35 lines,
    // 19 of them visible at 80×24.
    state = CustomerFixtures.opened()
    state = updated(state, .moveToLast).state
    #expect(state.customers.detailScroll == 35 - 19)
    state = updated(state, .move(-1)).state
    #expect(state.customers.detailScroll == 15)
    state = updated(state, .moveToFirst).state
    #expect(state.customers.detailScroll == 0)
    state.size = Size(width: 60, height: 18)
    state = updated(state, .move(100)).state
    // At 60 columns sentences wrap (some twice), the header wraps, and the long timeline
    // labels wrap under their events: 47 lines, 13 visible.
    #expect(state.customers.detailScroll == 47 - 13)
  }

  @Test func theListSaysWhenItWaitsOrFindsNothing() {
    func shown(_ state: AppState) -> [String] {
      StoreTermApp.view(state, size: Size(width: 80, height: 24)).lines
    }
    var state = Fixtures.state(screen: .customers)
    state.customers.pendingSearch = ""
    #expect(shown(state)[3] == "│ Searching…" + String(repeating: " ", count: 67) + "│")
    #expect(shown(state)[1] == " Listing the first customers…")
    state = updated(state, .support(.found(query: "", []))).state
    #expect(shown(state)[3].hasPrefix("│ No customers yet."))
    state.customers.query = "zzz"
    state.customers.pendingSearch = "zzz"
    state = updated(state, .support(.found(query: "zzz", []))).state
    #expect(shown(state)[1] == " Search: zzz · / to change")
    #expect(shown(state)[2].hasPrefix("┌ Customers (0) "))
    #expect(shown(state)[3].hasPrefix("│ No customer matches \"zzz\"."))
  }

  // MARK: - Keys

  @Test func slashStartsTypingAndTypingTakesEveryKey() {
    var state = CustomerFixtures.listed()
    #expect(action(.char("/"), state) == .support(.beginTyping))
    #expect(action(.enter, state) == .support(.open))
    state.focus = .customerSearch
    #expect(action(.char("q"), state) == .support(.type("q")))
    #expect(action(.char("5"), state) == .support(.type("5")))
    #expect(action(.backspace, state) == .support(.deleteBackward))
    #expect(action(.enter, state) == .support(.search))
    #expect(action(.escape, state) == .support(.stopTyping))
    #expect(action(.ctrl("c"), state) == .quit)
    #expect(action(.down, state) == nil)
  }

  @Test func enterExplainsWhyItIsDisabled() {
    var state = CustomerFixtures.listed()
    state.customers.results = []
    #expect(action(.enter, state) == .refused("no customer is listed"))
  }

  @Test func theDetailHasItsOwnKeys() {
    let state = CustomerFixtures.opened()
    for binding in CustomerDetailView.keymap.bindings {
      for key in binding.keys {
        #expect(action(key, state) == binding.action, "\(key.displayName)")
      }
    }
    #expect(action(.escape, state) == .support(.close))
    #expect(action(.enter, state) == nil)
    #expect(action(.char("/"), state) == nil)
    #expect(action(.char("1"), state) == .show(.paywall))
    #expect(action(.tab, state) == .nextScreen)
  }

  @Test func theScreenWorksReadOnly() {
    // Nothing on the Customers screen changes the store, so a support seat has every key.
    let state = CustomerFixtures.listed(readOnly: true)
    for binding in CustomersScreen.keymap.bindings {
      #expect(binding.disabledReason(state) == nil, "\(binding.label)")
    }
  }

  /// The detail words the explainer's facts (the phrases `storeterm customer` prints in
  /// English) in the UI's language, with the screens' dates.
  @Test func theDetailWordsTheCommandLinesFacts() {
    let lines = CustomerDetailView.lines(CustomerFixtures.detail, width: 120)
    #expect(
      lines.prefix(2) == [
        .text("customer default · Jane Appleseed · jane@example.com · USA", .title),
        .text("as of 2026-11-30 12:00 UTC", .dim),
      ])
    #expect(
      lines[4]
        == .access(
          [
            "StoreTerm Plus (group)", "yes",
            "via Plus Monthly: grace period until 2026-12-06, payment failing",
          ], hasAccess: true))
    #expect(
      lines[6] == .access(["  Lite Monthly", "no", "upgraded to Plus Monthly"], hasAccess: false))
    #expect(
      lines[13]
        == .timeline(["2026-11-10 12:00", "SUBSCRIBED/INITIAL_BUY", "Subscribed to Lite Monthly"]))
    #expect(
      lines.last
        == .timeline([
          "2026-11-30 12:00", "SUBSCRIBED/INITIAL_BUY", "Subscribed to Premium Yearly (imported)",
        ]))
    // At 80 columns long sentences wrap under themselves, and the event names do not fit beside
    // the labels, so each label gets its own line.
    let narrow = CustomerDetailView.lines(CustomerFixtures.detail, width: 76)
    #expect(
      narrow[4...5] == [
        .access(
          ["StoreTerm Plus (group)", "yes", "via Plus Monthly: grace period until"],
          hasAccess: true),
        .accessMore("2026-12-06, payment failing"),
      ])
    #expect(
      narrow[15...16] == [
        .timeline(["2026-11-10 12:00", "SUBSCRIBED/INITIAL_BUY"]),
        .timelineLabel("Subscribed to Lite Monthly"),
      ])
    let empty = CustomerDetail(customerID: "x", asOf: Fixtures.now, explanations: [], timeline: [])
    #expect(
      CustomerDetailView.lines(empty, width: 76) == [
        .text("customer x", .title), .text("as of 2026-11-30 12:00 UTC", .dim),
        .text("", .normal), .text("No purchases.", .dim), .text("", .normal),
        .text("No events.", .dim),
      ])
    // The command line prints the same phrases in English with its own dates.
    #expect(
      SupportPresentation.explanationRows(CustomerFixtures.detail.explanations)[0]
        == [
          "StoreTerm Plus (group)", "yes",
          "via Plus Monthly: grace period until 6 Dec 2026, payment failing",
        ])
  }

  @Test func theDetailSpeaksGerman() {
    let german = StoreSnapshot(locale: "de_DE")
    let lines = CustomerDetailView.lines(CustomerFixtures.detail, width: 120, snapshot: german)
    #expect(
      lines.prefix(2) == [
        .text("Kunde default · Jane Appleseed · jane@example.com · USA", .title),
        .text("Stand 2026-11-30 12:00 UTC", .dim),
      ])
    #expect(
      lines[4]
        == .access(
          [
            "StoreTerm Plus (Gruppe)", "ja",
            "über Plus Monthly: Kulanzfrist bis 2026-12-06, Zahlung fehlgeschlagen",
          ], hasAccess: true))
    // The German labels are longer: each goes under its event.
    #expect(
      lines[13...14] == [
        .timeline(["2026-11-10 12:00", "SUBSCRIBED/INITIAL_BUY"]),
        .timelineLabel("Lite Monthly abonniert"),
      ])
  }

  @Test func theDetailNamesTheFamilyAMemberIsIn() {
    var detail = CustomerFixtures.detail
    detail.familyGroup = "smiths"
    #expect(
      CustomerDetailView.lines(detail, width: 120).first
        == .text(
          "customer default · Jane Appleseed · jane@example.com · USA · family smiths", .title))
  }
}
