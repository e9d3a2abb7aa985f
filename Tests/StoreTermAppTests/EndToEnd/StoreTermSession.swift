import Foundation
import StoreTermTestSupport

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
}
