import StoreCore
import TerminalUI

/// The Customers screen's search, results and open customer.
public struct CustomersState: Sendable, Equatable {
  /// The search text.
  public var query = ""
  /// The search whose results are listed; nil before the first answer.
  public var searchedFor: String?
  /// The search sent and not answered yet.
  public var pendingSearch: String?
  /// The customers found.
  public var results: [CustomerSummary] = []
  /// The selected customer's identifier: it stays on that customer when a search is run again
  /// and the list changes around it; nil when nothing is selected.
  public var selectedID: String?
  /// Whether the list may go on past the results in hand (the last page was full).
  public var hasMore = false
  /// The customer after whom the next page was asked for, until it comes.
  public var pendingMore: String?
  /// The customer asked for and not loaded yet.
  public var opening: String?
  /// The customer shown in the detail view, when it is open.
  public var detail: CustomerDetail?
  /// How many lines of the detail are scrolled off the top.
  public var detailScroll = 0

  /// Creates the state before any search.
  public init() {}
}

/// What the user does on the Customers screen, and what the runner answers.
public enum SupportAction: Sendable, Equatable {
  /// `/`: start typing the search.
  case beginTyping
  /// A character typed into it.
  case type(Character)
  /// `Backspace`: removes the last character.
  case deleteBackward
  /// `Enter` while typing: search.
  case search
  /// `Esc` while typing: stop typing, keeping the text and the results.
  case stopTyping
  /// `Enter`: open the selected customer's detail.
  case open
  /// `Esc`: back from the detail to the results.
  case close
  /// The runner found these customers for `query`.
  case found(query: String, [CustomerSummary])
  /// The runner read the next page of `query`'s customers, after customer `after`.
  case foundMore(query: String, after: String, [CustomerSummary])
  /// The runner loaded a customer's detail.
  case loaded(CustomerDetail)
  /// A search or load failed.
  case failed(SupportFailure)
}

/// Why the Customers screen's request failed; `update` words it.
public enum SupportFailure: Sendable, Equatable {
  /// A search (or its next page) failed, for this reason.
  case search(String)
  /// A customer's detail could not be loaded: the command line's own sentence (it names the
  /// command that finds customers).
  case load(String)

  /// The sentence, in `snapshot`'s language.
  func message(_ snapshot: StoreSnapshot) -> String {
    switch self {
    case .search(let reason): snapshot.localized("Search failed: %@", reason)
    case .load(let sentence): sentence
    }
  }
}

/// The support console's Customers screen (`5`): search the ledger by customer id, name, email,
/// app account token or transaction id, and list id, name, storefront and active entitlements,
/// as `storeterm customers --find` does; `Enter` opens ``CustomerDetailView``.
public enum CustomersScreen {
  /// How many customers a page of the list holds: the first search's and each next one's.
  public static let pageSize = 20

  /// The results list's own keys.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "previous customer", group: "Customers",
      showsInHintBar: false, action: .move(-1)),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "next customer", group: "Customers",
      showsInHintBar: false, action: .move(1)),
    KeyBinding(
      [.pageUp], description: "up a page", group: "Customers", showsInHintBar: false,
      action: .move(-10)),
    KeyBinding(
      [.pageDown], description: "down a page", group: "Customers", showsInHintBar: false,
      action: .move(10)),
    KeyBinding(
      [.home], description: "first customer", group: "Customers", showsInHintBar: false,
      action: .moveToFirst),
    KeyBinding(
      [.end], description: "last customer", group: "Customers", showsInHintBar: false,
      action: .moveToLast),
    KeyBinding(
      [.char("/")], description: "search", group: "Customers", action: .support(.beginTyping)),
    KeyBinding(
      [.enter], description: "why: access and timeline", group: "Customers",
      disabledReason: { state in
        guard selected(state) == nil else { return nil }
        return state.customers.results.isEmpty ? "no customer is listed" : "no customer is selected"
      },
      action: .support(.open)),
  ])

  /// The selected result.
  public static func selected(_ state: AppState) -> CustomerSummary? {
    selectedPosition(state).map { state.customers.results[$0] }
  }

  /// The selected result's position in the list, or nil when nothing is selected.
  public static func selectedPosition(_ state: AppState) -> Int? {
    guard let id = state.customers.selectedID else { return nil }
    return state.customers.results.firstIndex { $0.id == id }
  }

  /// The first search, run when the screen is first shown: every customer, up to a page.
  static func firstSearch(_ state: inout AppState) -> [AppEffect] {
    guard state.customers.searchedFor == nil, state.customers.pendingSearch == nil else {
      return []
    }
    state.customers.pendingSearch = state.customers.query
    return [.searchCustomers(state.customers.query)]
  }

  /// Applies a Customers screen action.
  static func update(_ state: inout AppState, _ action: SupportAction) -> [AppEffect] {
    switch action {
    case .beginTyping:
      state.focus = .customerSearch
    case .type(let character):
      state.customers.query.append(character)
    case .deleteBackward:
      _ = state.customers.query.popLast()
    case .search:
      state.focus = nil
      state.customers.pendingSearch = state.customers.query
      return [.searchCustomers(state.customers.query)]
    case .stopTyping:
      state.focus = nil
    case .open:
      guard let customer = selected(state) else { return [] }
      state.customers.opening = customer.id
      return [.loadCustomer(customer.id)]
    case .close:
      state.customers.detail = nil
      state.customers.detailScroll = 0
    case .found(let query, let results):
      // An answer to an older search is dropped: a newer one is on its way.
      guard query == state.customers.pendingSearch else { return [] }
      let again = query == state.customers.searchedFor
      state.customers.pendingSearch = nil
      state.customers.searchedFor = query
      state.customers.results = results
      follow(&state, searchedAgain: again)
      state.customers.hasMore = results.count >= pageSize
      state.customers.pendingMore = nil
    case .foundMore(let query, let after, let results):
      guard query == state.customers.searchedFor, after == state.customers.pendingMore else {
        return []
      }
      state.customers.pendingMore = nil
      // The selection is an identifier, so a page added at the end leaves it where it is.
      let known = Set(state.customers.results.map(\.id))
      state.customers.results += results.filter { !known.contains($0.id) }
      state.customers.hasMore = results.count >= pageSize
    case .loaded(let detail):
      guard detail.customerID == state.customers.opening else { return [] }
      state.customers.opening = nil
      state.customers.detail = detail
      state.customers.detailScroll = 0
    case .failed(let failure):
      state.customers.pendingSearch = nil
      state.customers.pendingMore = nil
      state.customers.opening = nil
      state.toast = Toast(failure.message(state.snapshot), kind: .error)
    }
    return []
  }

  /// Keeps the selected customer selected by identifier in new results.
  ///
  /// A new search starts at its first result; the same search run again clears the selection, and says so, when the
  /// selected customer is no longer found.
  private static func follow(_ state: inout AppState, searchedAgain: Bool) {
    let results = state.customers.results
    if let id = state.customers.selectedID, results.contains(where: { $0.id == id }) { return }
    if searchedAgain, let id = state.customers.selectedID {
      state.customers.selectedID = nil
      state.toast = Toast(
        state.snapshot.localized(
          "Customer %@ is no longer listed; the selection was cleared.", id),
        kind: .warning)
      return
    }
    state.customers.selectedID = results.first?.id
  }

  /// Moves the selection, or scrolls the open detail, by `delta` (clamped); near the end of a
  /// list that goes on, asks for its next page.
  static func move(_ state: inout AppState, by delta: Int) -> [AppEffect] {
    if let detail = state.customers.detail {
      let limit = max(
        0,
        CustomerDetailView.lines(
          detail, width: CustomerDetailView.contentWidth(state.size.width),
          snapshot: state.snapshot
        ).count - CustomerDetailView.visibleHeight(state.size))
      let limited = max(-limit - 1, min(limit + 1, delta))
      state.customers.detailScroll = min(max(state.customers.detailScroll + limited, 0), limit)
      return []
    }
    let results = state.customers.results
    guard !results.isEmpty else { return [] }
    let limited = max(-results.count, min(results.count, delta))
    let start = selectedPosition(state) ?? (delta > 0 ? -1 : results.count)
    let position = min(max(start + limited, 0), results.count - 1)
    state.customers.selectedID = results[position].id
    guard state.customers.hasMore, state.customers.pendingMore == nil,
      state.customers.pendingSearch == nil, let query = state.customers.searchedFor,
      position >= results.count - pageSize / 2, let last = results.last
    else { return [] }
    state.customers.pendingMore = last.id
    return [.moreCustomers(query, after: last.id)]
  }

  /// The result drawn on body row `row` of a body `bodyHeight` rows tall, if any.
  ///
  /// The search line, the panel's top border and the column titles come first; while a detail
  /// is open there is no list.
  static func position(atRow row: Int, _ state: AppState, bodyHeight: Int) -> Int? {
    guard state.customers.detail == nil else { return nil }
    let search = searchLines(
      state.customers, isTyping: state.focus == .customerSearch, width: state.size.width,
      snapshot: state.snapshot
    ).count
    return AccountScreen.tableRow(
      atRow: row, firstRow: search + 2, selected: selectedPosition(state) ?? 0,
      count: state.customers.results.count, height: bodyHeight - search - 3)
  }

  /// Paints the Customers screen into `canvas`: the detail when open, else the search and list.
  static func render(_ state: AppState, in canvas: inout Canvas) {
    let text = state.snapshot.localized
    if let detail = state.customers.detail {
      CustomerDetailView.render(
        detail, scroll: state.customers.detailScroll, snapshot: state.snapshot, in: &canvas)
      return
    }
    let customers = state.customers
    let isTyping = state.focus == .customerSearch
    let search = searchLines(
      customers, isTyping: isTyping, width: canvas.size.width, snapshot: state.snapshot)
    for (y, line) in search.enumerated() {
      canvas.text(line, at: Point(x: 1, y: y), role: isTyping ? .key : .dim)
    }
    let frame = Rect(
      x: 0, y: search.count, width: canvas.size.width,
      height: canvas.size.height - search.count)
    let title =
      customers.searchedFor == nil
      ? text("Customers")
      : customers.hasMore
        ? text("Customers (%@ listed, more)", "\(customers.results.count)")
        : text("Customers (%@)", "\(customers.results.count)")
    let inside = canvas.panel(frame, title: title, focused: true)
    guard !customers.results.isEmpty else {
      let message =
        customers.searchedFor == nil
        ? text("Searching…")
        : customers.searchedFor?.isEmpty == true
          ? text("No customers yet.")
          : text("No customer matches \"%@\".", customers.searchedFor ?? "")
      canvas.text(message, at: Point(x: inside.minX + 1, y: inside.minY), role: .dim)
      return
    }
    let position = selectedPosition(state)
    let window = AccountScreen.window(
      selected: position ?? 0, count: customers.results.count, height: inside.height - 1)
    let table = TableView(
      columns: [
        .init(text("ID"), width: .fit(max: 16)),
        .init(text("Name"), width: .flexible(min: 8)),
        .init(text("Storefront"), width: .fit(max: 10)),
        .init(text("Active entitlements"), width: .flexible(min: 12)),
      ],
      rows: customers.results[window.rows].map(\.columns),
      selection: position == nil ? ListSelection(count: 0) : window.selection)
    canvas.within(inside) { table.render(in: &$0) }
    ScrollMarks(
      offset: window.rows.lowerBound, height: inside.height - 1,
      count: customers.results.count, openBelow: customers.hasMore,
      more: state.snapshot.localized("%@ more")
    ).render(onFrame: frame, in: &canvas)
  }

  /// The search line wrapped to a screen `width` columns wide, on at most two lines (what is
  /// being typed stays on one line).
  static func searchLines(
    _ customers: CustomersState, isTyping: Bool, width: Int,
    snapshot: StoreSnapshot = StoreSnapshot()
  ) -> [String] {
    let line = searchLine(customers, isTyping: isTyping, snapshot: snapshot)
    guard !isTyping else { return [line] }
    return Array(TextWrap.lines(line, width: width - 2).prefix(2))
  }

  /// The line above the list: what is typed, what was searched, and what is under way.
  public static func searchLine(
    _ customers: CustomersState, isTyping: Bool = false, snapshot: StoreSnapshot = StoreSnapshot()
  ) -> String {
    let text = snapshot.localized
    var line: String
    if isTyping {
      line = text("Search: %@", customers.query) + "▏"
    } else if let pending = customers.pendingSearch {
      line =
        pending.isEmpty
        ? text("Listing the first customers…") : text("Searching for \"%@\"…", pending)
    } else if customers.query.isEmpty {
      line = text("All customers · / to search by id, name, email, token or transaction")
    } else {
      line = text("Search: %@ · / to change", customers.query)
    }
    if let id = customers.opening { line += text(" · opening %@…", id) }
    return line
  }

}
