import StoreCore
import StoreManager
import StoreTermApp
import TerminalUI
import Testing

/// The refund request sheet on the account screen: its update, keys and reasons.
@Suite struct RefundSheetTests {
  private func updated(
    _ state: AppState, _ action: RefundSheetAction
  ) -> (state: AppState, effects: [AppEffect]) {
    var state = state
    let effects = StoreTermApp.update(&state, .refund(action))
    return (state, effects)
  }

  private func key(_ key: Key, _ state: AppState) -> AppAction? {
    StoreTermApp.action(for: .key(key), in: state)
  }

  /// The account screen with Plus Monthly's transaction 1 selected.
  private func account(readOnly: Bool = false) -> AppState {
    var state = Fixtures.state(screen: .account, readOnly: readOnly)
    state.account.selected = 3
    return state
  }

  @Test func fOpensTheSheetForTheSelectedTransaction() {
    let state = account()
    #expect(key(.char("f"), state) == .refund(.open))
    let opened = updated(state, .open)
    #expect(opened.effects.isEmpty)
    #expect(
      opened.state.refundSheet
        == RefundSheetState(transactionID: 1, productID: Fixtures.plusMonthly))
    #expect(updated(opened.state, .open).state.refundSheet == opened.state.refundSheet)
  }

  @Test func fExplainsWhyItIsDisabled() {
    #expect(key(.char("f"), account(readOnly: true)) == .refused("read-only"))
    var refunded = account()
    // Transaction 4, the refunded theme pack (the pending request above it is no transaction).
    refunded.account.selected = 0
    #expect(key(.char("f"), refunded) == .refused("transaction 4 was already refunded or revoked"))
  }

  @Test func aReasonIsPickedAndTheRequestSubmitted() {
    var state = updated(account(), .open).state
    state = updated(state, .move(-1)).state
    #expect(state.refundSheet?.reason == .unintended)
    state = updated(state, .move(3)).state
    #expect(state.refundSheet?.reason == .notWorking)
    state = updated(state, .move(9)).state
    #expect(state.refundSheet?.reason == .other)
    state = updated(state, .move(-1)).state
    let sent = updated(state, .confirm)
    #expect(sent.effects == [.requestRefund(transactionID: 1, reason: .notWorking)])
    #expect(sent.state.refundSheet?.phase == .requesting)
    #expect(updated(sent.state, .cancel).state.refundSheet == sent.state.refundSheet)
    let done = updated(sent.state, .finished(message: "Refunded.", isError: false))
    #expect(done.state.refundSheet?.phase == .finished(message: "Refunded.", isError: false))
    let closed = updated(done.state, .confirm)
    #expect(closed.state.refundSheet == nil && closed.effects.isEmpty)
  }

  @Test func escapeIsTheCustomerCancellingAndChangesNothing() {
    let cancelled = updated(updated(account(), .open).state, .cancel)
    #expect(cancelled.state.refundSheet == nil)
    #expect(cancelled.effects.isEmpty)
    #expect(
      cancelled.state.toast == Toast("Refund request cancelled (userCancelled); nothing changed."))
  }

  @Test func theSheetTakesOverTheKeys() {
    let opened = updated(account(), .open).state
    #expect(key(.enter, opened) == .refund(.confirm))
    #expect(key(.escape, opened) == .refund(.cancel))
    #expect(key(.char("j"), opened) == .refund(.move(1)))
    #expect(key(.up, opened) == .refund(.move(-1)))
    #expect(key(.char("1"), opened) == nil)
    #expect(key(.char("?"), opened) == .toggleHelp)
    let sent = updated(opened, .confirm).state
    #expect(key(.enter, sent) == .refused("the App Store is answering"))
    #expect(key(.escape, sent) == .refused("the App Store is answering"))
    let done = updated(sent, .finished(message: "x", isError: true)).state
    #expect(key(.down, done) == .refused("the request was already sent"))
    #expect(key(.escape, done) == .refund(.cancel))
  }

  @Test func eachReasonReachesTheDeveloperAsApplesConsumptionRequestReason() {
    #expect(
      RefundReason.allCases.map(\.consumptionRequestReason) == [
        .unintendedPurchase, .other, .unintendedPurchase, .fulfillmentIssue, .other,
      ])
  }
}
