import Foundation
import StoreTermCLI
import StoreTermTestSupport

/// `storeterm-bench fuzz`'s scenario files (issues 27 and 29): mutated and hostile scenario
/// files given to `storeterm scenario run`.
///
/// Each case starts from a valid scenario and mutates it (a word replaced by junk, a line
/// duplicated thousands of times, control and bidi characters, invalid UTF-8, a huge line, an
/// unknown step, a number out of range) or is hostile whole (empty, binary). The answer must be
/// status 0 (it still replays), 1 (a divergence, named by its step) or 64 (refused: one
/// `storeterm:` line naming the file); never another status, no raw control character in any
/// output, and the ledger `--db` names is never created (a scenario replays on its own).
struct ScenarioFuzzBenchmark {
  var cases: Int
  var seed: UInt64 = 20_261_203

  /// A valid scenario every mutation starts from.
  static let base = """
    catalog demo
    clock start 2026-01-01T00:00:00Z

    purchase dev.storeterm.demo.plus.monthly ask-to-buy
      expect outcome pending
      expect pending 1 dev.storeterm.demo.plus.monthly pendingApproval

    approve 1
      expect entitlements dev.storeterm.demo.plus.monthly

    clock advance 8d
    refund 2
      expect entitlements none

    """

  func run() async throws -> Bool {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-bench-scenariofuzz-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let ledger = directory.appending(path: "never.sqlite").path
    var random = SeededGenerator(seed: seed)
    var tally: [Int32: Int] = [:]
    var failures: [String] = []
    let started = Date()
    for index in 0..<cases {
      let (kind, bytes) = Self.mutate(index, random: &random)
      let file = directory.appending(path: "case-\(index).scenario")
      try Data(bytes).write(to: file)
      let run = await runStoreTerm(["scenario", "run", file.path, "--db", ledger])
      tally[run.status, default: 0] += 1
      let firstError = run.standardError.split(separator: "\n").first.map(String.init) ?? ""
      let raw = (run.standardOutput + run.standardError).unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F
          || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
      }
      var problem: String?
      if ![0, 1, 64].contains(run.status) {
        problem = "status \(run.status)"
      } else if run.status == 64, !firstError.hasPrefix("storeterm: ") {
        problem = "refusal \(firstError.debugDescription)"
      } else if raw {
        problem = "a raw control character reached the output"
      } else if FileManager.default.fileExists(atPath: ledger) {
        problem = "the --db ledger was created"
      }
      if let problem, failures.count < 5 { failures.append("\(kind): \(problem)") }
      if problem != nil, failures.count >= 5 { break }
      try? FileManager.default.removeItem(at: file)
    }
    let seconds = Date().timeIntervalSince(started)
    print(
      "fuzz scenarios: \(cases) files in \(String(format: "%.1f", seconds)) s: "
        + tally.sorted { $0.key < $1.key }.map { "\($0.value) exit \($0.key)" }
        .joined(separator: ", "))
    failures.forEach { print("  BAD \($0)") }
    return failures.isEmpty
  }

  /// Case `index`: its kind and bytes.
  static func mutate(_ index: Int, random: inout SeededGenerator) -> (String, [UInt8]) {
    var lines = base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = Int(random.next() % UInt64(lines.count))
    func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }
    switch index % 10 {
    case 0:
      var parts = words(lines[line])
      if !parts.isEmpty { parts[Int(random.next() % UInt64(parts.count))] = "zz\(random.next())" }
      lines[line] = parts.joined(separator: " ")
      return ("word replaced", Array(lines.joined(separator: "\n").utf8))
    case 1:
      lines[line] += "\u{1B}[2J\u{7}"
      return ("escape sequence", Array(lines.joined(separator: "\n").utf8))
    case 2:
      lines[line] += " \u{202E}evil"
      return ("bidi override", Array(lines.joined(separator: "\n").utf8))
    case 3:
      var bytes = Array(lines.joined(separator: "\n").utf8)
      bytes.insert(contentsOf: [0xC3, 0x28, 0xFF], at: Int(random.next() % UInt64(bytes.count)))
      return ("invalid UTF-8", bytes)
    case 4:
      lines[line] += String(repeating: "x", count: 5_000)
      return ("huge line", Array(lines.joined(separator: "\n").utf8))
    case 5:
      lines.insert("teleport 42 somewhere", at: line)
      return ("unknown step", Array(lines.joined(separator: "\n").utf8))
    case 6:
      lines.append(contentsOf: Array(repeating: "clock advance 1d", count: 6_000))
      return ("too many steps", Array(lines.joined(separator: "\n").utf8))
    case 7:
      lines[line] = lines[line].replacingOccurrences(of: "1", with: "99999999999999999999999")
      return ("number out of range", Array(lines.joined(separator: "\n").utf8))
    case 8:
      return ("binary", (0..<512).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    default:
      lines.shuffle(using: &random)
      return ("lines shuffled", Array(lines.joined(separator: "\n").utf8))
    }
  }
}
