import Foundation
import StoreManager
import TerminalUI

@testable import StoreTermApp

/// Every screen, sheet and modal of the app in one demo language, by name: what the cut-word
/// check and the Japanese snapshots walk through.
enum ReadableCases {
  /// The demos: storefront, locale and the name's prefix.
  static let demos = [("USA", "en_US", "en"), ("DEU", "de_DE", "de"), ("JPN", "ja_JP", "ja")]

  /// Each case's name and state, in `storefront` and `locale`.
  static func all(storefront: String, locale: String) -> [(String, AppState)] {
    func demo(_ screen: ScreenID = .paywall) -> AppState {
      Fixtures.state(Fixtures.demo(storefront: storefront, locale: locale), screen: screen)
    }
    func localized(_ snapshot: StoreSnapshot, _ screen: ScreenID) -> AppState {
      var state = Fixtures.state(snapshot, screen: screen)
      state.snapshot.locale = locale
      return state
    }
    func updated(_ state: AppState, _ actions: AppAction...) -> AppState {
      var state = state
      for action in actions { _ = StoreTermApp.update(&state, action) }
      return state
    }
    var paywall = demo()
    paywall.paywall.selectedID = Fixtures.cloud200
    var cases: [(String, AppState)] = [("paywall", paywall)]
    cases.append(("sheet-confirm", updated(paywall, .paywall(.buy))))
    cases.append(
      ("sheet-ask-to-buy", updated(paywall, .paywall(.buy), .purchaseSheet(.moveOutcome(1)))))
    let purchasing = updated(paywall, .paywall(.buy), .purchaseSheet(.confirm))
    cases.append(("sheet-purchasing", purchasing))
    var pending = purchasing
    pending.sheet?.phase = .result(.pending)
    cases.append(("sheet-pending", pending))
    var failed = purchasing
    failed.sheet?.phase = .result(.failed(.storeKit("StoreKitError.networkError: offline")))
    cases.append(("sheet-failed", failed))
    cases.append(
      ("redeem", updated(demo(), .redeem(.open), .redeem(.presented), .redeem(.move(1)))))
    cases.append(
      (
        "account",
        Fixtures.state(
          Fixtures.gracePeriod(storefront: storefront, locale: locale), screen: .account)
      ))
    cases.append(("account-family", localized(Fixtures.family(), .account)))
    var refund = demo(.account)
    refund.account.selected = 3
    cases.append(("refund", updated(refund, .refund(.open), .refund(.move(3)))))
    cases.append(("customer-switcher", updated(demo(.account), .customerPicker(.open))))
    let join = updated(
      localized(Fixtures.noFamily(), .account), .family(.openJoin), .family(.move(1)))
    cases.append(("family-join", join))
    cases.append(
      (
        "family-join-refused",
        updated(
          join,
          .family(
            .finished(
              message: StoreTermApp.report(
                .familyRefused(.engine(.familyFull("jones"))), in: join.snapshot
              ).message, isError: true)))
      ))
    cases.append(
      ("family-leave", updated(localized(Fixtures.family(), .account), .family(.askLeave))))
    cases.append(("transactions", demo(.transactions)))
    cases.append(("settings", updated(demo(.transactions), .settings(.open))))
    cases.append(("event-log", demo(.eventLog)))
    var customers = CustomerFixtures.listed()
    customers.snapshot.locale = locale
    cases.append(("customers", customers))
    var detail = CustomerFixtures.opened()
    detail.snapshot.locale = locale
    cases.append(("customer-detail", detail))
    cases.append(("customer-detail-end", updated(detail, .moveToLast)))
    var notifications = demo(.notifications)
    _ = StoreTermApp.update(
      &notifications, .notifications(.loaded(NotificationsScreenTests.page)))
    cases.append(("notifications", notifications))
    cases.append(
      ("notification-inspector", updated(notifications, .notifications(.toggleInspector))))
    cases.append(("help", updated(demo(), .toggleHelp)))
    cases.append(("help-transactions", updated(demo(.transactions), .toggleHelp)))
    cases.append(
      (
        "messages",
        updated(
          demo(),
          .finished(
            .refused(
              .text(
                "Join failed: a family name has 1 to 64 letters, digits, '-', '_' or '.'. "
                  + "Nothing changed."))), .messages(.toggle))
      ))
    var quit = demo()
    quit.snapshot.purchaseStates[Fixtures.coins100] = .purchasing
    cases.append(("quit", updated(quit, .quit)))
    return cases
  }

  /// `state` at `size` without its sheet or modal: what shows around one.
  static func background(_ state: AppState, size: Size) -> Screen? {
    guard state.modal != nil else { return nil }
    var below = state
    below.modal = nil
    return StoreTermApp.view(below, size: size)
  }
}
