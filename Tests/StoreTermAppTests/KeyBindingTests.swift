import Foundation
import StoreTermApp
import StoreTermTestSupport
import TerminalUI
import Testing

/// Every documented key does what help says, disabled keys give their reasons, and the
/// generated key reference is current.
@Suite struct KeyBindingTests {
  private func action(_ key: Key, _ state: AppState) -> AppAction? {
    StoreTermApp.action(for: .key(key), in: state)
  }

  @Test func everyBindingOfEveryScreenResolvesToItsAction() {
    let maps: [(ScreenID, Keymap<AppState, AppAction>)] = [
      (.paywall, PaywallScreen.keymap), (.account, AccountScreen.keymap),
      (.transactions, TransactionsScreen.keymap), (.eventLog, EventLogScreen.keymap),
      (.customers, CustomersScreen.keymap),
    ]
    for (screen, map) in maps {
      let state = screen == .customers ? CustomerFixtures.listed() : Fixtures.state(screen: screen)
      for binding in map.bindings + GlobalKeys.keymap.bindings {
        for key in binding.keys {
          let expected: AppAction =
            binding.disabledReason(state).map(AppAction.refused) ?? binding.action
          #expect(action(key, state) == expected, "\(screen) \(key.displayName)")
        }
      }
    }
  }

  @Test func theSheetTakesOverTheKeys() {
    var state = Fixtures.state()
    _ = StoreTermApp.update(&state, .paywall(.buy))
    #expect(action(.enter, state) == .purchaseSheet(.confirm))
    #expect(action(.escape, state) == .purchaseSheet(.cancel))
    #expect(action(.right, state) == .purchaseSheet(.moveOutcome(1)))
    #expect(action(.char("h"), state) == .purchaseSheet(.moveOutcome(-1)))
    #expect(action(.char("2"), state) == nil)
    #expect(action(.char("q"), state) == nil)
    #expect(action(.char("?"), state) == .toggleHelp)
  }

  @Test func helpAndTheQuitQuestionAreModal() {
    var help = Fixtures.state()
    help.modal = .help(over: nil)
    #expect(action(.char("2"), help) == nil)
    #expect(action(.escape, help) == .toggleHelp)
    var quit = Fixtures.state()
    quit.modal = .quitQuestion
    #expect(action(.char("y"), quit) == .answerQuit(true))
    #expect(action(.char("n"), quit) == .answerQuit(false))
    #expect(action(.char("1"), quit) == nil)
  }

  @Test func theSettingsPanelTakesOverTheKeys() {
    var state = Fixtures.state(screen: .transactions)
    #expect(action(.char("g"), state) == .settings(.open))
    state.modal = .settings(.toggle(.askToBuy))
    #expect(action(.char(" "), state) == .settings(.change(1)))
    #expect(action(.left, state) == .settings(.change(-1)))
    #expect(action(.down, state) == .settings(.move(1)))
    #expect(action(.escape, state) == .settings(.close))
    #expect(action(.char("a"), state) == nil)
    state.readOnly = true
    #expect(action(.enter, state) == .refused("read-only"))
  }

  @Test func theCustomerSwitcherTakesOverTheKeys() {
    var state = Fixtures.state(screen: .account, readOnly: true)
    // Switching accounts changes nothing in the store, so support may do it read-only.
    #expect(action(.char("u"), state) == .customerPicker(.open))
    state.modal = .customerPicker("default")
    #expect(action(.enter, state) == .refused("already signed in"))
    #expect(action(.down, state) == .customerPicker(.move(1)))
    #expect(action(.escape, state) == .customerPicker(.close))
    #expect(action(.char("1"), state) == nil)
    state.modal = .customerPicker("family-kid")
    #expect(action(.enter, state) == .customerPicker(.choose))
    state.snapshot.customers = ["default"]
    state.modal = nil
    #expect(action(.char("u"), state) == .refused("the ledger holds no other customer"))
  }

  @Test func typingGoesToTheFilter() {
    var state = Fixtures.state(screen: .transactions)
    state.focus = .transactionFilter
    #expect(action(.char("q"), state) == .transactions(.filter(.type("q"))))
    #expect(action(.backspace, state) == .transactions(.filter(.deleteBackward)))
    #expect(action(.enter, state) == .transactions(.filter(.commit)))
    #expect(action(.escape, state) == .transactions(.filter(.clear)))
  }

  @Test func resizeBecomesAnAction() {
    let size = Size(width: 70, height: 20)
    #expect(StoreTermApp.action(for: .resize(size), in: Fixtures.state()) == .resized(size))
  }

  @Test func readOnlyDisablesEveryMutatingKey() {
    for screen in ScreenID.allCases {
      let state = Fixtures.state(screen: screen, readOnly: true)
      for binding in GlobalKeys.keymap(for: screen).bindings {
        let mutates: Bool
        switch binding.action {
        case .transactions(.manage), .paywall(.restore), .account(.restore), .paywall(.buy),
          .account(.toggleAutoRenew), .redeem(.open),
          .refund(.open), .family(.openJoin), .family(.askLeave):
          mutates = true
        default: mutates = false
        }
        guard mutates else { continue }
        #expect(
          action(binding.keys[0], state) == .refused("read-only"),
          "\(screen) \(binding.label)")
      }
    }
  }

  @Test func managementKeysExplainWhyTheyAreDisabled() {
    var state = Fixtures.state(screen: .transactions)
    // Transaction 5 waits for approval: approve works, refund does not.
    #expect(action(.char("a"), state) == .transactions(.manage(.approve)))
    // The engine's own refusals, naming the transaction.
    #expect(
      action(.char("r"), state)
        == .refused("transaction 5 cannot be refunded: it is pending approval"))
    #expect(
      action(.char("s"), state)
        == .refused("transaction 5 cannot be resolved: it is pending approval"))
    state.transactions.selected = 1
    #expect(action(.char("r"), state) == .refused("transaction 4 was already refunded or revoked"))
    #expect(
      action(.char("e"), state)
        == .refused("transaction 4 cannot be expired: it is not a subscription"))
    state.transactions.selected = 2
    #expect(action(.char("f"), state) == .transactions(.manage(.finish)))
    state.transactions.selected = 4
    // Finishing twice is harmless: the engine does not refuse it.
    #expect(action(.char("f"), state) == .transactions(.manage(.finish)))
    #expect(action(.char("n"), state) == .transactions(.manage(.renew)))
    #expect(action(.char("D"), state) == .transactions(.manage(.delete)))
  }

  @Test func buyingExplainsWhyItIsDisabled() {
    var state = Fixtures.state()
    func select(_ id: String) {
      state.paywall.selectedID = id
    }
    select(Fixtures.plusMonthly)
    #expect(action(.enter, state) == .refused("already subscribed"))
    select(Fixtures.lifetime)
    #expect(action(.char("b"), state) == .refused("transaction 5 waits for a parent's approval"))
    select(Fixtures.coins100)
    #expect(action(.enter, state) == .paywall(.buy))
    #expect(action(.char("c"), state) == .redeem(.open))
    state.snapshot.offerCodes = []
    #expect(action(.char("c"), state) == .refused("the catalog has no offer codes"))
  }

  @Test func theKeyReferenceIsCurrent() throws {
    let url = TestPaths.packageRoot.appending(path: "Docs/KEYBINDINGS.md")
    let generated = GlobalKeys.markdownReference()
    if ProcessInfo.processInfo.environment["KEYBINDINGS_RECORD"] == "1" {
      try Data(generated.utf8).write(to: url)
    }
    let stored = try? String(contentsOf: url, encoding: .utf8)
    #expect(
      stored == generated,
      "Docs/KEYBINDINGS.md is stale: run KEYBINDINGS_RECORD=1 swift test --filter KeyBindingTests")
  }
}
