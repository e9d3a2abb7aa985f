import Foundation

/// Where storeterm keeps its state: the ledger database and, beside it, the test CA and the
/// app's own database.
struct StorePaths {
  /// The ledger database file.
  let database: String
  /// The app-side database (fulfillment records and consumable balances) beside the ledger:
  /// `ledger.sqlite` has `ledger.app.sqlite`.
  var appDatabase: String {
    let base = (database as NSString).deletingPathExtension
    return base + ".app.sqlite"
  }
  /// The folder holding the database and the `ca/` folder.
  let stateDirectory: String

  /// The default state folder: `$XDG_STATE_HOME/storeterm`, else `~/.local/state/storeterm`.
  static func defaultStateDirectory(environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return (state as NSString).appendingPathComponent("storeterm")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return (home as NSString).appendingPathComponent(".local/state/storeterm")
  }

  /// The paths for `--db PATH`, or the defaults; the CA lives in the database's folder so a
  /// ledger and the root that verifies it travel together.
  init(databaseOption: String?, environment: [String: String]) {
    if let databaseOption {
      let absolute =
        databaseOption.hasPrefix("/")
        ? databaseOption
        : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(
          databaseOption)
      // Lexically: Foundation's `standardizingPath` resolves links, which would hide a
      // `--db` that is a link from the rule that refuses one.
      database = Self.lexical(absolute)
      stateDirectory = (database as NSString).deletingLastPathComponent
    } else {
      stateDirectory = Self.defaultStateDirectory(environment: environment)
      database = (stateDirectory as NSString).appendingPathComponent("ledger.sqlite")
    }
  }

  /// An absolute `path` with empty, `.` and `..` components removed, its links left as named.
  static func lexical(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }
}
