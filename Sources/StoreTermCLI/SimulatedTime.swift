import Foundation
import StoreCore
import Synchronization

/// The command line's clock: the simulated clock stored in the ledger, read in real time.
///
/// The edge where the machine's time enters storeterm.
final class LedgerClock: StoreClock {
  private let clock: Mutex<SimulatedClock>

  init(_ clock: SimulatedClock) {
    self.clock = Mutex(clock)
  }

  /// The machine's clock: the one place real time enters, for whoever needs it injected.
  static let systemTime: @Sendable () -> Date = { Date() }

  /// The simulated now.
  func now() -> Date { clock.withLock { $0.now(real: Self.systemTime()) } }

  /// The simulated clock in use.
  var simulated: SimulatedClock { clock.withLock { $0 } }

  /// Replaces the simulated clock (after time travel or a rate change).
  func set(_ simulated: SimulatedClock) { clock.withLock { $0 = simulated } }
}
