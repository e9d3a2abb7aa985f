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
public struct AppState: Sendable {
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
  /// The purchase sheet, when open.
  public var sheet: PurchaseSheetState?
  /// The Redeem Code sheet, when open.
  public var redeemSheet: RedeemCodeSheetState?
  /// The refund request sheet, when open.
  public var refundSheet: RefundSheetState?
  /// The Join Family sheet, when open.
  public var familySheet: FamilySheetState?
  /// The account screen's focus.
  public var account = AccountState()
  /// The transaction manager's focus, filter and inspector.
  public var transactions = TransactionsState()
  /// The event log's scroll position.
  public var eventLog = EventLogState()
  /// The Customers screen's search, results and open customer.
  public var customers = CustomersState()
  /// The Notifications screen's rows, selection and inspector.
  public var notifications = NotificationsState()
  /// Whether the key help overlay is open.
  public var showsHelp = false
  /// Whether the "quit with a purchase in flight?" question is open.
  public var confirmsQuit = false
  /// The last message, shown above the hint bar.
  public var toast: Toast?
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
