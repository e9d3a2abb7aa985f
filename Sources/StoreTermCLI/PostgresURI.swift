import Foundation

/// PostgreSQL connection URIs for `--db`, accepted only without a password.
///
/// `postgresql://…` and `postgres://…` are libpq's forms. A password would show in the process
/// list, in shell history and in every message that names the ledger; libpq reads it from
/// `PGPASSFILE` (`~/.pgpass`) or `PGPASSWORD` instead.
enum PostgresURI {
  /// Whether `value` names a PostgreSQL database rather than a SQLite file.
  static func isPostgres(_ value: String) -> Bool {
    value.hasPrefix("postgresql://") || value.hasPrefix("postgres://")
  }

  /// Nil for a URI storeterm accepts, else the sentence refusing it (which never repeats the
  /// password).
  static func refusal(_ uri: String) -> String? {
    let afterScheme = uri.split(separator: "://", maxSplits: 1).last.map(String.init) ?? ""
    let authority = afterScheme.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
    let hasUserPassword =
      authority.contains("@")
      && authority.split(separator: "@", maxSplits: 1).first?.contains(":") == true
    let query = afterScheme.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
    let hasPasswordParameter = query.split(separator: "&").contains {
      $0.lowercased().hasPrefix("password=")
    }
    guard hasUserPassword || hasPasswordParameter else { return nil }
    return "--db: a connection URI must not carry a password (it would show in the process"
      + " list and in messages); put it in PGPASSFILE (~/.pgpass) or PGPASSWORD instead"
  }

  /// The URI for messages: scheme, user, host, port and database, never a password (refused
  /// before any connection is made).
  static func display(_ uri: String) -> String {
    String(uri.split(separator: "?", maxSplits: 1).first ?? "")
  }
}

/// The commands a PostgreSQL ledger runs so far; every other command refuses with one sentence
/// before it opens anything.
enum PostgresSeat {
  /// The commands that run on PostgreSQL: the store's own (through the engine and the `Ledger`
  /// port) and the ones that read no ledger.
  static let allowedCommands: [String] = [
    "products", "purchase", "balances", "transactions", "entitlements", "manage", "status",
    "clock", "settings", "family", "jws", "verify", "cert", "db", "ui", "serve", "server-keys",
    "notifications", "reset", "import", "customers", "customer", "help",
  ]

  /// Nil when `command` runs on PostgreSQL, else the sentence refusing it.
  static func refusal(for command: String, uri: String) -> String? {
    guard !allowedCommands.contains(command) else { return nil }
    return "\(PostgresURI.display(uri)): \(command) works on a SQLite ledger only so far; on"
      + " PostgreSQL storeterm runs "
      + allowedCommands.filter { $0 != "help" }.joined(separator: ", ")
  }
}
