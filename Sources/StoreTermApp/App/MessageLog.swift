import Foundation
import TerminalUI

/// The status messages of the session, newest first, and how long the current one has shown.
///
/// The status line shows one message until the next key or ``lifetime`` seconds of the time
/// that comes in through ``AppAction/tick(_:)``; `!` opens the log, where every recent message
/// reads in full.
public struct MessageLog: Hashable, Sendable {
  /// How many messages the log keeps.
  public static let capacity = 50
  /// Seconds a message stays on the status line when no key is pressed.
  public static let lifetime: TimeInterval = 5

  /// The messages, newest first.
  public private(set) var entries: [Toast] = []
  /// Lines the overlay is scrolled down by.
  public var scroll = 0
  /// The time of the latest tick.
  public private(set) var now: Date?
  /// When the message on the status line began to show (the first tick that saw it).
  var shownSince: Date?

  /// Creates an empty log.
  public init() {}

  /// Records `toast` as the newest message; it starts its time on the status line.
  mutating func record(_ toast: Toast) {
    entries.insert(toast, at: 0)
    if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
    shownSince = now
  }

  /// Takes the time in; returns whether the message on show has outlived ``lifetime``.
  mutating func tick(_ date: Date, showing: Bool) -> Bool {
    now = date
    guard showing else {
      shownSince = nil
      return false
    }
    guard let since = shownSince else {
      shownSince = date
      return false
    }
    return date.timeIntervalSince(since) >= Self.lifetime
  }
}

/// What the user does with the message log.
public enum MessageLogAction: Sendable, Equatable {
  /// `!`: opens the log, or closes it.
  case toggle
  /// Scrolls the open log by this many lines.
  case scroll(Int)
}

extension AppAction {
  /// Whether the action comes from the user (a key or a click), which clears the status
  /// line's message; results, ticks and resizes leave it.
  var isUserInput: Bool {
    switch self {
    case .storeChanged, .purchaseFinished, .finished, .resized, .tick, .transactions(.loaded),
      .account(.loaded):
      false
    case .redeem(let action):
      switch action {
      case .presented, .presentFailed, .finished: false
      default: true
      }
    case .refund(.finished), .family(.finished), .retention(.shown), .retention(.taken): false
    // The outbox changing or a page arriving is the runner talking, not the user.
    case .notifications(.changed), .notifications(.loaded), .notifications(.finished): false
    case .support(let action):
      switch action {
      case .found, .foundMore, .loaded, .failed: false
      default: true
      }
    default: true
    }
  }
}

extension StoreTermApp {
  /// The message log's overlay keys: `!`, `Esc`, `q` close it; arrows and pages scroll.
  static func messageLogAction(for key: Key) -> AppAction? {
    switch key {
    case .char("!"), .escape, .char("q"), .enter: .messages(.toggle)
    case .up, .char("k"): .messages(.scroll(-1))
    case .down, .char("j"): .messages(.scroll(1))
    case .pageUp: .messages(.scroll(-10))
    case .pageDown: .messages(.scroll(10))
    default: nil
    }
  }

  /// Applies a message log action.
  static func update(_ state: inout AppState, _ action: MessageLogAction) {
    switch action {
    case .toggle:
      // Opens over the screen only; the log's own `!` closes it.
      if state.modal == .messageLog {
        state.modal = nil
      } else if state.modal == nil {
        state.modal = .messageLog
      }
      state.messages.scroll = 0
    case .scroll(let delta):
      let lines = messageOverlay(state).lines(width: messageWidth(state.size)).count
      let height = max(1, state.size.height - 2)
      state.messages.scroll = TextOverlay.clampedScroll(
        state.messages.scroll + delta, count: lines, height: height)
    }
  }

  /// Clears the status line's message on a key, records a new one in the log, and lets a
  /// tick expire the one on show.
  static func noteMessages(
    _ state: inout AppState, _ action: AppAction, applying update: (inout AppState) -> [AppEffect]
  ) -> [AppEffect] {
    if case .tick(let date) = action {
      if state.messages.tick(date, showing: state.toast != nil) { state.toast = nil }
      return []
    }
    if action.isUserInput { state.toast = nil }
    let before = state.toast
    let effects = update(&state)
    if let toast = state.toast, toast != before { state.messages.record(toast) }
    return effects
  }

  /// The width the log's text wraps at in a terminal of `size`.
  static func messageWidth(_ size: Size) -> Int { max(1, min(72, size.width - 4)) }

  /// The message log overlay: every recent message in full, newest first.
  static func messageOverlay(_ state: AppState) -> TextOverlay {
    let snapshot = state.snapshot
    let paragraphs =
      state.messages.entries.isEmpty
      ? [TextOverlay.Paragraph(snapshot.localized("No messages yet."), role: .dim)]
      : state.messages.entries.map { TextOverlay.Paragraph($0.message, role: $0.role) }
    var overlay = TextOverlay(
      title: snapshot.localized("Messages"), paragraphs: paragraphs, scroll: state.messages.scroll,
      maximumWidth: 72)
    overlay.more = snapshot.localized("%@ more")
    return overlay
  }
}
