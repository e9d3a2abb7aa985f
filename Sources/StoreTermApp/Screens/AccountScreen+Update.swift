import TerminalUI

/// What the user does on the account screen.
public enum AccountAction: Sendable, Equatable {
  /// `r`: Restore Purchases (`AppStore.sync()`).
  case restore
  /// `a`: turns auto-renew of the selected subscription off, or on when it is off.
  case toggleAutoRenew
  /// A QA control on the history's selected transaction.
  case manage(ManageAction)
}

extension AccountScreen {
  /// Applies an account screen action; controls act on the history's selection.
  static func update(_ state: inout AppState, _ action: AccountAction) -> [AppEffect] {
    switch action {
    case .restore:
      return StoreTermApp.restore(&state)
    case .toggleAutoRenew:
      return ManageRules.request(autoRenewAction(state), in: state, on: .account)
    case .manage(let control):
      return ManageRules.request(control, in: state, on: .account)
    }
  }

  /// Moves the history's selection by `delta` rows (clamped).
  static func move(_ state: inout AppState, by delta: Int) -> [AppEffect] {
    let count = history(state.snapshot).count
    // Home and End move by huge deltas; clamping first keeps the sums from overflowing.
    let limited = max(-count, min(count, delta))
    state.account.selected = min(max(state.account.selected + limited, 0), max(0, count - 1))
    return []
  }
}
