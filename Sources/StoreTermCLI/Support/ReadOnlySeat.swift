/// What `--read-only` allows: the commands that only read.
///
/// Each allowed command opens the ledger with `SQLITE_OPEN_READONLY`. Every other command
/// (including ones added later) is refused before it opens anything, with one sentence.
enum ReadOnlySeat {
  /// The commands a read-only seat can run.
  ///
  /// `ui` runs with every key that changes the store disabled; it still opens the ledger for
  /// writing so due renewals keep being generated.
  static let allowedCommands: [String] = [
    "products", "customers", "customer", "refunds", "help", "ui",
  ]

  /// The commands a read-only seat on a PostgreSQL ledger can run: the store's reading
  /// commands, which open it read-only (the server refuses a change too) and never catch up.
  static let allowedOnPostgres: [String] = [
    "products", "transactions", "entitlements", "status", "customers", "customer", "refunds", "ui",
    "help",
  ]

  /// Nil when `command` may run read-only, else the sentence refusing it.
  static func refusal(for command: String, postgres: Bool = false) -> String? {
    if postgres {
      guard !allowedOnPostgres.contains(command) else { return nil }
      return "--read-only: \(command) can change the ledger, so a read-only seat cannot"
        + " run it (read-only seats on PostgreSQL can run products, transactions, entitlements,"
        + " status, customers, customer, refunds and ui)"
    }
    guard !allowedCommands.contains(command) else { return nil }
    return "--read-only: \(command) can change the ledger, so a read-only seat cannot"
      + " run it (read-only seats can run products, customers, customer, refunds and ui)"
  }
}

extension CommandContext {
  /// Whether `--read-only` was given.
  var readOnly: Bool { parsed.flag("read-only") }
}
