import Foundation
import StoreManager
import TerminalUI

/// The screens, in `Tab` order, with the digit that opens each.
public enum ScreenID: Int, CaseIterable, Hashable, Sendable {
  /// The products for sale.
  case paywall = 1
  /// The customer's subscriptions, entitlements, balances and history.
  case account
  /// QA's transaction manager.
  case transactions
  /// What the listener received.
  case eventLog
  /// The support console: find a customer, see what they can use and why.
  case customers
  /// App Store Server Notifications V2 in the outbox, with their delivery.
  case notifications

  /// The tab's title.
  public var title: String {
    switch self {
    case .paywall: "Paywall"
    case .account: "Account"
    case .transactions: "Transactions"
    case .eventLog: "Event log"
    case .customers: "Customers"
    case .notifications: "Notifications"
    }
  }

  /// The screen after this one, wrapping around.
  public var next: ScreenID { ScreenID(rawValue: rawValue % ScreenID.allCases.count + 1)! }

  /// The screen before this one, wrapping around.
  public var previous: ScreenID {
    ScreenID(rawValue: (rawValue + ScreenID.allCases.count - 2) % ScreenID.allCases.count + 1)!
  }
}

/// Everything the front end shows and remembers.
public struct AppState: Sendable, Equatable {
  /// The screen on show.
  public var screen: ScreenID = .paywall
  /// The store as last read.
  public var snapshot: StoreSnapshot
  /// Whether every mutating key is disabled (`--read-only`).
  public var readOnly: Bool
  /// The terminal size, as of the last resize.
  public var size: Size
  /// The paywall's focus.
  public var paywall = PaywallState()
  /// The sheet, panel, question or help open above the screen: the one place that says what
  /// has the keyboard (the sheets' own accessors in `Modal.swift` are views of it).
  public var modal: Modal?
  /// The text field typed into while no modal is open.
  public var focus: TextFocus?
  /// The account screen's focus.
  public var account = AccountState()
  /// The transaction manager's focus, filter and inspector.
  public var transactions = TransactionsState()
  /// The event log's scroll position.
  public var eventLog = EventLogState()
  /// The Customers screen's search, results and open customer.
  public var customers = CustomersState()
  /// Lines the key help is scrolled down by, where it is one column and does not fit.
  public var helpScroll = 0
  /// The Notifications screen's rows, selection and inspector.
  public var notifications = NotificationsState()
  /// The last message, shown above the hint bar.
  public var toast: Toast?
  /// The scenario file the walk is being recorded to (`W`), shown in the status line.
  public var recordingFile: String?
  /// The recent messages (`!`) and how long the one on the status line has shown.
  public var messages = MessageLog()
  /// Whether the store has been read once (until then the screens say so).
  public var isLoaded = false
  /// Whether the program should end.
  public var isFinished = false

  /// Creates the state for a terminal of `size`.
  public init(snapshot: StoreSnapshot = StoreSnapshot(), readOnly: Bool = false, size: Size) {
    self.snapshot = snapshot
    self.readOnly = readOnly
    self.size = size
  }

  /// Why mutating keys are off, or nil when they work.
  public var mutationBlocked: String? { readOnly ? "read-only" : nil }

  /// Whether a purchase is under way, in the sheet or in the store.
  public var hasPurchaseInFlight: Bool {
    snapshot.hasPurchaseInFlight || sheet?.phase == .purchasing
      || redeemSheet?.phase == .redeeming
  }
}
