import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SQLiteConnection {
  /// Runs `body` inside one transaction: committed when it returns, rolled back when it throws.
  ///
  /// `BEGIN` waits for another process's write lock through the busy timeout and is retried on
  /// `SQLITE_BUSY` until the timeout has passed once more, because SQLite returns some busy
  /// states (WAL recovery by another connection) without calling the busy handler.
  ///
  /// - Throws: `PersistenceError.nestedTransaction` when a transaction is already open (nesting
  ///   is refused, not silently flattened), `PersistenceError.transactionEndedEarly` when `body`
  ///   ran `COMMIT` or `ROLLBACK` itself, whatever `body` throws, or `SQLiteError`.
  public func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T)
    throws -> T
  {
    guard !isInTransaction else { throw PersistenceError.nestedTransaction }
    try retryingWhileBusy(kind.beginSQL)
    transactionNumber &+= 1
    let result: T
    do {
      result = try body()
    } catch {
      rollbackIfNeeded()
      throw error
    }
    guard isInTransaction else { throw PersistenceError.transactionEndedEarly }
    do {
      try retryingWhileBusy("COMMIT TRANSACTION")
    } catch {
      rollbackIfNeeded()
      throw error
    }
    return result
  }

  /// Rolls back the open transaction, if any.
  ///
  /// SQLite may already have rolled it back itself (after `SQLITE_FULL` or an I/O error), so
  /// there may be nothing to do.
  func rollbackIfNeeded() {
    if isInTransaction { _ = executeControl("ROLLBACK TRANSACTION") }
  }

  /// Runs value-free control SQL, retrying on `SQLITE_BUSY` until one busy timeout has elapsed.
  private func retryingWhileBusy(_ sql: String) throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(Int(options.busyTimeoutMilliseconds)))
    var attempt: UInt32 = 0
    while true {
      let code = executeControl(sql)
      if code == SQLITE_OK { return }
      let error = lastError(code, sql: sql)
      guard error.resultCode == SQLITE_BUSY, clock.now < deadline else { throw error }
      // A short, growing pause: the lock is held for one small transaction at a time.
      attempt += 1
      usleep(min(attempt, 50) * 200)
    }
  }
}
