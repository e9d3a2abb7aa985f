import Foundation
import StoreCore
import StoreManager
import StoreTermApp
import TerminalUI
import Testing

/// The Redeem Code sheet: its update, its keys and what it says, one action at a time.
@Suite struct RedeemCodeSheetTests {
  static let podcast = "Podcast code: 1 month free"

  private func updated(
    _ state: AppState, _ action: RedeemCodeAction
  ) -> (state: AppState, effects: [AppEffect]) {
    var state = state
    let effects = StoreTermApp.update(&state, .redeem(action))
    return (state, effects)
  }

  private func key(_ key: Key, _ state: AppState) -> AppAction? {
    StoreTermApp.action(for: .key(key), in: state)
  }

  /// The paywall with the sheet presented and ready for a code.
  private func entering(_ snapshot: StoreSnapshot = Fixtures.demo()) -> AppState {
    var state = Fixtures.state(snapshot)
    _ = StoreTermApp.update(&state, .redeem(.open))
    _ = StoreTermApp.update(&state, .redeem(.presented))
    return state
  }

  /// The demo store of a customer who never subscribed to StoreTerm Plus.
  private func newCustomer() -> StoreSnapshot {
    var snapshot = Fixtures.demo()
    snapshot.statuses = [:]
    snapshot.entitledProductIDs = []
    return snapshot
  }

  /// The text inside the sheet's frame as drawn at 80×24, its lines trimmed and joined by
  /// spaces (so wrapped sentences read whole).
  private func message(_ state: AppState) -> String {
    StoreTermApp.view(state, size: state.size).lines.compactMap { line -> String? in
      guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"),
        first < last
      else { return nil }
      return line[line.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
    }.joined(separator: " ")
  }

  // MARK: - The catalog's codes

  @Test func theDemoCatalogListsItsOneOfferCode() {
    #expect(
      OfferCode.list(Fixtures.catalog()) == [
        OfferCode(
          referenceName: Self.podcast, productID: Fixtures.plusMonthly,
          productName: "Plus Monthly",
          groupID: Fixtures.demo().statuses.keys.first!,
          terms: "1 month free, then $4.99 / month", eligibility: ["new", "expired"])
      ])
    #expect(OfferCode.list(Fixtures.catalog()).first?.audience == "new or expired subscribers")
    // A German catalog's codes are worded in German, prices as the storefront writes them.
    #expect(
      OfferCode.list(Fixtures.catalog(storefront: "DEU", locale: "de_DE")).first?.terms
        == "1 Monat gratis, danach 4,99\u{A0}€ / Monat")
  }

  @Test func audiencesAreWordedForTheCustomer() {
    var code = OfferCode(
      referenceName: "A", productID: "p", productName: "P", groupID: "g", terms: "t")
    #expect(code.audience == "every customer")
    code.eligibility = ["existing"]
    #expect(code.audience == "current subscribers")
    code.eligibility = ["new", "existing", "expired"]
    #expect(code.audienceWords == "anyone")
  }

  // MARK: - Update

  @Test func cPresentsTheSheetThroughTheAppStore() {
    let opened = updated(Fixtures.state(), .open)
    #expect(opened.effects == [.presentOfferCodeRedeemSheet])
    #expect(opened.state.redeemSheet?.phase == .opening)
    #expect(updated(opened.state, .open).effects.isEmpty)
    #expect(updated(opened.state, .presented).state.redeemSheet?.phase == .entering)
  }

  @Test func aSimulatedPresentationErrorShowsAsTheStoreKitErrorAndClosesWithNothingDone() {
    let failure = PurchaseFailure.storeKit("StoreKitError.networkError: offline")
    let failed = updated(updated(Fixtures.state(), .open).state, .presentFailed(failure))
    #expect(failed.state.redeemSheet?.phase == .unavailable(failure))
    #expect(
      message(failed.state).contains(
        "The sheet did not open: StoreKitError.networkError: offline. Nothing"))
    let closed = updated(failed.state, .confirm)
    #expect(closed.state.redeemSheet == nil && closed.effects.isEmpty)
  }

  @Test func typingAndDeletingEditTheCodeAndMatchListedCodesIgnoringCase() {
    var state = entering()
    for character in "PODCAST CODE: 1 MONTH FRE" { state = updated(state, .type(character)).state }
    #expect(state.redeemSheet?.code == "PODCAST CODE: 1 MONTH FRE")
    #expect(state.redeemSheet?.selected == nil)
    state = updated(state, .type("E")).state
    #expect(state.redeemSheet?.selected == 0)
    state = updated(state, .deleteBackward).state
    #expect(state.redeemSheet?.code == "PODCAST CODE: 1 MONTH FRE")
    #expect(state.redeemSheet?.selected == nil)
  }

  @Test func aCodeLongerThanTheLimitIsRefusedWithASentence() {
    var state = entering()
    state.redeemSheet?.code = String(repeating: "x", count: 64)
    let refused = updated(state, .type("y")).state.redeemSheet
    #expect(refused?.code == String(repeating: "x", count: 64))
    #expect(refused?.problem == "A code has at most 64 characters.")
  }

  @Test func arrowsPickListedCodesIntoTheField() {
    var state = entering()
    state = updated(state, .move(1)).state
    #expect(state.redeemSheet?.selected == 0)
    #expect(state.redeemSheet?.code == Self.podcast)
    state = updated(state, .move(1)).state
    #expect(state.redeemSheet?.selected == 0)
    state = updated(state, .move(-1)).state
    #expect(state.redeemSheet?.selected == 0)
    var fresh = entering()
    fresh = updated(fresh, .move(-1)).state
    #expect(fresh.redeemSheet?.code == Self.podcast)
  }

  @Test func enterWithoutAKnownCodeSaysWhyAndSendsNothing() {
    let empty = updated(entering(), .confirm)
    #expect(empty.effects.isEmpty)
    #expect(empty.state.redeemSheet?.problem == "Type a code, or pick one with ↑/↓.")
    #expect(empty.state.redeemSheet?.phase == .entering)
    var typed = entering()
    for character in "SPRING" { typed = updated(typed, .type(character)).state }
    let unknown = updated(typed, .confirm)
    #expect(unknown.effects.isEmpty)
    #expect(
      unknown.state.redeemSheet?.problem
        == "“SPRING” is not an offer code of this app; nothing changed.")
    #expect(message(unknown.state).contains("“SPRING” is not an offer code of this app"))
    #expect(updated(unknown.state, .type("S")).state.redeemSheet?.problem == nil)
  }

  @Test func enterRedeemsTheCodeForItsSubscriptionAndShowsWhatChanged() {
    var state = entering(newCustomer())
    for character in " podcast code: 1 month free " {
      state = updated(state, .type(character)).state
    }
    let sent = updated(state, .confirm)
    #expect(
      sent.effects == [
        .redeemOfferCode(referenceName: Self.podcast, productID: Fixtures.plusMonthly)
      ])
    #expect(sent.state.redeemSheet?.phase == .redeeming)
    #expect(sent.state.redeemSheet?.code == Self.podcast)
    #expect(sent.state.redeemSheet?.renewalDate == nil)
    #expect(sent.state.hasPurchaseInFlight)
    let done = updated(
      sent.state, .finished(productID: Fixtures.plusMonthly, state: .succeeded(transactionID: 7)))
    #expect(done.state.redeemSheet?.phase == .redeemed(.succeeded(transactionID: 7)))
    #expect(
      message(done.state).contains(
        "Redeemed: Plus Monthly, 1 month free, then $4.99 / month (transaction 7)."))
    let closed = updated(done.state, .confirm)
    #expect(closed.state.redeemSheet == nil)
    #expect(closed.effects == [.dismissPurchase(productID: Fixtures.plusMonthly)])
  }

  @Test func aCurrentSubscriberGetsTheOfferFromTheNextRenewal() {
    let sent = updated(updated(entering(), .move(1)).state, .confirm)
    // The demo's Plus Monthly period ends a week after 2026-11-30.
    #expect(sent.state.redeemSheet?.renewalDate == Fixtures.now.addingTimeInterval(7 * 86_400))
    let done = updated(
      sent.state, .finished(productID: Fixtures.plusMonthly, state: .succeeded(transactionID: 1)))
    let (text, role) = RedeemCodeSheet.describe(
      .succeeded(transactionID: 1), sheet: done.state.redeemSheet!, snapshot: done.state.snapshot)
    #expect(
      text
        == "Redeemed. The offer applies from the next renewal on 2026-12-07: 1 month free, then $4.99 / month."
    )
    #expect(role == .success)
  }

  @Test func anIneligibleCustomerIsToldWhyAndNothingChanges() {
    let sent = updated(updated(entering(), .move(1)).state, .confirm)
    let ineligible = PurchaseState.failed(.purchase(.ineligibleForOffer))
    let done = updated(sent.state, .finished(productID: Fixtures.plusMonthly, state: ineligible))
    #expect(
      RedeemCodeSheet.describe(
        ineligible, sheet: done.state.redeemSheet!, snapshot: done.state.snapshot
      ).0
        == "Not eligible: “Podcast code: 1 month free” is for new or expired subscribers. Nothing changed."
    )
    var other = Fixtures.demo()
    let group = other.statuses.keys.first!
    other.statuses[group]!.productID = Fixtures.plusYearly
    let elsewhere = updated(updated(entering(other), .move(1)).state, .confirm).state
    #expect(elsewhere.redeemSheet?.renewalDate == nil)
    #expect(
      RedeemCodeSheet.describe(ineligible, sheet: elsewhere.redeemSheet!, snapshot: other).0
        == "Not eligible: this account subscribes to Plus Yearly; the code is for Plus Monthly. Nothing changed."
    )
    let failed = PurchaseState.failed(.storeKit("StoreKitError.networkError: offline"))
    #expect(
      RedeemCodeSheet.describe(failed, sheet: elsewhere.redeemSheet!, snapshot: other)
        == ("Failed: StoreKitError.networkError: offline. Nothing changed.", .error))
  }

  @Test func aPendingRedemptionClosesWithoutSettlingThePurchase() {
    let sent = updated(updated(entering(newCustomer()), .move(1)).state, .confirm)
    let done = updated(sent.state, .finished(productID: Fixtures.plusMonthly, state: .pending))
    let closed = updated(done.state, .cancel)
    #expect(closed.state.redeemSheet == nil && closed.effects.isEmpty)
  }

  @Test func escapeClosesWithoutRedeemingButNotWhileTheAppStoreAnswers() {
    let closed = updated(updated(entering(), .move(1)).state, .cancel)
    #expect(closed.state.redeemSheet == nil && closed.effects.isEmpty)
    let opening = updated(Fixtures.state(), .open).state
    #expect(updated(opening, .cancel).state.redeemSheet == nil)
    let sent = updated(updated(entering(), .move(1)).state, .confirm).state
    #expect(updated(sent, .cancel).state.redeemSheet == sent.redeemSheet)
    #expect(updated(sent, .type("x")).state.redeemSheet == sent.redeemSheet)
  }

  @Test func anAnswerNoSheetWaitsForBecomesAToast() {
    let answered = updated(
      Fixtures.state(), .finished(productID: Fixtures.plusMonthly, state: .cancelled))
    #expect(answered.state.toast == Toast("Plus Monthly: Cancelled.", kind: .warning))
    #expect(answered.effects == [.dismissPurchase(productID: Fixtures.plusMonthly)])
  }

  // MARK: - Keys

  @Test func theCodeFieldTakesEveryCharacter() {
    let state = entering()
    for character: Character in ["q", "?", "1", " ", "c", "k", "j"] {
      #expect(key(.char(character), state) == .redeem(.type(character)))
    }
    #expect(key(.enter, state) == .redeem(.confirm))
    #expect(key(.escape, state) == .redeem(.cancel))
    #expect(key(.up, state) == .redeem(.move(-1)))
    #expect(key(.down, state) == .redeem(.move(1)))
    #expect(key(.backspace, state) == .redeem(.deleteBackward))
    #expect(key(.tab, state) == nil)
  }

  @Test func theSheetsKeysExplainWhyTheyWaitOrAreDone() {
    let opening = updated(Fixtures.state(), .open).state
    #expect(key(.enter, opening) == .refused("the App Store is opening the sheet"))
    #expect(key(.escape, opening) == .redeem(.cancel))
    let sent = updated(updated(entering(), .move(1)).state, .confirm).state
    #expect(key(.enter, sent) == .refused("the App Store is answering"))
    #expect(key(.escape, sent) == .refused("the App Store is answering"))
    #expect(key(.char("q"), sent) == nil)
    #expect(key(.char("?"), sent) == .toggleHelp)
    let done = updated(
      sent, .finished(productID: Fixtures.plusMonthly, state: .succeeded(transactionID: 1))
    ).state
    #expect(key(.enter, done) == .redeem(.confirm))
    #expect(key(.escape, done) == .redeem(.cancel))
    #expect(key(.down, done) == .refused("the code was already sent"))
    #expect(key(.char("x"), done) == nil)
  }

  @Test func readOnlyDisablesTheKey() {
    let state = Fixtures.state(readOnly: true)
    #expect(key(.char("c"), state) == .refused("read-only"))
  }

  @Test func clicksDoNothingWhileTheSheetIsOpen() {
    let state = entering()
    #expect(StoreTermApp.action(for: .click(Point(x: 4, y: 0)), in: state) == nil)
    #expect(StoreTermApp.action(for: .click(Point(x: 20, y: 3)), in: state) == nil)
  }
}
