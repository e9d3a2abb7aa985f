import Foundation
import StoreTermTestSupport
import Testing

@testable import StoreTermCLI

/// A malformed or hostile scenario file: one sentence naming the file and line, exit 64, and
/// no ledger opened (the one `--db` names stays as it was).
@Suite struct ScenarioFileTests {
  /// A file's text and the sentence its refusal must hold.
  struct Hostile: CustomStringConvertible, Sendable {
    var name: String
    var text: String
    var line: Int
    var says: String
    var description: String { name }
  }

  static let hostile: [Hostile] = [
    Hostile(
      name: "unknown step", text: "catalog demo\npurchase dev.storeterm.demo.lifetime\nrefnd 1\n",
      line: 3, says: "'refnd' is not a step (purchase, approve"),
    Hostile(
      name: "transaction ID of the wrong type", text: "approve two\n", line: 1,
      says: "'two' is not a transaction ID (a whole number such as 2)"),
    Hostile(
      name: "balance of the wrong type",
      text:
        "purchase dev.storeterm.demo.coins.100\n  expect balance dev.storeterm.demo.coins.100 many\n",
      line: 2, says: "'expect balance' takes a product ID and a whole number"),
    Hostile(
      name: "escape sequence in a product ID",
      text: "purchase dev.storeterm.demo.lifetime\u{1B}]0;owned\u{07}\n", line: 1,
      says: "holds a control character (U+001B)"),
    Hostile(
      name: "bidirectional override", text: "customer \u{202E}nimda\n", line: 1,
      says: "holds a control character (U+202E)"),
    Hostile(
      name: "unknown setting", text: "setting ask-to-pay on\n", line: 1,
      says: "'setting' takes a switch (ask-to-buy, interrupted-purchases, billing-issues,"),
    Hostile(
      name: "state that is not Apple's", text: "expect status 5A1E0001 active\n", line: 1,
      says: "'active' is not a subscription state (subscribed, expired"),
    Hostile(
      name: "negative time travel", text: "clock advance -3d\n", line: 1,
      says: "'-3d' is not a positive duration"),
    Hostile(
      name: "header after a step", text: "approve 1\ncatalog demo\n", line: 2,
      says: "'catalog demo' belongs before the first step"),
    Hostile(
      name: "open quote", text: "family join \"smiths\n", line: 1, says: "a quote is not closed"),
    Hostile(
      name: "long line", text: "# ok\npurchase " + String(repeating: "a", count: 1_200) + "\n",
      line: 2, says: "longer than 1000 bytes"),
    Hostile(
      name: "too many steps", text: String(repeating: "clock advance 1d\n", count: 5_001),
      line: 5_001, says: "more than 5000 steps"),
  ]

  @Test(arguments: hostile)
  func aBadFileIsOneSentenceWithItsLineAndTouchesNoLedger(_ bad: Hostile) async throws {
    let folder = try TestPaths.temporaryDirectory()
    let file = folder.appending(path: "bad.scenario").path
    try Data(bad.text.utf8).write(to: URL(fileURLWithPath: file))
    let db = folder.appending(path: "ledger.sqlite").path
    let run = await runStoreTerm(["scenario", "run", file, "--db", db])
    #expect(run.status == 64, "\(bad)")
    let first = run.standardError.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("storeterm: \(file):\(bad.line): "), "\(bad): \(first)")
    #expect(first.contains(bad.says), "\(bad): \(first)")
    #expect(!first.contains("\u{1B}") && !first.contains("\u{202E}"))
    #expect(run.standardOutput == "")
    #expect(!FileManager.default.fileExists(atPath: db), "\(bad) opened a ledger")
  }

  @Test func aFileOf50MegabytesIsRefusedBeforeItIsRead() async throws {
    let folder = try TestPaths.temporaryDirectory()
    let file = folder.appending(path: "huge.scenario").path
    // A sparse file: its size is what the reader sees first, so it never reads 50 MB.
    #expect(FileManager.default.createFile(atPath: file, contents: Data("approve 1\n".utf8)))
    let handle = try #require(FileHandle(forWritingAtPath: file))
    try handle.truncate(atOffset: 50 * 1_048_576)
    try handle.close()
    let db = folder.appending(path: "ledger.sqlite").path
    let run = await runStoreTerm(["scenario", "run", file, "--db", db])
    #expect(run.status == 64)
    #expect(
      run.standardError.hasPrefix(
        "storeterm: \(file): is 50 MB; a scenario file is at most 1 MB\n"))
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  @Test func bytesThatAreNotUTF8AreRefusedAtTheirLine() async throws {
    let folder = try TestPaths.temporaryDirectory()
    let file = folder.appending(path: "latin1.scenario").path
    try Data([0x23, 0x0A, 0x63, 0x75, 0x73, 0x74, 0x6F, 0x6D, 0x65, 0x72, 0x20, 0xE9, 0x0A])
      .write(to: URL(fileURLWithPath: file))
    let run = await runStoreTerm(["scenario", "run", file])
    #expect(run.status == 64)
    #expect(run.standardError.hasPrefix("storeterm: \(file):2: not UTF-8 text\n"))
  }

  @Test func aFolderOrAMissingFileIsNamed() async throws {
    let folder = try TestPaths.temporaryDirectory()
    let directory = await runStoreTerm(["scenario", "run", folder.path])
    #expect(directory.status == 64)
    #expect(directory.standardError.hasPrefix("storeterm: \(folder.path): not a regular file\n"))
    let missing = await runStoreTerm(["scenario", "run", folder.appending(path: "none").path])
    #expect(missing.standardError.hasPrefix("storeterm: \(folder.path)/none: no such file\n"))
  }

  @Test func everyStepWrittenBackParsesToItself() throws {
    let text = """
      catalog demo
      clock start 2026-01-01T00:00:00Z
      purchase dev.storeterm.demo.coins.100 fail networkError quantity 3
      purchase dev.storeterm.demo.plus.monthly offer-code "Podcast code: 1 month free"
      purchase dev.storeterm.demo.plus.monthly interrupted offer intro
      price-increase 1 5.99
      refund 2 reason refundedDueToIssue
      decline-price-increase 1
      clock advance 1d12h
      clock rate monthlyRenewalEveryHour
      setting grace-period off
      customer bob
      family join "the smiths"
      family leave

      """
    let steps = try ScenarioParser.parse(Array(text.utf8)).steps.map(\.action.text)
    let lines = text.split(separator: "\n").dropFirst(2).map(String.init)
    #expect(steps == lines)
  }
}
