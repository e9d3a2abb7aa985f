import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a connection waits for a lock another connection holds: many short pauses, then 1 ms ones.
///
/// SQLite's built-in `sqlite3_busy_timeout` sleeps 1, 2, 5, 10, 15, 20, 25, … 100 ms between
/// attempts. storeterm's transactions hold the write lock for well under a millisecond, so those
/// sleeps mostly wait for a lock that is already free: with two connections writing in a loop the
/// built-in handler managed about a hundred commits a second here. This schedule starts at 50 µs
/// and grows by 50 µs per attempt up to 1 ms, and gives up (`SQLITE_BUSY`) once the pauses add up
/// to the busy timeout.
enum BusyBackoff {
  /// The pause before retry number `attempt` (0-based), in microseconds.
  static func pause(before attempt: Int) -> Int {
    min(attempt + 1, 20) * 50
  }

  /// The sum of the pauses before attempts `0..<attempt`, in microseconds.
  static func waited(before attempt: Int) -> Int {
    let ramp = min(attempt, 20)
    return 50 * ramp * (ramp + 1) / 2 + max(0, attempt - 20) * 1000
  }

  /// Installs the schedule on `handle`, giving up after `timeoutMilliseconds`.
  static func install(on handle: OpaquePointer, timeoutMilliseconds: Int32) {
    // The timeout travels as the context pointer's bit pattern, so the C callback needs no
    // captured state and nothing to free. A zero timeout installs no handler: fail at once.
    guard timeoutMilliseconds > 0 else {
      sqlite3_busy_handler(handle, nil, nil)
      return
    }
    let context = UnsafeMutableRawPointer(bitPattern: Int(timeoutMilliseconds))
    sqlite3_busy_handler(
      handle,
      { context, attempt in
        BusyBackoff.pauses(before: Int(attempt), timeoutMilliseconds: Int(bitPattern: context))
          ? 1 : 0
      }, context)
  }

  /// Pauses before retry number `attempt` and returns true, or returns false at once when the
  /// pauses so far add up to `timeoutMilliseconds` (give up).
  static func pauses(before attempt: Int, timeoutMilliseconds: Int) -> Bool {
    guard waited(before: attempt) < timeoutMilliseconds * 1000 else { return false }
    usleep(useconds_t(pause(before: attempt)))
    return true
  }

  /// `body`, run again on this schedule while it fails with a busy database, up to
  /// `timeoutMilliseconds`: for the steps SQLite answers `SQLITE_BUSY` without asking the busy
  /// handler (where waiting could deadlock).
  static func retrying<T>(timeoutMilliseconds: Int32, _ body: () throws -> T) throws -> T {
    var attempt = 0
    while true {
      do {
        return try body()
      } catch let error as SQLiteError
        where error.isBusy
        && pauses(before: attempt, timeoutMilliseconds: Int(timeoutMilliseconds))
      {
        attempt += 1
      }
    }
  }
}
