import StoreManager
import StoreTermApp
import StoreTermTestSupport
import TerminalUI
import Testing

/// The paywall, purchase sheet and account screen in German (DEU, euros) and Japanese (JPN, the
/// demo priced in yen) at 80×24 and 60×18.
@Suite struct LocalizedSnapshotTests {
  /// Each demo: storefront, locale and the snapshot name's suffix.
  static let demos = [("DEU", "de_DE", "de"), ("JPN", "ja_JP", "ja")]

  private func check(_ state: AppState, _ name: String) {
    for size in ScreenSnapshotTests.sizes {
      var sized = state
      sized.size = size
      assertSnapshot(StoreTermApp.view(sized, size: size), named: "\(name)-\(size)")
    }
  }

  @Test(arguments: demos) func paywall(storefront: String, locale: String, suffix: String) {
    var state = Fixtures.state(Fixtures.demo(storefront: storefront, locale: locale))
    // The 200 GB plan: its intro offer (eligible) shows the offer terms in the detail.
    state.paywall.selectedID = Fixtures.cloud200
    check(state, "l10n-paywall-\(suffix)")
  }

  @Test(arguments: demos) func purchaseSheet(storefront: String, locale: String, suffix: String) {
    var state = Fixtures.state(Fixtures.demo(storefront: storefront, locale: locale))
    state.paywall.selectedID = Fixtures.cloud200
    _ = StoreTermApp.update(&state, .paywall(.buy))
    check(state, "l10n-sheet-\(suffix)")
    state.sheet?.phase = .result(.pending)
    check(state, "l10n-sheet-pending-\(suffix)")
  }

  @Test(arguments: demos) func account(storefront: String, locale: String, suffix: String) {
    check(
      Fixtures.state(
        Fixtures.gracePeriod(storefront: storefront, locale: locale), screen: .account),
      "l10n-account-\(suffix)")
  }

  @Test(arguments: demos) func help(storefront: String, locale: String, suffix: String) {
    var state = Fixtures.state(Fixtures.demo(storefront: storefront, locale: locale))
    state.modal = .help(over: nil)
    check(state, "l10n-help-paywall-\(suffix)")
  }
}
