import Foundation
import StoreTermTestSupport
import Testing

extension TmuxSession {
  /// The built `storeterm`.
  static var storeterm: String { StoreTermProcess.path }

  /// A session whose `t` runs the real `storeterm` on the session's own ledger.
  convenience init(width: Int, height: Int, term: String, lang: String = "C.UTF-8") throws {
    try self.init(
      width: width, height: height, term: term, lang: lang, program: "storeterm",
      arguments: #"--db "$HOME/ledger.sqlite""#)
  }

  /// The session's private ledger.
  var database: String { directory.appending(path: "ledger.sqlite").path }

  /// Runs `storeterm` in a second process on the session's ledger, as a second terminal would.
  @discardableResult
  func storeterm(_ arguments: [String]) throws -> Subprocess.Outcome {
    try Subprocess.run(
      TmuxSession.storeterm, arguments + ["--db", database],
      environment: [
        "PATH=/usr/bin:/bin", "HOME=\(directory.path)", "XDG_STATE_HOME=\(directory.path)",
      ])
  }

  /// Waits (a bounded poll) until `condition` holds of the screen, recording `description`
  /// with the screen as the test's failure when it never does.
  func expectScreen(
    _ description: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping ([String]) -> Bool
  ) throws {
    let result = try waitUntil(condition)
    #expect(
      result.held, "\(description):\n\(result.lines.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }
}
