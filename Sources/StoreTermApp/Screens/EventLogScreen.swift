import TerminalUI

/// The event log's scroll position, counted back from the newest entry.
public struct EventLogState: Hashable, Sendable {
  /// How many entries above the newest the view is scrolled (0 follows new entries).
  public var scrollBack = 0

  /// Creates the state, following new entries.
  public init() {}
}

/// The event log (`4`): what the app's listener received and what the App Store logged, live.
public enum EventLogScreen {
  /// The event log's own keys.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "older", group: "Event log",
      showsInHintBar: false, action: .move(-1)),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "newer", group: "Event log",
      showsInHintBar: false, action: .move(1)),
    KeyBinding(
      [.pageUp], description: "older page", group: "Event log", showsInHintBar: false,
      action: .move(-10)),
    KeyBinding(
      [.pageDown], description: "newer page", group: "Event log", showsInHintBar: false,
      action: .move(10)),
    KeyBinding(
      [.end], description: "follow new events", group: "Event log", action: .moveToLast),
  ])

  /// The entries in simulated time order, oldest first; entries of one moment keep the order
  /// they were recorded in (a clock moved back by another process never reorders the past).
  public static func ordered(_ entries: [EventLogEntry]) -> [EventLogEntry] {
    entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
      .map(\.element)
  }

  /// Scrolls by `delta` entries; the log counts back from the newest entry, so down (newer)
  /// lowers the scroll.
  static func move(_ state: inout AppState, by delta: Int) {
    let count = state.snapshot.events.count
    let limited = max(-count, min(count, delta))
    state.eventLog.scrollBack = min(
      max(state.eventLog.scrollBack - limited, 0), max(0, count - 1))
  }

  /// An entry's detail in words: the outcome, then what a delivery gave.
  public static func detail(_ entry: EventLogEntry, _ snapshot: StoreSnapshot) -> String {
    var parts = [EventNoteWords.text(entry.detail, snapshot)].filter { !$0.isEmpty }
    if let grant = entry.grant, let productID = entry.productID {
      parts.append(
        GrantWords.text(
          grant, productID: productID, transactionID: entry.transactionID, snapshot))
    }
    return parts.joined(separator: " · ")
  }

  /// The event log's columns: below 100 columns the origin goes, below 70 the product too
  /// (the detail names what a grant was), so the detail keeps room to be read.
  static func columns(_ snapshot: StoreSnapshot) -> [TableView.Column] {
    [
      .init(snapshot.localized("Time"), width: .fit(max: 20)),
      .init(snapshot.localized("From"), width: .fit(max: 9), shownFrom: 98),
      .init(snapshot.localized("Kind"), width: .fit(max: 16)),
      .init(snapshot.localized("Product"), width: .fit(max: 14), shownFrom: 68),
      .init("ID", width: .fit(max: 8), alignment: .trailing),
      .init(snapshot.localized("Detail"), width: .flexible(min: 8)),
    ]
  }

  /// Paints the event log into `canvas`.
  static func render(_ state: AppState, in canvas: inout Canvas) {
    let snapshot = state.snapshot
    let entries = ordered(snapshot.events)
    let frame = canvas.bounds
    let title =
      state.eventLog.scrollBack == 0
      ? snapshot.localized("Event log · following")
      : snapshot.localized("Event log · %@ newer below", "\(state.eventLog.scrollBack)")
    let inside = canvas.panel(frame, title: title, focused: true)
    guard !entries.isEmpty else {
      canvas.text(
        snapshot.localized("Nothing yet."), at: Point(x: inside.minX + 1, y: inside.minY),
        role: .dim)
      return
    }
    let height = max(1, inside.height - 1)
    let end = max(0, entries.count - state.eventLog.scrollBack)
    let first = max(0, end - height)
    let visible = entries[first..<end]
    let table = TableView(
      columns: columns(snapshot),
      rows: visible.map { entry in
        [
          // The format of every other screen, with seconds.
          DateText.second(entry.date),
          snapshot.localized(entry.origin == .app ? "app" : "App Store"),
          EventKindWords.text(entry.kind, snapshot),
          entry.productID.map(snapshot.name(of:)) ?? "",
          entry.transactionID.map(String.init) ?? "", detail(entry, snapshot),
        ]
      })
    canvas.within(inside) { table.render(in: &$0) }
    ScrollMarks(
      offset: first, height: height, count: entries.count,
      more: state.snapshot.localized("%@ more")
    )
    .render(onFrame: frame, in: &canvas)
  }
}
