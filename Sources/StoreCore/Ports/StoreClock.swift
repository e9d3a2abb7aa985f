import Foundation
import Synchronization

/// The simulated App Store's notion of now; injected so tests and time travel control it.
public protocol StoreClock: Sendable {
  /// The current simulated date.
  func now() -> Date
}

/// A clock that only moves when told to: for tests and deterministic runs.
public final class ManualClock: StoreClock {
  private let current: Mutex<Date>

  /// Creates a clock stopped at `date`.
  public init(_ date: Date) {
    current = Mutex(date)
  }

  /// The clock's date.
  public func now() -> Date { current.withLock { $0 } }

  /// Moves the clock forward by `interval` seconds.
  public func advance(by interval: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(interval) }
  }

  /// Sets the clock to `date`.
  public func set(_ date: Date) {
    current.withLock { $0 = date }
  }
}
