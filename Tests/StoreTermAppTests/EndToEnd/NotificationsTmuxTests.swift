import Foundation
import StoreTermTestSupport
import Testing

/// The Notifications screen (`6`) of the real `storeterm ui` in tmux: a notification written by
/// another process's `storeterm purchase` (the outbox is written with each ledger event) appears
/// without a key press, and `Enter` shows its decoded payload.
///
/// Skipped with a printed reason without tmux, except under `CI=true`, where that is a failure.
/// Waits are bounded polls of `capture-pane`.
@Suite(.serialized) struct NotificationsTmuxTests {
  @Test func aPurchaseFromAnotherProcessAppearsWithItsDecodedPayload() throws {
    guard StoreTermTmuxTests.tmuxIsAvailable() else { return }
    let session = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    _ = try session.waitUntil { $0.last == "$" }
    try session.send("t ui", "Enter")
    let shown = try session.waitUntil { lines in
      lines.contains { $0.contains("Plus Monthly") && $0.contains("$4.99 / month") }
    }
    #expect(shown.held, "the paywall did not appear:\n\(shown.lines.joined(separator: "\n"))")
    try session.send("6")
    let empty = try session.waitUntil { lines in
      lines.contains { $0.contains("No notifications yet: buy something, or press t.") }
    }
    #expect(empty.held, "no empty outbox:\n\(empty.lines.joined(separator: "\n"))")

    let bought = try session.storeterm(["purchase", "dev.storeterm.demo.lifetime"])
    #expect(bought.status == 0, "\(bought.error)")
    // A fresh ledger numbers its first transaction 1; no `serve --notify` URL is registered.
    let listed = try session.waitUntil { lines in
      lines.contains { $0.contains("┌ Notifications (1) ") }
        && lines.contains { $0.contains("ONE_TIME_CHARGE") && $0.contains(" 1 ") }
    }
    #expect(
      listed.held, "the notification did not appear:\n\(listed.lines.joined(separator: "\n"))")

    try session.send("Enter")
    let inspected = try session.waitUntil { lines in
      lines.contains { $0.contains("┌ Notification ") }
        && lines.contains { $0.contains("\"notificationType\": \"ONE_TIME_CHARGE\"") }
        && lines.contains { $0.contains("\"bundleId\": \"dev.storeterm.demo\"") }
    }
    #expect(
      inspected.held, "no decoded payload:\n\(inspected.lines.joined(separator: "\n"))")
    #expect(inspected.lines.contains { $0.contains("transaction 1") })

    try session.send("Escape")
    #expect(try session.waitUntil { $0.contains { $0.contains("┌ Notifications (1) ") } }.held)
    try session.send("q")
    let restored = try session.waitUntil { $0.suffix(2) == ["exit=0", "$"] }
    #expect(restored.held, "q did not restore the shell")
  }
}
