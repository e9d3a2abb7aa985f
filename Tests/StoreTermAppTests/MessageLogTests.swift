import Foundation
import StoreTermApp
import TerminalUI
import Testing

/// Status messages clear on the next key or after a few seconds of the time ticks bring in, and
/// `!` shows every recent message in full, newest first.
@Suite struct MessageLogTests {
  private func updated(_ state: AppState, _ actions: AppAction...) -> AppState {
    var state = state
    for action in actions { _ = StoreTermApp.update(&state, action) }
    return state
  }

  private let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aMessageClearsOnTheNextKey() {
    let shown = updated(
      Fixtures.state(), .finished(.restored))
    #expect(shown.toast == Toast("Purchases restored.", kind: .success))
    #expect(updated(shown, .move(1)).toast == nil)
    #expect(updated(shown, .show(.account)).toast == nil)
  }

  @Test func resultsAndResizesLeaveTheMessage() {
    let shown = updated(Fixtures.state(), .refused("read-only"))
    let after = updated(
      shown, .storeChanged(shown.snapshot), .resized(Size(width: 90, height: 30)))
    #expect(after.toast == Toast("read-only", kind: .warning))
    // The notification outbox changing under the Notifications screen is not a key either.
    let outbox = updated(shown, .notifications(.changed))
    #expect(outbox.toast == Toast("read-only", kind: .warning))
  }

  @Test func aMessageExpiresAfterItsLifetimeOfTicks() {
    var state = updated(Fixtures.state(), .tick(start), .refused("read-only"))
    state = updated(state, .tick(start.addingTimeInterval(4.9)))
    #expect(state.toast?.message == "read-only")
    state = updated(state, .tick(start.addingTimeInterval(5)))
    #expect(state.toast == nil)
    // The log keeps it.
    #expect(state.messages.entries.map(\.message) == ["read-only"])
  }

  @Test func aMessageShownBeforeAnyTickCountsFromTheFirstTick() {
    var state = updated(Fixtures.state(), .refused("read-only"), .tick(start))
    state = updated(state, .tick(start.addingTimeInterval(4)))
    #expect(state.toast != nil)
    state = updated(state, .tick(start.addingTimeInterval(5)))
    #expect(state.toast == nil)
  }

  @Test func aNewMessageStartsItsOwnTime() {
    var state = updated(Fixtures.state(), .tick(start), .refused("first"))
    state = updated(
      state, .tick(start.addingTimeInterval(4)),
      .finished(.refused("second")),
      .tick(start.addingTimeInterval(6)))
    #expect(state.toast == Toast("second", kind: .error))
    state = updated(state, .tick(start.addingTimeInterval(9)))
    #expect(state.toast == nil)
  }

  @Test func theLogListsMessagesNewestFirstAndKeepsFifty() {
    var state = Fixtures.state()
    for index in 1...60 {
      state = updated(state, .finished(.refused("message \(index)")))
    }
    #expect(state.messages.entries.count == MessageLog.capacity)
    #expect(state.messages.entries.first?.message == "message 60")
    #expect(state.messages.entries.last?.message == "message 11")
  }

  @Test func exclamationOpensTheLogAndItsKeysScrollAndClose() {
    var state = updated(Fixtures.state(), .refused("read-only"))
    let open = StoreTermApp.action(for: .key(.char("!")), in: state)
    #expect(open == .messages(.toggle))
    state = updated(state, open!)
    #expect(state.modal == .messageLog)
    #expect(StoreTermApp.action(for: .key(.down), in: state) == .messages(.scroll(1)))
    #expect(StoreTermApp.action(for: .key(.char("1")), in: state) == nil)
    #expect(StoreTermApp.action(for: .key(.escape), in: state) == .messages(.toggle))
    // Opening the log is a key: the status line clears, the log keeps the message.
    #expect(state.toast == nil)
    #expect(state.messages.entries.map(\.message) == ["read-only"])
  }

  @Test func theLogShowsLongMessagesWrappedInFull() {
    let long =
      "Joining failed: a family group name is 1 to 64 letters, digits, '-', '_' or '.'. "
      + "Nothing changed; try again with a shorter name."
    var state = updated(
      Fixtures.state(), .finished(.refused(.text(long))),
      .finished(.restored), .messages(.toggle))
    state.size = Size(width: 60, height: 18)
    let text = StoreTermApp.view(state, size: state.size).lines.joined(separator: "\n")
    #expect(text.contains("│ Purchases restored."))
    #expect(text.contains("│ Joining failed: a family group name is 1 to 64 letters,"))
    #expect(text.contains("│ digits, '-', '_' or '.'. Nothing changed; try again with │"))
    #expect(text.contains("│ a shorter name. "))
    let overlay = StoreTermApp.view(state, size: state.size).lines[5...11]
    #expect(!overlay.contains { $0.contains("…") })
  }

  @Test func aLongLogScrollsWithMarks() {
    var state = Fixtures.state()
    for index in 1...20 {
      state = updated(state, .finished(.refused("message \(index)")))
    }
    state.size = Size(width: 60, height: 18)
    state = updated(state, .messages(.toggle))
    var lines = StoreTermApp.view(state, size: state.size).lines
    #expect(lines[0].contains("Messages"))
    #expect(lines[17].contains("↓ 23 more"))
    state = updated(state, .messages(.scroll(100)))
    lines = StoreTermApp.view(state, size: state.size).lines
    #expect(lines[0].contains("↑ 23 more"))
    #expect(lines[16].contains("message 1 "))
  }
}
