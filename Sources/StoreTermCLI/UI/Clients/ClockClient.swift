import Foundation
import StoreCore
import StoreJWS

/// The simulated clock, stored in the ledger so every process shares it.
@MainActor
protocol ClockClient {
  /// Moves the clock forward by `seconds`; returns the clock as it now stands.
  func advance(by seconds: Double) throws
  /// Sets the clock's rate, by name.
  func setRate(named name: String) throws
  /// Takes in a clock another process stored.
  func refresh() throws
}

/// The ledger's clock, reading real time from an injected source (the CLI passes the system
/// clock; tests can pass their own).
@MainActor
struct LedgerClockClient: ClockClient {
  let context: StoreContext
  /// The real time now.
  let realTime: @Sendable () -> Date

  func advance(by seconds: Double) throws {
    let real = realTime()
    guard !context.clock.simulated.wouldPassLatest(advancingBy: seconds, real: real) else {
      throw CommandFailure("the clock cannot pass the end of the test certificates")
    }
    let advanced = context.clock.simulated.advanced(by: seconds, real: real)
    try context.backend.ledger.setClock(advanced)
    context.clock.set(advanced)
  }

  func setRate(named name: String) throws {
    guard let rate = TimeRate.named.first(where: { $0.name == name })?.rate else {
      throw CommandFailure("\(name) is not a time rate")
    }
    let changed = context.clock.simulated.withRate(rate, real: realTime())
    try context.backend.ledger.setClock(changed)
    context.clock.set(changed)
  }

  func refresh() throws {
    if let clock = try context.backend.ledger.clock() { context.clock.set(clock) }
  }
}
