import Foundation
import StoreCore

/// Reads a scenario file: bounded in size, line length and step count, and every value checked
/// for its type before anything runs, so a bad file is refused with its line and no ledger is
/// ever opened for it.
enum ScenarioParser {
  /// The largest scenario file: a recorded walk of thousands of steps stays far below it.
  static let maximumBytes = 1_048_576
  /// The longest line, in bytes.
  static let maximumLineBytes = 1_000
  /// The most steps one scenario may have.
  static let maximumSteps = 5_000
  /// The longest identifier, name or other single value.
  static let maximumValueLength = 200

  /// The switches `setting NAME on|off` turns, by the names `storeterm settings` takes.
  static let settings = SettingsCommand.names.map(\.name)

  /// Reads the scenario at `path`, refusing a file larger than ``maximumBytes`` before reading it.
  static func read(path: String) throws -> Scenario {
    // Reading follows a link (only writing never does); a FIFO or device would block or never end.
    var info = stat()
    guard stat(path, &info) == 0 else { throw ScenarioError(line: 0, message: "no such file") }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw ScenarioError(line: 0, message: "not a regular file")
    }
    guard Int(info.st_size) <= maximumBytes else {
      throw ScenarioError(
        line: 0,
        message:
          "is \(Int(info.st_size) / 1_048_576) MB; a scenario file is at most 1 MB")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw ScenarioError(line: 0, message: "cannot be read")
    }
    defer { try? handle.close() }
    // Read one byte more than allowed: a file that grew after the check is still refused.
    let data = (try? handle.read(upToCount: maximumBytes + 1)) ?? Data()
    guard data.count <= maximumBytes else {
      throw ScenarioError(line: 0, message: "is larger than 1 MB, the most a scenario file may be")
    }
    return try parse(Array(data))
  }

  /// Parses a scenario's bytes.
  static func parse(_ bytes: [UInt8]) throws -> Scenario {
    guard bytes.count <= maximumBytes else {
      throw ScenarioError(line: 0, message: "is larger than 1 MB, the most a scenario file may be")
    }
    var scenario = Scenario()
    var lineNumber = 0
    var sawStep = false
    for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      var lineBytes = Array(rawLine)
      if lineBytes.last == UInt8(ascii: "\r") { lineBytes.removeLast() }
      guard lineBytes.count <= maximumLineBytes else {
        throw ScenarioError(
          line: lineNumber, message: "longer than \(maximumLineBytes) bytes")
      }
      guard let text = String(validating: lineBytes, as: UTF8.self) else {
        throw ScenarioError(line: lineNumber, message: "not UTF-8 text")
      }
      if let scalar = text.unicodeScalars.first(where: Self.isForbidden) {
        throw ScenarioError(
          line: lineNumber,
          message: "holds a control character (U+\(String(format: "%04X", scalar.value)))")
      }
      let tokens = try tokenize(text, line: lineNumber)
      guard let first = tokens.first else { continue }
      if first == "expect" {
        let expectation = ScenarioExpectation(
          line: lineNumber, fact: try expectation(Array(tokens.dropFirst()), line: lineNumber))
        if scenario.steps.isEmpty {
          scenario.initial.append(expectation)
        } else {
          scenario.steps[scenario.steps.count - 1].expectations.append(expectation)
        }
        continue
      }
      if first == "catalog" || (first == "clock" && tokens.dropFirst().first == "start") {
        guard !sawStep else {
          throw ScenarioError(
            line: lineNumber,
            message: "'\(tokens.prefix(2).joined(separator: " "))' belongs"
              + " before the first step")
        }
        try header(tokens, line: lineNumber, into: &scenario)
        continue
      }
      guard scenario.steps.count < maximumSteps else {
        throw ScenarioError(line: lineNumber, message: "more than \(maximumSteps) steps")
      }
      sawStep = true
      scenario.steps.append(
        ScenarioStep(line: lineNumber, action: try action(tokens, line: lineNumber)))
    }
    return scenario
  }

  /// Control characters (C0, DEL, C1) and the invisible formatting marks that reorder text.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "\t" { return false }
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
      return true
    default: return false
    }
  }

  /// Words separated by spaces or tabs; `"…"` keeps a value with spaces (an offer code's
  /// reference name); `#` starts a comment outside quotes.
  static func tokenize(_ text: String, line: Int) throws -> [String] {
    var tokens: [String] = []
    var current = ""
    var quoted = false
    var inToken = false
    for character in text {
      if quoted {
        if character == "\"" {
          quoted = false
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case " ", "\t":
        if inToken { tokens.append(current) }
        current = ""
        inToken = false
      case "\"":
        quoted = true
        inToken = true
      case "#" where !inToken:
        return tokens
      default:
        current.append(character)
        inToken = true
      }
    }
    guard !quoted else { throw ScenarioError(line: line, message: "a quote is not closed") }
    if inToken { tokens.append(current) }
    if let long = tokens.first(where: { $0.count > maximumValueLength }) {
      throw ScenarioError(
        line: line,
        message: "a value of \(long.count) characters; values are at most \(maximumValueLength)")
    }
    return tokens
  }

  private static func header(_ tokens: [String], line: Int, into scenario: inout Scenario) throws {
    if tokens[0] == "catalog" {
      guard tokens.count == 2, !tokens[1].isEmpty else {
        throw ScenarioError(
          line: line, message: "'catalog' takes one value: demo, demo-jp or a .storekit path")
      }
      scenario.catalog = tokens[1]
      return
    }
    guard tokens.count == 3, let date = Self.date(tokens[2]) else {
      throw ScenarioError(
        line: line,
        message: "'clock start' takes a UTC date such as 2026-01-01T00:00:00Z")
    }
    guard date >= Date(timeIntervalSince1970: 946_684_800), date < SimulatedClock.latest else {
      throw ScenarioError(
        line: line,
        message: "'clock start' must lie between 2000 and 2099, where the test"
          + " certificates are valid")
    }
    scenario.clockStart = date
  }

  /// A date as scenarios write it: `2026-01-01T00:00:00Z`, or to the minute `2026-01-01T00:00Z`.
  static func date(_ text: String) -> Date? {
    guard text.count <= 25 else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    if let date = formatter.date(from: text) { return date }
    guard text.hasSuffix("Z"), text.count == 17 else { return nil }
    return formatter.date(from: String(text.dropLast()) + ":00Z")
  }
}
