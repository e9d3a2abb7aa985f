import TerminalUI

/// What the user does in the transaction manager, and what the runner answers.
public enum TransactionsAction: Sendable, Equatable {
  /// A QA control on the selected transaction.
  case manage(ManageAction)
  /// Something done to the filter.
  case filter(FilterAction)
  /// `i`: shows or hides the inspector.
  case toggleInspector
  /// `I`: sends the app a purchase intent for the selected transaction's product.
  case sendPurchaseIntent
  /// `t`/`T`: moves the simulated clock forward by this many seconds.
  case advanceClock(seconds: Double)
  /// The runner read the window asked for with ``AppEffect/loadTransactionPage(_:)``.
  case loaded(TransactionPage)
}

/// What the user does to the transaction manager's filter.
public enum FilterAction: Sendable, Equatable {
  /// `/`: start typing a filter.
  case begin
  /// A character typed into it.
  case type(Character)
  /// `Backspace`: removes the last character.
  case deleteBackward
  /// `Enter`: stops typing, keeps the filter.
  case commit
  /// `Esc`: clears the filter.
  case clear
}

extension TransactionsScreen {
  /// Applies a transaction manager action; controls act on the selected transaction.
  static func update(_ state: inout AppState, _ action: TransactionsAction) -> [AppEffect] {
    switch action {
    case .manage(let control):
      return ManageRules.request(control, in: state, on: .transactions)
    case .filter(let filterAction):
      return update(&state, filterAction)
    case .toggleInspector:
      state.transactions.showsInspector.toggle()
      return []
    case .sendPurchaseIntent:
      guard state.screen == .transactions, state.mutationBlocked == nil,
        let record = selectedRecord(state)
      else { return [] }
      return [.sendPurchaseIntent(productID: record.productID)]
    case .advanceClock(let seconds):
      return [.advanceClock(seconds: seconds)]
    case .loaded(let page):
      return receive(page, in: &state)
    }
  }

  /// Applies a filter action; the selected transaction stays selected while the filter lets
  /// it through.
  private static func update(_ state: inout AppState, _ action: FilterAction) -> [AppEffect] {
    let before = selectedRecord(state)
    switch action {
    case .begin: state.focus = .transactionFilter
    case .type(let character): state.transactions.filter.append(character)
    case .deleteBackward: _ = state.transactions.filter.popLast()
    case .commit: state.focus = nil
    case .clear:
      state.transactions.filter = ""
      state.focus = nil
    }
    let rows = filtered(state)
    state.transactions.selected =
      before.flatMap { kept in rows.firstIndex { $0.id == kept.id } } ?? 0
    state.transactions.hasSelection = true
    // The runner reads the filtered list around the selection (the rows in hand are only
    // the old window's).
    guard state.snapshot.transactionPage != nil,
      state.snapshot.transactionPage?.request.filter != state.transactions.filter.lowercased()
    else { return [] }
    return request(before.map { .around($0.id) } ?? .top, in: &state)
  }
}
