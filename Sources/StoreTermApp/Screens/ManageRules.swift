import StoreCore
import TerminalUI

/// When a management action may be used on a transaction, shared by the transaction manager
/// and the account screen so both give the same reasons.
public enum ManageRules {
  /// Why `action` cannot be applied to `record` now, or nil when it can: the engine's own
  /// refusal (``TransactionControlRules``), with the record's subscription chain, worded in
  /// the UI's language.
  public static func blocked(
    _ action: ManageAction, record: TransactionRecord?, snapshot: StoreSnapshot, readOnly: Bool
  ) -> String? {
    if readOnly { return "read-only" }
    guard let record else { return "no transaction is selected" }
    let chain = record.signed.flatMap { UInt64($0.payload.originalTransactionId) }
      .flatMap { snapshot.subscriptionState(originalID: $0) }
    return TransactionControlRules.refusal(action, record: record, chain: chain, now: snapshot.now)
      .map { RefusalText.text($0, snapshot) }
  }

  /// The record a screen has selected: the transaction manager's or the account history's.
  public static func selectedRecord(_ state: AppState) -> TransactionRecord? {
    switch state.screen {
    case .transactions: TransactionsScreen.selectedRecord(state)
    case .account: AccountScreen.selectedRecord(state)
    default: nil
    }
  }

  /// The effect of `action` on `screen`'s selected transaction, while that screen is shown: a
  /// control never acts on a selection the user cannot see.
  static func request(_ action: ManageAction, in state: AppState, on screen: ScreenID)
    -> [AppEffect]
  {
    guard state.screen == screen, let record = selectedRecord(state) else { return [] }
    return [.manage(action, transactionID: record.id)]
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
      }, action: .transactions(.manage(action)))
  }
}
