import Foundation
import StoreTermTestSupport
import Testing

@testable import StoreTermCLI

/// Issue 29 with the real binary in tmux: a walk of 16 steps made with keys alone (`W` to
/// record), from purchases and Ask to Buy through time, billing issues and subscription
/// controls, replays with no difference on a fresh ledger.
@Suite(.serialized) struct RecordedWalkTmuxTests {
  /// The steps the keys made that the scenario file holds now (0 while it is missing or half
  /// written): not the real time that passed between them (`clock advance 69s`), which the
  /// recording keeps too.
  private static func steps(_ file: URL) -> Int {
    guard let data = try? Data(contentsOf: file),
      let scenario = try? ScenarioParser.parse(Array(data))
    else { return 0 }
    return scenario.steps.filter {
      guard case .clockAdvance(let text, _) = $0.action else { return true }
      return !text.hasSuffix("s")
    }.count
  }

  @Test func aWalkMadeWithKeysReplaysWithNoDifference() async throws {
    guard StoreTermTmuxTests.tmuxIsAvailable() else { return }
    let session = try TmuxSession(width: 100, height: 30, term: "xterm-256color")
    let file = session.directory.appending(path: "walk.scenario")
    _ = try session.waitUntil { $0.last == "$" }
    try session.send("t ui --record walk.scenario", "Enter")
    try session.expectScreen("the paywall did not appear") { lines in
      lines.contains { $0.contains("Premium Yearly") }
    }
    try session.send("W")
    try session.expectScreen("W did not show ● REC") { lines in
      lines.contains { $0.contains("● REC") }
    }

    // Each step is waited for in the file itself: the recording is the walk's own record.
    var written = 0
    func step(_ description: String, _ keys: String...) throws {
      for key in keys { try session.send(key) }
      written += 1
      let expected = written
      let held = try session.waitUntil { _ in Self.steps(file) >= expected }
      let recorded = (try? String(contentsOf: file, encoding: .utf8)) ?? "no file"
      let screen: String = held.lines.joined(separator: "\n")
      let message: String =
        "step \(expected) (\(description)) was not recorded once:\n\(screen)\n\(recorded)"
      guard held.held && Self.steps(file) == expected else {
        Issue.record("\(message)")
        throw TmuxError("the walk stopped at step \(expected)")
      }
    }
    // The filtered rows are read from the ledger after the filter is kept: wait for them,
    // then select the newest.
    func filter(_ text: String, rows product: String) throws {
      try session.send("/")
      for character in text { try session.send(String(character)) }
      try session.send("Enter")
      try session.expectScreen("the filter \(text) did not apply") { lines in
        let rows = lines.filter { $0.hasPrefix("│ ") && $0.contains(" default ") }
        return lines.contains { $0.contains("Filter: \(text)") } && !rows.isEmpty
          && rows.allSatisfy { $0.contains(product) }
      }
      try session.send("Home")
    }
    let coins = ["Home"] + Array(repeating: "j", count: 7)
    // The sheet stays open on its answer until Escape.
    try step("buy Plus Monthly", "Home", "j", "Enter", "Enter")
    try session.send("Escape")
    for key in coins { try session.send(key) }
    try step("buy 100 Coins", "Enter", "Enter")
    try session.send("Escape")
    try step("buy 100 Coins with Ask to Buy", "Enter", "l", "Enter")
    try session.send("Escape")
    try session.send("3")
    try session.expectScreen("the request did not show") { lines in
      lines.contains { $0.hasPrefix("│ 3 ") && $0.contains("pending approval") }
    }
    try step("approve the request", "Home", "a")
    try step("a day passes", "t")
    try step("30 days pass", "T")
    try step("billing issues on", "g", "j", "j", "Space")
    try session.send("Escape")
    try step("30 days pass: the renewal fails", "T")
    try filter("Plus", rows: "Plus Monthly")
    try step("resolve the billing issue", "s")
    try step("auto-renew off", "o")
    try step("auto-renew on", "O")
    try step("a price increase", "p")
    try step("consent to it", "c")
    try step("expire", "e")
    try step("renew now (it fails: billing issues are on)", "n")
    try session.send("/", "Escape")
    try filter("Coins", rows: "100 Coins")
    try step("refund the coins", "r")
    try session.send("W")
    try session.expectScreen("W did not stop recording") { lines in
      !lines.contains { $0.contains("● REC") } && lines.contains { $0.contains("Transactions") }
    }
    try session.send("q")
    let restored = try session.waitUntil { $0.suffix(2) == ["exit=0", "$"] }
    #expect(restored.held, "q did not restore the shell")

    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(Self.steps(file) == 16, "\(text)")
    #expect(!FileManager.default.fileExists(atPath: "walk.scenario"), "written beside the tests")
    #expect(text.contains("\npurchase dev.storeterm.demo.coins.100 ask-to-buy\n"), "\(text)")
    #expect(text.contains("\nsetting billing-issues on\n"), "\(text)")
    let replay = await runStoreTerm(["scenario", "run", file.path])
    #expect(replay.status == 0, "\(replay.standardOutput)\(replay.standardError)\n\(text)")
    #expect(replay.standardOutput.hasSuffix(" steps replayed, no difference\n"))

    // One expectation edited: the replay stops at that step and says what differs.
    let edited = try #require(text.range(of: "auto-renew=off"))
    try Data(text.replacingCharacters(in: edited, with: "auto-renew=on").utf8).write(to: file)
    let diverged = await runStoreTerm(["scenario", "run", file.path])
    #expect(diverged.status == 1)
    #expect(
      diverged.standardOutput.contains(": DIFFERS\n")
        && diverged.standardOutput.contains(": status 5A1E0001: auto-renew: expected on, got off\n"),
      "\(diverged.standardOutput)")
    #expect(diverged.standardOutput.contains(") auto-renew-off "), "\(diverged.standardOutput)")
  }
}
