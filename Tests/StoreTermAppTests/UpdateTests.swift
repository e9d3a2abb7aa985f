import StoreCore
import StoreManager
import StoreTermApp
import TerminalUI
import Testing

/// The update function, one action at a time: the state it leaves and the effects it asks for.
@Suite struct UpdateTests {
  private func updated(
    _ state: AppState, _ action: AppAction
  ) -> (state: AppState, effects: [AppEffect]) {
    var state = state
    let effects = StoreTermApp.update(&state, action)
    return (state, effects)
  }

  @Test func startsTheStoreAndTheWatchBeforeTheFirstFrame() {
    #expect(StoreTermApp.initialEffects(Fixtures.state()) == [.start, .watchForChanges])
  }

  @Test func screensAreChosenByDigitAndCycledByTab() {
    #expect(updated(Fixtures.state(), .show(.transactions)).state.screen == .transactions)
    var state = Fixtures.state()
    for expected: ScreenID in [
      .account, .transactions, .eventLog, .customers, .notifications, .paywall,
    ] {
      state = updated(state, .nextScreen).state
      #expect(state.screen == expected)
    }
    #expect(updated(state, .previousScreen).state.screen == .notifications)
  }

  @Test func helpToggles() {
    let opened = assertUpdate(
      Fixtures.state(), .toggleHelp, expect: { $0.modal = .help(over: nil) })
    assertUpdate(opened, .toggleHelp, expect: { $0.modal = nil })
  }

  @Test func helpOpensOverASheetWhichStillHearsTheAppStore() {
    let state = updated(Fixtures.state(), .paywall(.buy)).state
    let sheet = try! #require(state.sheet)
    let helped = assertUpdate(
      state, .toggleHelp, expect: { $0.modal = .help(over: .purchase(sheet)) })
    var answered = sheet
    answered.phase = .result(.cancelled)
    let finished = assertUpdate(
      helped, .purchaseFinished(productID: sheet.productID, state: .cancelled),
      expect: { $0.modal = .help(over: .purchase(answered)) })
    assertUpdate(finished, .toggleHelp, expect: { $0.modal = .purchase(answered) })
  }

  @Test func quitEndsAtOnceWithNothingInFlight() {
    #expect(updated(Fixtures.state(), .quit).state.isFinished)
  }

  @Test func quitAsksFirstWithAPurchaseInFlight() {
    var state = Fixtures.state()
    state.snapshot.purchaseStates[Fixtures.coins100] = .purchasing
    let asked = assertUpdate(state, .quit, expect: { $0.modal = .quitQuestion })
    assertUpdate(asked, .answerQuit(false), expect: { $0.modal = nil })
    assertUpdate(
      asked, .answerQuit(true),
      expect: {
        $0.modal = nil; $0.isFinished = true
      })
  }

  @Test func resizeIsRemembered() {
    let size = Size(width: 70, height: 20)
    assertUpdate(Fixtures.state(), .resized(size), expect: { $0.size = size })
  }

  @Test func movingIsClampedOnEveryScreen() {
    var state = Fixtures.state()
    let count = PaywallScreen.order(state.snapshot).count
    state = updated(state, .move(-1)).state
    #expect(PaywallScreen.selectedPosition(state) == 0)
    state = updated(state, .moveToLast).state
    #expect(PaywallScreen.selectedPosition(state) == count - 1)
    state = updated(state, .move(10)).state
    #expect(PaywallScreen.selectedPosition(state) == count - 1)
    state = updated(state, .moveToFirst).state
    #expect(PaywallScreen.selectedPosition(state) == 0)

    state.screen = .account
    state = updated(state, .move(1)).state
    #expect(state.account.selected == 1)
    state = updated(state, .moveToLast).state
    #expect(state.account.selected == AccountScreen.history(state.snapshot).count - 1)

    state.screen = .transactions
    state = updated(state, .move(3)).state
    #expect(state.transactions.selected == 3)
    #expect(TransactionsScreen.selectedRecord(state)?.id == 2)

    state.screen = .eventLog
    state = updated(state, .move(-1)).state
    #expect(state.eventLog.scrollBack == 1)
    state = updated(state, .moveToLast).state
    #expect(state.eventLog.scrollBack == 0)
  }

  @Test func aRefusedKeyShowsItsReason() {
    assertUpdate(
      Fixtures.state(), .refused("read-only"),
      expect: { $0.toast = Toast("read-only", kind: .warning) })
  }

  @Test func buyingOpensTheSheetWithTheOfferShownThen() {
    var state = Fixtures.state()
    state.paywall.selectedID = Fixtures.cloud200
    let opened = updated(state, .paywall(.buy))
    #expect(opened.effects.isEmpty)
    #expect(opened.state.sheet?.productID == Fixtures.cloud200)
    #expect(opened.state.sheet?.offer == "3 months at $1.49, then $2.99 / month")
    #expect(opened.state.sheet?.phase == .confirming)
  }

  @Test func theSheetSendsThePurchaseWithTheChosenOutcome() {
    var state = updated(Fixtures.state(), .paywall(.buy)).state
    let productID = state.sheet!.productID
    state = updated(state, .purchaseSheet(.moveOutcome(1))).state
    #expect(state.sheet?.outcome == .askToBuy)
    state = updated(state, .purchaseSheet(.moveOutcome(-2))).state
    #expect(state.sheet?.outcome == ForcedOutcome.choices.last)
    state = updated(state, .purchaseSheet(.moveOutcome(1))).state
    #expect(state.sheet?.outcome == .normal)
    let confirmed = updated(state, .purchaseSheet(.confirm))
    #expect(confirmed.effects == [.purchase(productID: productID, outcome: .normal)])
    #expect(confirmed.state.sheet?.phase == .purchasing)
    // Keys do nothing while the App Store answers.
    #expect(updated(confirmed.state, .purchaseSheet(.cancel)).effects.isEmpty)
    #expect(
      updated(confirmed.state, .purchaseSheet(.moveOutcome(1))).state.sheet?.outcomeIndex == 0)
  }

  @Test func theSheetOffersEachAvailableOfferAndBuysWithTheChosenOne() {
    var state = Fixtures.state()
    let productID = updated(state, .paywall(.buy)).state.sheet!.productID
    state.snapshot.availableOffers = [productID: ["comeback", "loyal"]]
    state = updated(state, .paywall(.buy)).state
    #expect(state.sheet?.offers == ["comeback", "loyal"])
    #expect(state.sheet?.chosenOffer == nil)
    state = updated(state, .purchaseSheet(.nextOffer)).state
    #expect(state.sheet?.chosenOffer == "comeback")
    state = updated(state, .purchaseSheet(.nextOffer)).state
    #expect(state.sheet?.chosenOffer == "loyal")
    #expect(updated(state, .purchaseSheet(.nextOffer)).state.sheet?.chosenOffer == nil)
    let confirmed = updated(state, .purchaseSheet(.confirm))
    #expect(
      confirmed.effects == [.purchase(productID: productID, outcome: .normal, offer: "loyal")])
    let product = state.snapshot.product(productID)!
    #expect(Badge.badges(for: product, in: state.snapshot).contains(.offerAvailable))
  }

  @Test func escapeCancelsThroughTheStore() {
    let state = updated(Fixtures.state(), .paywall(.buy)).state
    assertUpdate(
      state, .purchaseSheet(.cancel), expect: { $0.modal = nil },
      effects: [.purchase(productID: state.sheet!.productID, outcome: .cancelled)])
  }

  @Test func theResultShowsInTheSheetAndClosingSettlesIt() {
    var state = updated(Fixtures.state(), .paywall(.buy)).state
    let productID = state.sheet!.productID
    state = updated(state, .purchaseSheet(.confirm)).state
    state =
      updated(state, .purchaseFinished(productID: productID, state: .succeeded(transactionID: 9)))
      .state
    #expect(state.sheet?.phase == .result(.succeeded(transactionID: 9)))
    let closed = updated(state, .purchaseSheet(.confirm))
    #expect(closed.state.sheet == nil)
    #expect(closed.effects == [.dismissPurchase(productID: productID)])
  }

  @Test func aPendingResultStaysPendingWhenClosed() {
    var state = updated(Fixtures.state(), .paywall(.buy)).state
    let productID = state.sheet!.productID
    state = updated(state, .purchaseFinished(productID: productID, state: .pending)).state
    #expect(updated(state, .purchaseSheet(.cancel)).effects.isEmpty)
  }

  @Test func aResultWithoutASheetBecomesAMessage() {
    assertUpdate(
      Fixtures.state(), .purchaseFinished(productID: Fixtures.coins100, state: .cancelled),
      expect: { $0.toast = Toast("100 Coins: Cancelled.", kind: .warning) },
      effects: [.dismissPurchase(productID: Fixtures.coins100)])
  }

  @Test func restore() {
    assertUpdate(
      Fixtures.state(), .paywall(.restore), expect: { $0.toast = Toast("Restoring purchases…") },
      effects: [.restore])
  }

  @Test func manageActsOnTheSelectedTransaction() {
    var state = Fixtures.state(screen: .transactions)
    #expect(
      updated(state, .transactions(.manage(.approve))).effects == [
        .manage(.approve, transactionID: 5)
      ])
    state.screen = .account
    state.account.selected = 3
    #expect(
      updated(state, .account(.manage(.refund))).effects == [.manage(.refund, transactionID: 1)])
    #expect(
      updated(state, .account(.toggleAutoRenew)).effects == [
        .manage(.autoRenewOff, transactionID: 1)
      ])
    let group = state.snapshot.statuses.keys.first!
    state.snapshot.statuses[group]!.willAutoRenew = false
    #expect(
      updated(state, .account(.toggleAutoRenew)).effects == [
        .manage(.autoRenewOn, transactionID: 1)
      ])
    state.screen = .paywall
    #expect(updated(state, .transactions(.manage(.refund))).effects.isEmpty)
  }

  @Test func theFilterNarrowsTheTransactionManager() {
    var state = Fixtures.state(screen: .transactions)
    state = updated(state, .transactions(.filter(.begin))).state
    #expect(state.focus == .transactionFilter)
    for character in "kidx" {
      state = updated(state, .transactions(.filter(.type(character)))).state
    }
    #expect(TransactionsScreen.filtered(state).isEmpty)
    state = updated(state, .transactions(.filter(.deleteBackward))).state
    #expect(TransactionsScreen.filtered(state).map(\.id) == [3])
    state = updated(state, .transactions(.filter(.commit))).state
    #expect(state.focus == nil && state.transactions.filter == "kid")
    state = updated(state, .transactions(.filter(.clear))).state
    #expect(state.transactions.filter.isEmpty)
    #expect(TransactionsScreen.filtered(state).count == 5)
  }

  @Test func theSettingsPanelSwitchesTheSessionsSettings() {
    var state = updated(Fixtures.state(screen: .transactions), .settings(.open)).state
    #expect(state.modal == .settings(.toggle(.askToBuy)))
    #expect(updated(state, .settings(.change(1))).effects == [.setSetting(.askToBuy, true)])
    state = updated(state, .settings(.move(2))).state
    state.snapshot.settings.billingIssues = true
    #expect(updated(state, .settings(.change(-1))).effects == [.setSetting(.billingIssues, false)])
    state = updated(state, .settings(.move(2))).state
    state.snapshot.settings.timeRate = "realTime"
    let rates = TimeRate.named.map(\.name)
    #expect(updated(state, .settings(.change(1))).effects == [.setTimeRate(rates[1])])
    #expect(updated(state, .settings(.change(-1))).effects == [.setTimeRate(rates.last!)])
    state = updated(state, .settings(.move(1))).state
    state.snapshot.settings.storefront = "USA en_US"
    #expect(
      updated(state, .settings(.change(1))).effects == [.setStorefront("GBR", locale: "en_GB")])
    #expect(
      updated(state, .settings(.change(-1))).effects == [.setStorefront("JPN", locale: "ja_JP")])
    state = updated(state, .settings(.move(2))).state
    #expect(state.modal == .settings(.failure(.purchase)))
    #expect(updated(state, .settings(.change(1))).effects == [.setFailure(.purchase, "unknown")])
    state.snapshot.settings.failures[.purchase] = "missingOfferParameters"
    #expect(updated(state, .settings(.change(1))).effects == [.setFailure(.purchase, nil)])
    state = updated(state, .settings(.move(100))).state
    #expect(state.modal == .settings(SettingsRow.all.last!))
    #expect(updated(state, .settings(.close)).state.modal == nil)
  }

  @Test func theCustomerSwitcherSignsAnotherCustomerIn() {
    var state = assertUpdate(
      Fixtures.state(screen: .account), .customerPicker(.open),
      expect: { $0.modal = .customerPicker("default") })
    state = assertUpdate(
      state, .customerPicker(.move(5)), expect: { $0.modal = .customerPicker("family-kid") })
    // Another process adds a customer before the selected one: the selection stays on it.
    state.snapshot.customers.insert("aaron", at: 0)
    state = assertUpdate(state, .customerPicker(.move(0)))
    assertUpdate(
      state, .customerPicker(.choose),
      expect: {
        $0.modal = nil
        $0.toast = Toast("Signing in as family-kid…")
      }, effects: [.switchCustomer("family-kid")])
    assertUpdate(state, .customerPicker(.close), expect: { $0.modal = nil })
  }

  @Test func theClockAdvances() {
    assertUpdate(
      Fixtures.state(), .transactions(.advanceClock(seconds: 86_400)),
      effects: [.advanceClock(seconds: 86_400)])
  }

  @Test func theInspectorToggles() {
    let state = updated(Fixtures.state(screen: .transactions), .transactions(.toggleInspector))
      .state
    #expect(!state.transactions.showsInspector)
  }

  @Test func aNewSnapshotReplacesTheOldOne() {
    var state = Fixtures.state()
    state.isLoaded = false
    var snapshot = Fixtures.demo()
    snapshot.balances[Fixtures.coins100] = 550
    state = updated(state, .storeChanged(snapshot)).state
    #expect(state.isLoaded && state.snapshot.balances[Fixtures.coins100] == 550)
  }

  @Test func outcomesAreWordedInUpdate() {
    assertUpdate(
      Fixtures.state(),
      .finished(.controlled(.refund, transactionID: 1, productID: Fixtures.lifetime)),
      expect: { $0.toast = Toast("Refunded transaction 1 (Lifetime Unlock).", kind: .success) })
    assertUpdate(
      Fixtures.state(), .finished(.refused("transaction 9 does not exist")),
      expect: { $0.toast = Toast("transaction 9 does not exist", kind: .error) })
    assertUpdate(
      Fixtures.state(), .finished(.restoreFailed(.storeKit("networkError"))),
      expect: {
        $0.toast = Toast(
          "Restore failed: \(PurchaseFailure.storeKit("networkError"))", kind: .error)
      })
  }
}
