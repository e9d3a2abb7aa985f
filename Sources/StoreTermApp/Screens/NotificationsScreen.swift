import Foundation
import TerminalUI

/// The Notifications screen's rows, selection and inspector.
public struct NotificationsState: Sendable, Equatable {
  /// The rows read so far, newest first: the newest page and any older pages asked for.
  public var rows: [NotificationRow] = []
  /// The selected notification, by its UUID (rows come and go as the outbox grows).
  public var selectedID: UUID?
  /// Whether rows older than the last one read remain in the outbox.
  public var hasOlder = false
  /// Whether the first page has arrived.
  public var isLoaded = false
  /// Whether the outbox is being watched for changes.
  public var isWatching = false
  /// The page asked for and not answered yet (nil: none; `.some(nil)`: the newest).
  public var pendingBefore: Int64??
  /// Whether the inspector replaces the list.
  public var showsInspector = false
  /// How many inspector lines are scrolled off the top.
  public var inspectorScroll = 0
  /// The delivery fault set on each URL that has one, in words, as last read.
  public var faults: [String: String] = [:]

  /// Creates the state before the first read.
  public init() {}
}

/// What the user does on the Notifications screen, and what the runner answers.
public enum NotificationsAction: Sendable, Equatable {
  /// `Enter`: open or close the inspector.
  case toggleInspector
  /// `r`: post the selected notification again to its URLs.
  case resend
  /// `t`: Request a Test Notification.
  case sendTest
  /// `R`: send the pending retries now (and release what a delay or a reorder holds).
  case retryNow
  /// `F`: the selected notification's first URL gets the next delivery fault (none, drop,
  /// delay, duplicate, reorder, none again).
  case nextFault
  /// The outbox changed (another process wrote or delivered): read the newest page again.
  case changed
  /// The runner read a page.
  case loaded(NotificationPage)
  /// A page read, a resend or a test notification ended so.
  case finished(NotificationsOutcome)
}

/// Work the Notifications screen asks the runner for.
public enum NotificationsEffect: Sendable, Equatable {
  /// Watch the outbox for as long as the program runs, answering
  /// ``NotificationsAction/changed`` after each change.
  case watch
  /// Read `limit` notifications older than `before` (the newest when nil), newest first.
  case load(before: Int64?, limit: Int)
  /// Make notification `sequence` due again at every URL, now.
  case resend(sequence: Int64)
  /// Sign a `TEST` notification into the outbox, as Request a Test Notification does.
  case sendTest
  /// Make every pending retry due now and release held notifications.
  case retryNow
  /// Set the delivery fault of `url` (`drop`, `delay`, `duplicate`, `reorder`; nil clears it).
  case setFault(url: String, kind: String?)
}

/// The Notifications screen (`6`): App Store Server Notifications V2 in the outbox, live, with
/// each one's delivery state; `Enter` inspects the decoded payload, `r` resends, `t` sends a
/// test notification.
public enum NotificationsScreen {
  /// Rows read per page.
  public static let pageSize = 50

  /// The list's own keys.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "newer", group: "Notifications",
      showsInHintBar: false, action: .move(-1)),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "older", group: "Notifications",
      showsInHintBar: false, action: .move(1)),
    KeyBinding(
      [.pageUp], description: "up a page", group: "Notifications", showsInHintBar: false,
      action: .move(-10)),
    KeyBinding(
      [.pageDown], description: "down a page", group: "Notifications", showsInHintBar: false,
      action: .move(10)),
    KeyBinding(
      [.home], description: "newest", group: "Notifications", showsInHintBar: false,
      action: .moveToFirst),
    KeyBinding(
      [.end], description: "oldest", group: "Notifications",
      showsInHintBar: false, action: .moveToLast),
    KeyBinding(
      [.enter], description: "inspect", group: "Notifications",
      disabledReason: { selected($0) == nil ? "no notification is listed" : nil },
      action: .notifications(.toggleInspector)),
    KeyBinding(
      [.char("r")], description: "resend", group: "Notifications",
      disabledReason: { state in
        state.mutationBlocked ?? (selected(state) == nil ? "no notification is listed" : nil)
      },
      action: .notifications(.resend)),
    KeyBinding(
      [.char("t")], description: "test notification", group: "Notifications",
      disabledReason: { $0.mutationBlocked }, action: .notifications(.sendTest)),
    KeyBinding(
      [.char("R")], description: "send the retries now", group: "Notifications",
      disabledReason: { $0.mutationBlocked }, action: .notifications(.retryNow)),
    KeyBinding(
      [.char("F")], description: "next delivery fault", group: "Notifications",
      disabledReason: { state in
        state.mutationBlocked
          ?? (selected(state)?.deliveries.first == nil
            ? "the selected notification has no URL" : nil)
      },
      action: .notifications(.nextFault)),
  ])

  /// The faults `F` steps through, in order, after none.
  public static let faultCycle = ["drop", "delay", "duplicate", "reorder"]

  /// The inspector's keys.
  public static let inspectorKeymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "scroll up", group: "Notification",
      showsInHintBar: false, action: .move(-1)),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "scroll down", group: "Notification",
      showsInHintBar: false, action: .move(1)),
    KeyBinding(
      [.pageUp], description: "up a page", group: "Notification", showsInHintBar: false,
      action: .move(-10)),
    KeyBinding(
      [.pageDown], description: "down a page", group: "Notification", showsInHintBar: false,
      action: .move(10)),
    KeyBinding(
      [.escape, .enter], label: "Esc", description: "back to the list", group: "Notification",
      action: .notifications(.toggleInspector)),
    KeyBinding(
      [.char("r")], description: "resend", group: "Notification",
      disabledReason: { $0.mutationBlocked }, action: .notifications(.resend)),
  ])

  /// The selected row: the one with the selected UUID, else the newest.
  public static func selected(_ state: AppState) -> NotificationRow? {
    let rows = state.notifications.rows
    return rows.first { $0.id == state.notifications.selectedID } ?? rows.first
  }

  /// The selected row's position in the list.
  static func selectedIndex(_ state: AppState) -> Int {
    let rows = state.notifications.rows
    return rows.firstIndex { $0.id == state.notifications.selectedID } ?? 0
  }

  /// What showing the screen starts: the watch (once) and a read of the newest page.
  static func shown(_ state: inout AppState) -> [AppEffect] {
    var effects: [AppEffect] = []
    if !state.notifications.isWatching {
      state.notifications.isWatching = true
      effects.append(.notifications(.watch))
    }
    return effects + reload(&state)
  }

  /// Reads the newest page again, as many rows as are listed (at least a page).
  static func reload(_ state: inout AppState) -> [AppEffect] {
    state.notifications.pendingBefore = .some(nil)
    let limit = max(pageSize, state.notifications.rows.count)
    return [.notifications(.load(before: nil, limit: limit))]
  }

  /// Applies a Notifications screen action.
  static func update(_ state: inout AppState, _ action: NotificationsAction) -> [AppEffect] {
    switch action {
    case .toggleInspector:
      guard selected(state) != nil || state.notifications.showsInspector else { return [] }
      state.notifications.showsInspector.toggle()
      state.notifications.inspectorScroll = 0
    case .resend:
      guard state.mutationBlocked == nil, let row = selected(state) else { return [] }
      return [.notifications(.resend(sequence: row.sequence))]
    case .sendTest:
      guard state.mutationBlocked == nil else { return [] }
      return [.notifications(.sendTest)]
    case .retryNow:
      guard state.mutationBlocked == nil else { return [] }
      return [.notifications(.retryNow)]
    case .nextFault:
      guard state.mutationBlocked == nil, let url = selected(state)?.deliveries.first?.url
      else { return [] }
      let current = state.notifications.faults[url].flatMap { words in
        faultCycle.firstIndex { words.hasPrefix($0) }
      }
      let next = current.map { $0 + 1 } ?? 0
      return [
        .notifications(.setFault(url: url, kind: next < faultCycle.count ? faultCycle[next] : nil))
      ]
    case .changed:
      return reload(&state)
    case .loaded(let page):
      loaded(&state, page)
    case .finished(let outcome):
      state.toast = Toast(
        outcome.message(state.snapshot), kind: outcome.isError ? .error : .success)
      return outcome.isError ? [] : reload(&state)
    }
    return []
  }

  private static func loaded(_ state: inout AppState, _ page: NotificationPage) {
    if state.notifications.pendingBefore == .some(page.before) {
      state.notifications.pendingBefore = nil
    }
    if let before = page.before {
      // An older page: only rows older than the last one listed join, so a page that arrives
      // after a reload never duplicates or reorders.
      guard let last = state.notifications.rows.last, last.sequence <= before else { return }
      state.notifications.rows += page.rows.filter { $0.sequence < last.sequence }
    } else {
      state.notifications.rows = page.rows
      state.notifications.faults = page.faults
    }
    state.notifications.hasOlder = page.hasOlder
    state.notifications.isLoaded = true
    if !state.notifications.rows.contains(where: { $0.id == state.notifications.selectedID }) {
      state.notifications.selectedID = state.notifications.rows.first?.id
    }
  }

  /// Moves the selection (or scrolls the inspector) by `delta`; reaching the last row asks for
  /// the next older page.
  static func move(_ state: inout AppState, by delta: Int) -> [AppEffect] {
    if state.notifications.showsInspector {
      let limit = max(
        0,
        NotificationInspector.lines(state, width: state.size.width - 4).count
          - max(1, state.size.height - 5))
      let limited = max(-limit - 1, min(limit + 1, delta))
      state.notifications.inspectorScroll = min(
        max(state.notifications.inspectorScroll + limited, 0), limit)
      return []
    }
    let rows = state.notifications.rows
    guard !rows.isEmpty else { return [] }
    let limited = max(-rows.count, min(rows.count, delta))
    let index = min(max(selectedIndex(state) + limited, 0), rows.count - 1)
    state.notifications.selectedID = rows[index].id
    guard index == rows.count - 1, state.notifications.hasOlder,
      state.notifications.pendingBefore == nil, let last = rows.last
    else { return [] }
    state.notifications.pendingBefore = .some(last.sequence)
    return [.notifications(.load(before: last.sequence, limit: pageSize))]
  }

  /// The row drawn on body row `row` of a body `bodyHeight` rows tall, if any.
  static func position(atRow row: Int, _ state: AppState, bodyHeight: Int) -> Int? {
    guard !state.notifications.showsInspector else { return nil }
    return AccountScreen.tableRow(
      atRow: row, firstRow: 2, selected: selectedIndex(state),
      count: state.notifications.rows.count, height: bodyHeight - 3)
  }

  /// Paints the screen: the inspector when open, else the list.
  static func render(_ state: AppState, in canvas: inout Canvas) {
    if state.notifications.showsInspector, selected(state) != nil {
      NotificationInspector.render(state, in: &canvas)
      return
    }
    let snapshot = state.snapshot
    let notifications = state.notifications
    let count = notifications.rows.count
    var title =
      notifications.hasOlder
      ? snapshot.localized("Notifications (%@, older below)", String(count))
      : snapshot.localized("Notifications (%@)", String(count))
    for (url, fault) in notifications.faults.sorted(by: { $0.key < $1.key }) {
      title += " · " + snapshot.localized("fault at %1$@: %2$@", url, fault)
    }
    let inside = canvas.panel(canvas.bounds, title: title, focused: true)
    guard !notifications.rows.isEmpty else {
      let message =
        notifications.isLoaded
        ? snapshot.localized("No notifications yet: buy something, or press t.")
        : snapshot.localized("Reading the outbox…")
      canvas.text(message, at: Point(x: inside.minX + 1, y: inside.minY), role: .dim)
      return
    }
    let window = AccountScreen.window(
      selected: selectedIndex(state), count: count, height: inside.height - 1)
    let table = TableView(
      columns: [
        .init(snapshot.localized("Time"), width: .fixed(16)),
        // Below 100 columns the URL (the inspector shows it) and below 70 the transaction
        // (its title is wider than its numbers) make room for the type and the delivery.
        .init(snapshot.localized("Type"), width: .fit(max: 24)),
        .init(
          snapshot.localized("Transaction"), width: .fit(max: 11), alignment: .trailing,
          shownFrom: 68),
        .init("URL", width: .flexible(min: 6), shownFrom: 98),
        .init(snapshot.localized("Delivery"), width: .flexible(min: 10)),
      ],
      rows: notifications.rows[window.rows].map { columns($0, snapshot: snapshot) },
      selection: window.selection)
    canvas.within(inside) { table.render(in: &$0) }
  }

  /// A row's columns: time, type/subtype, transaction, first URL, delivery state there.
  static func columns(_ row: NotificationRow, snapshot: StoreSnapshot) -> [String] {
    let first = row.deliveries.first
    var url = first?.url ?? "—"
    if row.deliveries.count > 1 { url += " +\(row.deliveries.count - 1)" }
    return [
      DateText.minute(row.signedDate), row.name, row.transactionID.map(String.init) ?? "",
      url, first.map { delivery($0.state, snapshot: snapshot) } ?? snapshot.localized("no URL"),
    ]
  }

  /// A delivery state in words: `delivered 14:03`, `HTTP 500 · retry 2026-12-07 15:03`.
  public static func delivery(
    _ state: NotificationRow.DeliveryState, snapshot: StoreSnapshot
  ) -> String {
    switch state {
    case .waiting:
      return snapshot.localized("waiting")
    case .delivered(let date):
      return snapshot.localized("delivered %@", DateText.minute(date))
    case .failed(let status, let result, let nextRetry):
      let why =
        status.map { snapshot.localized("failed: HTTP %@", String($0)) }
        ?? snapshot.localized("failed: %@", result)
      let next =
        nextRetry.map { snapshot.localized("retry %@", DateText.minute($0)) }
        ?? snapshot.localized("no more retries")
      return "\(why) · \(next)"
    }
  }
}
