import TerminalUI

/// What the user does on the account screen, and what the runner answers.
public enum AccountAction: Sendable, Equatable {
  /// `r`: Restore Purchases (`AppStore.sync()`).
  case restore
  /// `a`: turns auto-renew of the selected subscription off, or on when it is off.
  case toggleAutoRenew
  /// A QA control on the history's selected transaction.
  case manage(ManageAction)
  /// The runner read the window of the history asked for with
  /// ``AppEffect/loadHistoryPage(_:)``.
  case loaded(TransactionPage)
}

extension AccountScreen {
  /// Applies an account screen action; controls act on the history's selection.
  static func update(_ state: inout AppState, _ action: AccountAction) -> [AppEffect] {
    switch action {
    case .restore:
      return StoreTermApp.restore(&state)
    case .toggleAutoRenew:
      let action = autoRenewAction(state)
      // With retention messaging configured, the App Store shows its message first.
      if action == .autoRenewOff, state.snapshot.retentionConfigured {
        return RetentionSheet.open(&state)
      }
      return ManageRules.request(action, in: state, on: .account)
    case .manage(let control):
      return ManageRules.request(control, in: state, on: .account)
    case .loaded(let page):
      return receive(page, in: &state)
    }
  }

  /// Moves the history's selection by `delta` rows within the window (clamped), and asks for
  /// the window around the new selection when it comes near an edge the history goes on past
  /// (`Home` and `End` ask for its newest and oldest rows).
  static func move(_ state: inout AppState, by delta: Int) -> [AppEffect] {
    let rows = history(state.snapshot)
    let count = rows.count
    // Home and End move by huge deltas; clamping first keeps the sums from overflowing.
    let limited = max(-count, min(count, delta))
    state.account.selected = min(max(state.account.selected + limited, 0), max(0, count - 1))
    state.account.awaitedID = nil
    guard let page = state.snapshot.historyPage,
      let position = page.nextPosition(
        afterMoving: delta, to: state.account.selected, of: rows,
        isLoading: state.account.pendingPage != nil,
        limit: TransactionsScreen.pageLimit(state))
    else { return [] }
    return request(position, in: &state)
  }

  /// Takes in the window the runner read: an answer to an older request (or another
  /// customer's) is dropped; the selection follows its transaction, or goes to the window's
  /// first or last row when the window was asked for by `Home` or `End`.
  static func receive(_ page: TransactionPage, in state: inout AppState) -> [AppEffect] {
    guard page.request == state.account.pendingPage,
      page.request.customerID == state.snapshot.customerID
    else { return [] }
    let selected = selectedRecord(state)
    state.account.pendingPage = nil
    state.snapshot.historyPage = page
    switch page.request.position {
    case .top:
      state.account.selected = 0
      state.account.awaitedID = nil
      return []
    case .bottom:
      state.account.selected = max(0, page.rows.count - 1)
      state.account.awaitedID = nil
      return []
    case .around:
      return follow(selected, in: &state)
    }
  }

  /// The request for the signed-in customer's history window at `position`, unless it is
  /// already asked.
  static func request(_ position: TransactionPageRequest.Position, in state: inout AppState)
    -> [AppEffect]
  {
    let request = TransactionPageRequest(
      customerID: state.snapshot.customerID, position: position,
      limit: TransactionsScreen.pageLimit(state))
    guard request != state.account.pendingPage else { return [] }
    state.account.pendingPage = request
    return [.loadHistoryPage(request)]
  }
}
