import Foundation
import StoreManager
import TerminalUI

/// Everything that can happen to the front end: keys the user pressed and results of effects.
public enum AppAction: Sendable, Equatable {
  // MARK: Navigation
  /// Opens a screen.
  case show(ScreenID)
  /// `Tab`: the next screen.
  case nextScreen
  /// `Shift-Tab`: the previous screen.
  case previousScreen
  /// `?`: opens or closes the key help.
  case toggleHelp
  /// Scrolls the open key help by this many lines.
  case scrollHelp(Int)
  /// `q`: quits, or asks first with a purchase in flight.
  case quit
  /// The answer to "quit anyway?".
  case answerQuit(Bool)
  /// The terminal changed size.
  case resized(Size)
  /// Moves the focused list by this many rows.
  case move(Int)
  /// `Home`: the first row.
  case moveToFirst
  /// `End`: the last row.
  case moveToLast
  /// A key that is bound but disabled: shows why.
  case refused(String)
  /// Something done with the message log (`!`).
  case messages(MessageLogAction)
  /// The time now, sent every little while: a status message expires by it.
  case tick(Date)

  // MARK: Paywall and sheet
  /// Opens the purchase sheet for the focused product.
  case openPurchaseSheet
  /// Something done in the purchase sheet.
  case sheet(PurchaseSheetAction)
  /// Restore Purchases.
  case restore
  /// Something done in the Redeem Code sheet, or the runner's answer to it.
  case redeem(RedeemCodeAction)

  // MARK: Account and transaction manager
  /// Something done in the refund request sheet, or the runner's answer to it.
  case refund(RefundSheetAction)
  /// A management action on the selected transaction.
  case manage(ManageAction)
  /// Something done to the transaction manager's filter.
  case filter(FilterAction)
  /// Shows or hides the transaction inspector.
  case toggleInspector
  /// Turns auto-renew of the selected subscription off, or on when it is off.
  case toggleAutoRenew
  /// Something done in the settings panel.
  case settings(SettingsAction)
  /// Something done in the customer switcher.
  case customers(CustomerPickerAction)
  /// Joining or leaving a Family Sharing group, or the runner's answer to it.
  case family(FamilyAction)
  /// Moves the simulated clock forward by this many seconds.
  case advanceClock(seconds: Double)

  // MARK: Customers
  /// Something done on the Customers screen, or the runner's answer to it.
  case support(SupportAction)

  // MARK: Notifications
  /// Something done on the Notifications screen, or the runner's answer to it.
  case notifications(NotificationsAction)

  // MARK: Results
  /// The store changed: a fresh snapshot.
  case storeChanged(StoreSnapshot)
  /// The window of the transaction list asked for with ``AppEffect/loadTransactionPage(_:)``.
  case transactionPage(TransactionPage)
  /// A purchase ended in this state.
  case purchaseFinished(productID: String, state: PurchaseState)
  /// An effect ended with this outcome; `update` words it.
  case finished(EffectOutcome)
}

/// What the user does in the purchase sheet.
public enum PurchaseSheetAction: Sendable, Equatable {
  /// `Enter`: buy (or close the result).
  case confirm
  /// `Esc`: cancel the payment sheet (or close the result).
  case cancel
  /// `←`/`→`: pick the QA outcome.
  case moveOutcome(Int)
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
