import StoreCore
import TerminalUI

/// When a management action may be used on a transaction, shared by the transaction manager
/// and the account screen so both give the same reasons.
public enum ManageRules {
  /// Why `action` cannot be applied to `record` now, or nil when it can.
  public static func blocked(
    _ action: ManageAction, record: TransactionRecord?, snapshot: StoreSnapshot, readOnly: Bool
  ) -> String? {
    if readOnly { return "read-only" }
    guard let record else { return "no transaction is selected" }
    let charged = record.state == .purchased && record.signed != nil
    let revoked = record.signed?.isRevoked ?? false
    let isSubscription =
      record.signed?.payload.type == .autoRenewableSubscription
      || snapshot.product(record.productID)?.type == .autoRenewable
    switch action {
    case .approve, .decline:
      return record.state == .pendingApproval ? nil : "not waiting for approval"
    case .resolve:
      return record.state == .interrupted ? nil : "not an interrupted purchase"
    case .refund, .revoke:
      if !charged { return "nothing was charged" }
      return revoked ? "already refunded or revoked" : nil
    case .expire, .renew, .autoRenewOff, .autoRenewOn, .priceIncrease, .consent,
      .declinePriceIncrease:
      if !isSubscription { return "not an auto-renewable subscription" }
      if !charged { return "nothing was charged" }
      return revoked ? "refunded or revoked" : nil
    case .finish:
      if !charged { return "nothing to finish" }
      return record.isFinished ? "already finished" : nil
    case .delete:
      return nil
    }
  }

  /// The record a screen has selected: the transaction manager's or the account history's.
  public static func selectedRecord(_ state: AppState) -> TransactionRecord? {
    switch state.screen {
    case .transactions: TransactionsScreen.selectedRecord(state)
    case .account: AccountScreen.selectedRecord(state)
    default: nil
    }
  }

  /// A binding for `action` on the selected transaction.
  static func binding(
    _ key: Character, _ action: ManageAction, _ description: String, group: String,
    showsInHintBar: Bool = false
  ) -> KeyBinding<AppState, AppAction> {
    KeyBinding(
      [.char(key)], description: description, group: group, showsInHintBar: showsInHintBar,
      disabledReason: {
        blocked(
          action, record: selectedRecord($0), snapshot: $0.snapshot, readOnly: $0.readOnly)
      }, action: .manage(action))
  }
}
