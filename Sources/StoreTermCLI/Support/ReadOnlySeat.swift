/// What `--read-only` allows: the commands that only read.
///
/// Each allowed command opens the ledger with `SQLITE_OPEN_READONLY`. Every other command
/// (including ones added later) is refused before it opens anything, with one sentence.
enum ReadOnlySeat {
  /// The commands a read-only seat can run.
  static let allowedCommands: [String] = ["products", "customers", "customer", "help"]

  /// Nil when `command` may run read-only, else the sentence refusing it.
  static func refusal(for command: String) -> String? {
    guard !allowedCommands.contains(command) else { return nil }
    return "storeterm --read-only: \(command) can change the ledger, so a read-only seat cannot"
      + " run it (read-only seats can run products, customers and customer)"
  }
}

extension CommandContext {
  /// Whether `--read-only` was given.
  var readOnly: Bool { parsed.flag("read-only") }
}
