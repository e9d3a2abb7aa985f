import Foundation

/// Where storeterm keeps its state: the ledger database and, beside it, the test CA and the
/// app's own database.
struct StorePaths {
  /// The ledger database file (for a PostgreSQL ledger, its connection URI, never a path).
  let database: String
  /// The PostgreSQL connection URI of `--db postgresql://…`, nil for a SQLite file.
  let postgres: String?
  /// The app-side database (fulfillment records and consumable balances), on this machine.
  ///
  /// Beside a SQLite ledger: `ledger.sqlite` has `ledger.app.sqlite`. A PostgreSQL ledger's app
  /// stays on the seat, as an app's storage stays on its device: in the state folder, named
  /// after the server and database.
  var appDatabase: String {
    if let postgres {
      return (stateDirectory as NSString).appendingPathComponent(
        "postgres-" + Self.fileName(for: postgres) + ".app.sqlite")
    }
    let base = (database as NSString).deletingPathExtension
    return base + ".app.sqlite"
  }

  /// Whether a ledger is there to open: the SQLite file exists, or a PostgreSQL server is named
  /// (which a command reaches, or reports one sentence on).
  var ledgerExists: Bool { postgres != nil || FileManager.default.fileExists(atPath: database) }

  /// Letters, digits and dots of `uri` after its scheme, the rest as `_` (at most 80).
  static func fileName(for uri: String) -> String {
    let rest = uri.split(separator: "://", maxSplits: 1).last.map(String.init) ?? uri
    return String(
      rest.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") ? $0 : "_" }.prefix(80))
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
    postgres = databaseOption.flatMap { PostgresURI.isPostgres($0) ? $0 : nil }
    if let postgres {
      database = postgres
      stateDirectory = Self.defaultStateDirectory(environment: environment)
    } else if let databaseOption {
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
