/// Tells a long-running reader (the terminal UI's watch) that the ledger may have changed, so it
/// looks when another process commits instead of on a tight poll (a port: SQLite's is a timer,
/// PostgreSQL's wakes on `LISTEN`/`NOTIFY`).
public protocol LedgerChangeSignal: Sendable {
  /// Waits until a change may have committed since the last wait, or `timeout` passed.
  ///
  /// Returns true when a change may have committed (the reader should look), false when the
  /// time ran out with no sign of one. A signal without notifications returns true after
  /// `timeout`: every wait ends in a look, as a poll does.
  func wait(upTo timeout: Duration) async -> Bool
}
