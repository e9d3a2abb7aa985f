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
  /// Moves the focused list by this many rows: the shown screen's list, or its open
  /// inspector or detail (each screen's `move` decides); clicks on a row become this too.
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
  /// `W`: starts or stops recording the walk as a scenario file.
  case toggleRecording
  /// The runner's answer: the scenario file being recorded to, or nil once recording stopped.
  case recordingChanged(file: String?)

  // MARK: Screens
  /// Something done on the paywall (`1`).
  case paywall(PaywallAction)
  /// Something done on the account screen (`2`), or the runner's answer to it.
  case account(AccountAction)
  /// Something done in the transaction manager (`3`), or the runner's answer to it.
  case transactions(TransactionsAction)
  /// Something done on the Customers screen (`5`), or the runner's answer to it.
  case support(SupportAction)
  /// Something done on the Notifications screen (`6`), or the runner's answer to it.
  case notifications(NotificationsAction)

  // MARK: Sheets and panels
  /// Something done in the purchase sheet.
  case purchaseSheet(PurchaseSheetAction)
  /// Something done in the Redeem Code sheet, or the runner's answer to it.
  case redeem(RedeemCodeAction)
  /// Something done in the refund request sheet, or the runner's answer to it.
  case refund(RefundSheetAction)
  /// Something done in the retention message sheet, or the runner's answer to it.
  case retention(RetentionSheetAction)
  /// Joining or leaving a Family Sharing group, or the runner's answer to it.
  case family(FamilyAction)
  /// Something done in the customer switcher.
  case customerPicker(CustomerPickerAction)
  /// Something done in the settings panel.
  case settings(SettingsAction)

  // MARK: Results
  /// The store changed: a fresh snapshot.
  case storeChanged(StoreSnapshot)
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
  /// `o`: the next offer the customer can buy with (none, then each available one).
  case nextOffer
}
