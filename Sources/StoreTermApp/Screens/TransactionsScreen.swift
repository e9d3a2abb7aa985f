import Foundation
import StoreCore
import StoreKit
import TerminalUI

/// The transaction manager's focus, filter and inspector.
public struct TransactionsState: Hashable, Sendable {
  /// The selected row of the filtered list; it follows the selected transaction's identifier
  /// when the list changes (see ``TransactionsScreen/follow(_:in:)``).
  public var selected = 0
  /// Whether a row is selected: false once the selected transaction left the list, until the
  /// user moves again.
  public var hasSelection = true
  /// The filter: rows whose customer, product, state or ID contain it (case-insensitive); a
  /// Family Sharing copy also matches its `FAMILY_SHARED` / `FAMILY_REVOKE` wire values, an
  /// assigned seat's its `ASSIGNED` / `ASSIGNMENT_REVOKE` ones.
  public var filter = ""
  /// Whether the inspector is shown.
  public var showsInspector = true
  /// The window of the list asked for and not answered yet.
  public var pendingPage: TransactionPageRequest?
  /// The transaction that was selected when a refresh left it outside the window: the
  /// selection waits for the window around it before it is shown again, or cleared.
  public var awaitedID: UInt64?

  /// Creates the state.
  public init() {}
}

/// QA's transaction manager (`3`): every transaction in the ledger, filterable, with an
/// inspector (decoded payload, JWS header, verification) and the management actions.
public enum TransactionsScreen {
  /// The inspector's least height, frame included.
  static let inspectorHeight = 8

  /// The transaction manager's own keys.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "previous transaction",
      group: "Transactions", showsInHintBar: false, action: .move(-1)),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "next transaction", group: "Transactions",
      showsInHintBar: false, action: .move(1)),
    KeyBinding(
      [.pageUp], description: "up a page", group: "Transactions", showsInHintBar: false,
      action: .move(-10)),
    KeyBinding(
      [.pageDown], description: "down a page", group: "Transactions", showsInHintBar: false,
      action: .move(10)),
    KeyBinding(
      [.home], description: "first transaction", group: "Transactions", showsInHintBar: false,
      action: .moveToFirst),
    KeyBinding(
      [.end], description: "last transaction", group: "Transactions", showsInHintBar: false,
      action: .moveToLast),
    KeyBinding(
      [.char("/")], description: "filter", group: "Transactions",
      action: .transactions(.filter(.begin))),
    KeyBinding(
      [.char("i")], description: "inspector", group: "Transactions", showsInHintBar: false,
      action: .transactions(.toggleInspector)),
    KeyBinding(
      [.char("I")], description: "send purchase intent", group: "Transactions",
      showsInHintBar: false,
      disabledReason: { state in
        state.mutationBlocked
          ?? (selectedRecord(state) == nil
            ? UIText.text("no transaction selected", state.snapshot.locale) : nil)
      }, action: .transactions(.sendPurchaseIntent)),
    // Every action the selected row allows shows in the hint bar (as k9s shows a resource's
    // actions); the ones it refuses stay in help, with the reason.
    ManageRules.binding("a", .approve, "approve", group: "Transactions", showsInHintBar: true),
    ManageRules.binding("x", .decline, "decline", group: "Transactions", showsInHintBar: true),
    ManageRules.binding("s", .resolve, "resolve", group: "Transactions", showsInHintBar: true),
    ManageRules.binding("r", .refund, "refund", group: "Transactions", showsInHintBar: true),
    ManageRules.binding("R", .revoke, "revoke", group: "Transactions", showsInHintBar: true),
    ManageRules.binding(
      "u", .requestRefund, "request a refund", group: "Transactions", showsInHintBar: true),
    ManageRules.binding(
      "P", .refundProrated, "refund in part", group: "Transactions", showsInHintBar: true),
    ManageRules.binding(
      "X", .declineRefund, "decline the refund request", group: "Transactions", showsInHintBar: true
    ),
    ManageRules.binding(
      "V", .reverseRefund, "reverse the refund", group: "Transactions", showsInHintBar: true),
    ManageRules.binding("e", .expire, "expire", group: "Transactions", showsInHintBar: true),
    ManageRules.binding("n", .renew, "renew now", group: "Transactions", showsInHintBar: true),
    ManageRules.binding(
      "o", .autoRenewOff, "auto-renew off", group: "Transactions", showsInHintBar: true),
    ManageRules.binding(
      "O", .autoRenewOn, "auto-renew on", group: "Transactions", showsInHintBar: true),
    ManageRules.binding(
      "p", .priceIncrease, "price increase", group: "Transactions", showsInHintBar: true),
    ManageRules.binding(
      "c", .consent, "consent to price increase", group: "Transactions", showsInHintBar: true),
    ManageRules.binding(
      "C", .declinePriceIncrease, "decline price increase", group: "Transactions",
      showsInHintBar: true),
    ManageRules.binding("f", .finish, "finish", group: "Transactions", showsInHintBar: true),
    ManageRules.binding("D", .delete, "delete", group: "Transactions", showsInHintBar: true),
    KeyBinding(
      [.char("g")], description: "settings", group: "Transactions", action: .settings(.open)),
    KeyBinding(
      [.char("t")], description: "advance the clock a day", group: "Transactions",
      showsInHintBar: false, disabledReason: { $0.mutationBlocked },
      action: .transactions(.advanceClock(seconds: 86_400))),
    KeyBinding(
      [.char("T")], description: "advance the clock 30 days", group: "Transactions",
      showsInHintBar: false, disabledReason: { $0.mutationBlocked },
      action: .transactions(.advanceClock(seconds: 30 * 86_400))),
  ])

  /// The rows the filter lets through, newest first: the window the runner read (already
  /// filtered; filtering again keeps the rows right while a new filter's window is on its way),
  /// or a hand-built snapshot's records.
  public static func filtered(_ state: AppState) -> [TransactionRecord] {
    let rows = state.snapshot.transactionPage?.rows ?? state.snapshot.records
    let needle = state.transactions.filter.lowercased()
    guard !needle.isEmpty else { return rows }
    return rows.filter { matches($0, filter: needle, in: state.snapshot) }
  }

  /// Whether the filter `needle` (lowercased) lets `record` through.
  ///
  /// Its ID, customer, product (identifier or name) or State cell contains it; a Family Sharing
  /// copy also matches its `FAMILY_SHARED` / `FAMILY_REVOKE` wire values, an assigned seat's
  /// its `ASSIGNED` / `ASSIGNMENT_REVOKE` ones. The runner pages with it too.
  public static func matches(
    _ record: TransactionRecord, filter needle: String, in snapshot: StoreSnapshot
  ) -> Bool {
    var fields = [
      String(record.id), record.customerID, record.productID, snapshot.name(of: record.productID),
      TransactionStanding.text(record, in: snapshot),
      TransactionStanding.words(record, in: snapshot),
    ]
    if TransactionStanding.isFamilyShared(record) || TransactionStanding.isAssigned(record),
      let payload = record.signed?.payload
    {
      fields.append(payload.inAppOwnershipType.rawValue)
      if let type = payload.revocationType { fields.append(type.rawValue) }
    }
    return fields.contains { $0.lowercased().contains(needle) }
  }

  /// The selected row.
  public static func selectedRecord(_ state: AppState) -> TransactionRecord? {
    let rows = filtered(state)
    guard state.transactions.hasSelection, state.transactions.awaitedID == nil, !rows.isEmpty
    else { return nil }
    return rows[min(state.transactions.selected, rows.count - 1)]
  }

  /// Keeps `record` (the one selected before the list changed) selected by its identifier,
  /// wherever it moved; when it left a window that does not hold the whole list, asks for the
  /// window around it first; when it left the list, clears the selection and says so.
  static func follow(_ record: TransactionRecord?, in state: inout AppState) -> [AppEffect] {
    guard let id = record?.id ?? state.transactions.awaitedID else { return [] }
    let rows = filtered(state)
    let located = TransactionPage.locate(
      id, in: rows, page: state.snapshot.transactionPage, awaiting: state.transactions.awaitedID)
    switch located {
    case .row(let index):
      state.transactions.selected = index
      state.transactions.awaitedID = nil
      return []
    case .outside:
      // Rows inserted above (or a window moved) may have pushed it out of the window only.
      state.transactions.awaitedID = id
      return request(.around(id), in: &state)
    case .gone:
      break
    }
    state.transactions.awaitedID = nil
    state.transactions.selected = 0
    state.transactions.hasSelection = false
    if state.screen == .transactions {
      state.toast = Toast(
        state.snapshot.localized(
          "Transaction %@ is no longer listed; the selection was cleared.", "\(id)"),
        kind: .warning)
    }
    return []
  }

  /// Takes in the window the runner read: an answer to an older request is dropped; the
  /// selection follows its transaction, or goes to the window's first or last row when the
  /// window was asked for by Home or End.
  static func receive(_ page: TransactionPage, in state: inout AppState) -> [AppEffect] {
    guard page.request == state.transactions.pendingPage else { return [] }
    let selected = selectedRecord(state)
    state.transactions.pendingPage = nil
    state.snapshot.transactionPage = page
    switch page.request.position {
    case .top:
      // Home, or a filter with nothing selected: the first row.
      state.transactions.selected = 0
      state.transactions.awaitedID = nil
      return []
    case .bottom:
      state.transactions.selected = max(0, filtered(state).count - 1)
      state.transactions.awaitedID = nil
      return []
    case .around:
      return follow(selected, in: &state)
    }
  }

  /// The window request for `position` with the current filter, unless it is already asked.
  static func request(_ position: TransactionPageRequest.Position, in state: inout AppState)
    -> [AppEffect]
  {
    let request = TransactionPageRequest(
      filter: state.transactions.filter.lowercased(), position: position,
      limit: pageLimit(state))
    guard request != state.transactions.pendingPage else { return [] }
    state.transactions.pendingPage = request
    return [.loadTransactionPage(request)]
  }

  /// How many rows a window holds: three screens' worth, so a page of moves stays inside it.
  static func pageLimit(_ state: AppState) -> Int {
    max(60, 3 * state.size.height)
  }

  /// Moves the selection by `delta` within the window, and asks for the window around the new
  /// selection when it comes near an edge the list goes on past (Home and End ask for the
  /// list's first and last rows).
  static func move(_ state: inout AppState, by delta: Int) -> [AppEffect] {
    let rows = filtered(state)
    let count = rows.count
    let limited = max(-count, min(count, delta))
    let target = state.transactions.selected + limited
    state.transactions.selected = min(max(target, 0), max(0, count - 1))
    state.transactions.hasSelection = true
    state.transactions.awaitedID = nil
    guard let page = state.snapshot.transactionPage,
      let position = page.nextPosition(
        afterMoving: delta, to: state.transactions.selected, of: rows,
        isLoading: state.transactions.pendingPage != nil, limit: pageLimit(state))
    else { return [] }
    return request(position, in: &state)
  }

  /// The filtered row drawn on body row `row` of a body `bodyHeight` rows tall, if any: the
  /// filter line, the panel's top border and the column titles come first.
  static func position(atRow row: Int, _ state: AppState, bodyHeight: Int) -> Int? {
    let inspector = inspectorHeight(
      state, size: Size(width: state.size.width, height: bodyHeight))
    return AccountScreen.tableRow(
      atRow: row, firstRow: 3, selected: state.transactions.selected,
      count: filtered(state).count, height: bodyHeight - 1 - inspector - 3)
  }

  /// Paints the transaction manager into `canvas`.
  static func render(_ state: AppState, in canvas: inout Canvas) {
    let size = canvas.size
    let transactions = state.transactions
    let isEditingFilter = state.focus == .transactionFilter
    let text = state.snapshot.localized
    let filterText =
      isEditingFilter
      ? text("Filter: %@", transactions.filter) + "▏"
      : transactions.filter.isEmpty
        ? text("All transactions · / to filter") : text("Filter: %@", transactions.filter)
    canvas.text(filterText, at: Point(x: 1, y: 0), role: isEditingFilter ? .key : .dim)
    let rows = filtered(state)
    let inspector = inspectorHeight(state, size: size)
    let frame = Rect(x: 0, y: 1, width: size.width, height: size.height - 1 - inspector)
    let inside = canvas.panel(frame, title: title(state, shown: rows.count), focused: true)
    // Only the visible rows become text: the ledger may hold a hundred thousand transactions.
    let window = AccountScreen.window(
      selected: transactions.selected, count: rows.count, height: inside.height - 1)
    let table = TableView(
      columns: [
        .init(text("ID"), width: .fit(max: 8), alignment: .trailing),
        .init(text("Customer"), width: .fit(max: 12)),
        .init(text("Product"), width: .flexible(min: 10)),
        .init(text("State"), width: .fit(max: 18)),
        .init(text("Expires"), width: .fixed(10)),
      ],
      rows: rows[window.rows].map { record in
        [
          String(record.id), record.customerID, state.snapshot.name(of: record.productID),
          TransactionStanding.words(record, in: state.snapshot),
          record.signed?.expirationDate.map(DateText.day) ?? "",
        ]
      },
      selection: transactions.hasSelection ? window.selection : ListSelection(count: 0))
    if rows.isEmpty {
      canvas.text(
        text(transactions.filter.isEmpty ? "No transactions yet." : "Nothing matches the filter."),
        at: Point(x: inside.minX + 1, y: inside.minY), role: .dim)
    } else {
      canvas.within(inside) { table.render(in: &$0) }
      // The rows in hand may be a window on the ledger: beyond it there are more.
      let page = state.snapshot.transactionPage
      ScrollMarks(
        offset: window.rows.lowerBound, height: inside.height - 1, count: rows.count,
        openAbove: page.map { !$0.startsAtTop } ?? false,
        openBelow: page.map { !$0.reachesEnd } ?? false,
        more: state.snapshot.localized("%@ more")
      ).render(onFrame: frame, in: &canvas)
    }
    if inspector > 0 {
      canvas.within(Rect(x: 0, y: size.height - inspector, width: size.width, height: inspector)) {
        renderInspector(
          selectedRecord(state), snapshot: state.snapshot, width: size.width, in: &$0)
      }
    }
  }

  /// `Transactions (N)`: the ledger's count when the list is not filtered, the matches when
  /// the window holds them all, else how many are in hand.
  public static func title(_ state: AppState, shown: Int) -> String {
    let text = state.snapshot.localized
    guard let page = state.snapshot.transactionPage else {
      return text("Transactions (%@)", "\(shown)")
    }
    if state.transactions.filter.isEmpty, let total = page.total {
      return text("Transactions (%@)", "\(total)")
    }
    return page.isComplete
      ? text("Transactions (%@)", "\(shown)") : text("Transactions (%@ in view, more)", "\(shown)")
  }
}
