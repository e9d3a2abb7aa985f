import Dispatch
import Foundation
import StoreTermTestSupport
import Synchronization
import Testing

/// The front end open while four command-line processes buy at once on its ledger: no command
/// sees "database is locked", nothing is lost, and the screen shows every purchase by itself.
@Suite(.serialized) struct ConcurrentProcessesTmuxTests {
  static let purchasesPerProcess = 5

  @Test func fourWritersAndTheScreenAgree() throws {
    guard StoreTermTmuxTests.tmuxIsAvailable() else { return }
    let session = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    _ = try session.waitUntil { $0.last == "$" }
    try session.send("t ui", "Enter")
    let shown = try session.waitUntil { lines in
      lines.contains { $0.contains("100 Coins") && $0.contains("Balance 100 Coins × 0") }
    }
    #expect(shown.held, "the paywall did not appear:\n\(shown.lines.joined(separator: "\n"))")

    let failures = Mutex<[String]>([])
    let database = session.database
    let folder = (database as NSString).deletingLastPathComponent
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<Self.purchasesPerProcess {
        do {
          // What `session.storeterm` runs, from four threads at once.
          let outcome = try Subprocess.run(
            TmuxSession.storeterm,
            ["purchase", "dev.storeterm.demo.coins.100", "--db", database],
            environment: ["PATH=/usr/bin:/bin", "HOME=\(folder)", "XDG_STATE_HOME=\(folder)"])
          if outcome.status != 0 || outcome.error.contains("locked") {
            failures.withLock { $0.append("status \(outcome.status): \(outcome.error)") }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])

    let total = 4 * Self.purchasesPerProcess
    let balances = try session.storeterm(["balances", "--json"])
    #expect(balances.output.contains("\"balance\": \(total)"), "\(balances.output)")
    // The screen catches up without a key press.
    let updated = try session.waitUntil { lines in
      lines.contains { $0.contains("100 Coins") && $0.contains("Balance 100 Coins × \(total)") }
    }
    #expect(
      updated.held, "the balance did not reach \(total):\n\(updated.lines.joined(separator: "\n"))")

    try session.send("q")
    let restored = try session.waitUntil { $0.suffix(2) == ["exit=0", "$"] }
    #expect(restored.held, "q did not restore the shell")
  }
}
