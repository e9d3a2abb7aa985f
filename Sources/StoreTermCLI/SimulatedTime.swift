import Foundation
import StoreCore
import Synchronization

/// The command line's clock: the simulated clock stored in the ledger, read in real time.
///
/// The edge where the machine's time enters storeterm.
final class LedgerClock: StoreClock {
  private let clock: Mutex<SimulatedClock>
  /// The real time now: the machine's, or a scenario replay's, which stands still between steps.
  let realTime: @Sendable () -> Date

  init(_ clock: SimulatedClock, realTime: @escaping @Sendable () -> Date = LedgerClock.systemTime) {
    self.clock = Mutex(clock)
    self.realTime = realTime
  }

  /// The machine's clock: the one place real time enters, for whoever needs it injected.
  static let systemTime: @Sendable () -> Date = { Date() }

  /// The simulated now.
  func now() -> Date { clock.withLock { $0.now(real: realTime()) } }

  /// The simulated clock in use.
  var simulated: SimulatedClock { clock.withLock { $0 } }

  /// Replaces the simulated clock (after time travel or a rate change).
  func set(_ simulated: SimulatedClock) { clock.withLock { $0 = simulated } }
}
