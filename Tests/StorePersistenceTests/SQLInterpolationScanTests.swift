import Foundation
import Testing

/// Finds SQL built by string interpolation in Swift source: a string literal containing `\(…)`
/// that either starts like SQL or is the first argument of a call that runs SQL.
enum SQLInterpolationScanner {
  /// Calls whose first argument is SQL text.
  static let sqlCalls = [
    "execute", "executeControl", "prepare", "fetchAll", "fetchOne", "sqlite3_exec",
    "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3",
  ]
  /// Words a SQL statement starts with.
  static let sqlKeywords: Set<String> = [
    "SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "PRAGMA",
    "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "WITH", "VACUUM", "ATTACH", "DETACH",
  ]

  private static let literal = try! NSRegularExpression(
    pattern: #"\"\"\"[\s\S]*?\"\"\"|\"(?:[^\"\\\n]|\\.)*\""#)
  private static let callBefore = try! NSRegularExpression(
    pattern: #"\b(?:\#(sqlCalls.joined(separator: "|")))\(\s*(?:handle\s*,\s*)?$"#)

  /// One offending literal per element, as `line: text`.
  static func findings(in source: String) -> [String] {
    let text = source as NSString
    var results: [String] = []
    let range = NSRange(location: 0, length: text.length)
    for match in literal.matches(in: source, range: range) {
      let body = text.substring(with: match.range)
      guard hasInterpolation(body) else { continue }
      let start = max(0, match.range.location - 60)
      let before = text.substring(
        with: NSRange(location: start, length: match.range.location - start))
      let calledAsSQL =
        callBefore.firstMatch(
          in: before, range: NSRange(location: 0, length: (before as NSString).length))
        != nil
      if calledAsSQL || startsLikeSQL(body) {
        let line = text.substring(to: match.range.location).filter { $0 == "\n" }.count + 1
        results.append("\(line): \(body)")
      }
    }
    return results
  }

  /// Whether the literal has `\(` behind an odd number of backslashes (an interpolation, not an
  /// escaped backslash followed by a parenthesis).
  private static func hasInterpolation(_ literal: String) -> Bool {
    let characters = Array(literal)
    for index in characters.indices where characters[index] == "(" {
      var slashes = 0
      var cursor = index - 1
      while cursor >= 0, characters[cursor] == "\\" {
        slashes += 1
        cursor -= 1
      }
      if slashes % 2 == 1 { return true }
    }
    return false
  }

  private static func startsLikeSQL(_ literal: String) -> Bool {
    let content = literal.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    let firstWord = content.split(whereSeparator: { !$0.isLetter }).first.map(String.init) ?? ""
    return sqlKeywords.contains(firstWord.uppercased())
  }
}

@Suite("Only prepared statements: no SQL is built by string interpolation")
struct SQLInterpolationScanTests {
  /// The package's `Sources/` directory, found from this file's path.
  private var sourcesDirectory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  @Test("the scanner catches interpolated SQL and lets values and messages through")
  func scannerSelfTest() {
    let bad = #"""
      try db.execute("DELETE FROM t WHERE id = \(id)")
      let sql = "SELECT * FROM \(table) WHERE x = ?"
      try db.fetchAll("""
        UPDATE t SET name = '\(name)'
        """)
      sqlite3_exec(handle, "PRAGMA user_version = \(version)", nil, nil, nil)
      """#
    #expect(SQLInterpolationScanner.findings(in: bad).count == 4)
    let good = #"""
      try db.execute("DELETE FROM t WHERE id = ?", [.integer(id)])
      let message = "it failed SQLite's integrity check: \(finding)"
      try db.execute("INSERT INTO t VALUES (?)", [.text("note \(index)")])
      let escape = "SELECT 1 WHERE x LIKE 'a\\(%' ESCAPE '\\'"
      """#
    #expect(SQLInterpolationScanner.findings(in: good) == [])
  }

  @Test("no Swift file under Sources/ builds SQL with interpolation")
  func sourcesAreClean() throws {
    let files = try #require(FileManager.default.enumerator(atPath: sourcesDirectory.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.contains { $0.hasSuffix("SQLiteConnection.swift") }, "Sources/ not found")
    var offenders: [String] = []
    for file in files {
      let source = try String(
        contentsOf: sourcesDirectory.appendingPathComponent(file), encoding: .utf8)
      offenders += SQLInterpolationScanner.findings(in: source).map { "\(file):\($0)" }
    }
    #expect(offenders == [])
  }
}
