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
