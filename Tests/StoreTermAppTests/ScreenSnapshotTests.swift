import StoreManager
import StoreTermApp
import StoreTermTestSupport
import TerminalUI
import Testing

/// Every screen and modal, text and role layers, at 80×24 and 60×18.
@Suite struct ScreenSnapshotTests {
  static let sizes = [Size(width: 80, height: 24), Size(width: 60, height: 18)]

  private func check(_ state: AppState, _ name: String) {
    for size in Self.sizes {
      var sized = state
      sized.size = size
      assertSnapshot(StoreTermApp.view(sized, size: size), named: "\(name)-\(size)")
    }
  }

  @Test func paywall() {
    var state = Fixtures.state()
    // Focus the pending lifetime unlock so its badge and detail show.
    state.paywall.selectedID = Fixtures.lifetime
    check(state, "paywall")
  }

  @Test func paywallJapaneseGracePeriod() {
    check(Fixtures.state(Fixtures.gracePeriod(storefront: "JPN", locale: "ja_JP")), "paywall-ja")
  }

  @Test func paywallBillingProblem() {
    check(Fixtures.state(Fixtures.billingProblem()), "paywall-billing")
  }

  @Test func paywallLoading() {
    var state = Fixtures.state(StoreSnapshot())
    state.isLoaded = false
    check(state, "paywall-loading")
  }

  @Test func purchaseSheetConfirming() {
    var state = Fixtures.state()
    state.paywall.selectedID = Fixtures.cloud200
    _ = StoreTermApp.update(&state, .paywall(.buy))
    _ = StoreTermApp.update(&state, .purchaseSheet(.moveOutcome(1)))
    check(state, "sheet-ask-to-buy")
  }

  /// An Ask to Buy request the ledger holds (transaction 5): the sheet names the transaction
  /// and the command that approves it, the command whole on a line of its own when it wraps.
  @Test func purchaseSheetPendingNamesTheCommand() {
    for (locale, prefix) in [("en_US", ""), ("de_DE", "de-")] {
      var state = Fixtures.state()
      state.snapshot.locale = locale
      state.sheet = PurchaseSheetState(productID: Fixtures.lifetime)
      state.sheet?.phase = .result(.pending)
      check(state, "\(prefix)sheet-pending-request")
    }
  }

  @Test func purchaseSheetResults() {
    var state = Fixtures.state()
    _ = StoreTermApp.update(&state, .paywall(.buy))
    _ = StoreTermApp.update(&state, .purchaseSheet(.confirm))
    check(state, "sheet-purchasing")
    state.sheet?.phase = .result(.pending)
    check(state, "sheet-pending")
    state.sheet?.phase = .result(.failed(.storeKit("StoreKitError.networkError: offline")))
    check(state, "sheet-failed")
  }

  @Test func redeemCodeSheet() {
    var state = Fixtures.state()
    for action: RedeemCodeAction in [.open, .presented, .move(1)] {
      _ = StoreTermApp.update(&state, .redeem(action))
    }
    check(state, "redeem-code-picked")
    _ = StoreTermApp.update(&state, .redeem(.confirm))
    _ = StoreTermApp.update(
      &state,
      .redeem(.finished(productID: Fixtures.plusMonthly, state: .succeeded(transactionID: 1))))
    check(state, "redeem-code-next-renewal")
    var unknown = Fixtures.state()
    for action: RedeemCodeAction in [.open, .presented] + "SPRING".map(RedeemCodeAction.type)
      + [.confirm]
    {
      _ = StoreTermApp.update(&unknown, .redeem(action))
    }
    check(unknown, "redeem-code-unknown")
    var unavailable = Fixtures.state()
    _ = StoreTermApp.update(&unavailable, .redeem(.open))
    _ = StoreTermApp.update(
      &unavailable,
      .redeem(
        .presentFailed(
          .storeKit("StoreKitError.networkError: The Internet connection appears to be offline."))
      ))
    check(unavailable, "redeem-code-unavailable")
  }

  @Test func refundSheet() {
    var state = Fixtures.state(screen: .account)
    state.account.selected = 3
    _ = StoreTermApp.update(&state, .refund(.open))
    _ = StoreTermApp.update(&state, .refund(.move(3)))
    check(state, "refund-sheet")
    _ = StoreTermApp.update(&state, .refund(.confirm))
    _ = StoreTermApp.update(
      &state,
      .refund(
        .finished(
          message: "Refund request failed: Transaction.RefundRequestError.failed. Nothing changed.",
          isError: true)))
    check(state, "refund-sheet-failed")
  }

  @Test func account() {
    check(Fixtures.state(Fixtures.gracePeriod(), screen: .account), "account-grace")
    check(Fixtures.state(Fixtures.billingProblem(), screen: .account), "account-billing")
    check(
      Fixtures.state(
        Fixtures.demo(storefront: "JPN", locale: "ja_JP"), screen: .account), "account-ja")
  }

  @Test func transactions() {
    check(Fixtures.state(screen: .transactions), "transactions")
    var filtered = Fixtures.state(screen: .transactions, readOnly: true)
    _ = StoreTermApp.update(&filtered, .transactions(.filter(.begin)))
    for character in "coins" {
      _ = StoreTermApp.update(&filtered, .transactions(.filter(.type(character))))
    }
    check(filtered, "transactions-filtered-read-only")
  }

  @Test func settingsPanel() {
    var state = Fixtures.state(screen: .transactions)
    state.snapshot.settings = QASettings(
      askToBuy: true, gracePeriod: true, timeRate: "oneDayEqualsOneMinute",
      failures: [.purchase: "networkError"])
    _ = StoreTermApp.update(&state, .settings(.open))
    _ = StoreTermApp.update(&state, .settings(.move(1)))
    check(state, "settings")
  }

  @Test func customerSwitcher() {
    var state = Fixtures.state(screen: .account)
    _ = StoreTermApp.update(&state, .customerPicker(.open))
    _ = StoreTermApp.update(&state, .customerPicker(.move(1)))
    check(state, "customer-switcher")
  }

  @Test func eventLog() {
    check(Fixtures.state(screen: .eventLog), "event-log")
  }

  @Test func customers() {
    check(CustomerFixtures.listed(), "customers")
    var typing = CustomerFixtures.listed(readOnly: true)
    _ = StoreTermApp.update(&typing, .support(.beginTyping))
    for character in "jane" { _ = StoreTermApp.update(&typing, .support(.type(character))) }
    check(typing, "customers-typing-read-only")
    var detail = CustomerFixtures.opened()
    check(detail, "customer-detail")
    _ = StoreTermApp.update(&detail, .moveToLast)
    check(detail, "customer-detail-scrolled")
    var help = CustomerFixtures.opened()
    _ = StoreTermApp.update(&help, .toggleHelp)
    check(help, "help-customer-detail")
  }

  @Test func helpAndQuit() {
    var help = Fixtures.state()
    _ = StoreTermApp.update(&help, .toggleHelp)
    check(help, "help-paywall")
    var transactionsHelp = Fixtures.state(screen: .transactions)
    _ = StoreTermApp.update(&transactionsHelp, .toggleHelp)
    check(transactionsHelp, "help-transactions")
    var quit = Fixtures.state()
    quit.snapshot.purchaseStates[Fixtures.coins100] = .purchasing
    _ = StoreTermApp.update(&quit, .quit)
    check(quit, "quit-confirm")
  }

  @Test func tooSmall() {
    let size = Size(width: 59, height: 17)
    assertSnapshot(StoreTermApp.view(Fixtures.state(size: size), size: size), named: "too-small")
  }
}
