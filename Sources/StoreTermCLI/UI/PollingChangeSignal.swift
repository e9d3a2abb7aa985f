import StoreCore

/// The signal of a ledger that cannot notify (SQLite's file): every wait is a poll interval.
struct PollingChangeSignal: LedgerChangeSignal {
  func wait(upTo timeout: Duration) async -> Bool {
    try? await Task.sleep(for: timeout)
    return true
  }
}
