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

  /// Paints the event log into `canvas`.
  static func render(_ state: AppState, in canvas: inout Canvas) {
    let entries = state.snapshot.events
    let frame = canvas.bounds
    let title =
      state.eventLog.scrollBack == 0
      ? "Event log · following" : "Event log · \(state.eventLog.scrollBack) newer below"
    let inside = canvas.panel(frame, title: title, focused: true)
    guard !entries.isEmpty else {
      canvas.text("Nothing yet.", at: Point(x: inside.minX + 1, y: inside.minY), role: .dim)
      return
    }
    let height = max(1, inside.height - 1)
    let end = max(0, entries.count - state.eventLog.scrollBack)
    let visible = entries[max(0, end - height)..<end]
    let table = TableView(
      columns: [
        .init("Time", width: .fixed(8)),
        .init("From", width: .fit(max: 9)),
        .init("Kind", width: .fit(max: 16)),
        .init("Product", width: .fit(max: 16)),
        .init("ID", width: .fit(max: 8), alignment: .trailing),
        .init("Detail", width: .flexible(min: 8)),
      ],
      rows: visible.map { entry in
        [
          DateText.time(entry.date), entry.origin == .app ? "app" : "App Store", entry.kind,
          entry.productID.map(state.snapshot.name(of:)) ?? "",
          entry.transactionID.map(String.init) ?? "", entry.detail,
        ]
      })
    canvas.within(inside) { table.render(in: &$0) }
  }
}
