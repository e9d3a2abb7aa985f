import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreTermApp
import StoreTermTestSupport
import Synchronization
import Testing

@testable import StoreTermCLI

/// The UI's watch behind ``LedgerChangeSignal``: with a signal that hears commits (PostgreSQL's
/// `NOTIFY`), it reads the ledger when told of a change and on the fallback poll, never on a
/// quiet tick in between.
@MainActor @Suite struct WatchSignalTests {
  @Test func theWatchLooksOnASignalAndOnTheFallbackPollOnly() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let arguments = ["ui", "--db", directory.appending(path: "ledger.sqlite").path]
    let context = try TruthfulScreensTests.open(arguments)
    let signal = ScriptedSignal()
    try await StoreKitRuntime.withConfiguration(context.runtime) {
      let runner = try StoreEffectRunner(
        context: context, log: DiagnosticLog(), pollInterval: .milliseconds(5), changes: signal
      ) { _ in throw CommandFailure("no other customers in this test") }
      let inbox = EffectRunnerTests.Inbox()
      await runner.run(.start) { inbox.send($0) }
      // Another process buys: this process's app learns of it only by looking at the ledger.
      let other = try TruthfulScreensTests.open(arguments).engine
      _ = try other.purchase(Fixtures.lifetime, customerID: Customer.defaultID)
      let watch = Task { await runner.run(.watchForChanges) { inbox.send($0) } }
      let quiet = StoreEffectRunner.ticksBetweenFallbackLooks - 1
      for _ in 0..<quiet { signal.answer(false) }
      await signal.drained()
      #expect(ticks(inbox) == quiet)
      #expect(inbox.lastSnapshot?.entitledProductIDs.contains(Fixtures.lifetime) == false)
      // The tenth quiet tick is the fallback poll's look.
      signal.answer(false)
      await signal.drained()
      #expect(inbox.lastSnapshot?.entitledProductIDs.contains(Fixtures.lifetime) == true)
      // A signal looks at once, whatever the count.
      _ = try other.purchase(Fixtures.themes, customerID: Customer.defaultID)
      signal.answer(true)
      await signal.drained()
      #expect(inbox.lastSnapshot?.entitledProductIDs.contains(Fixtures.themes) == true)
      #expect(ticks(inbox) == quiet + 2)
      watch.cancel()
      signal.answer(false)
      await watch.value
      await runner.stop()
    }
  }

  private func ticks(_ inbox: EffectRunnerTests.Inbox) -> Int {
    inbox.all.filter { if case .tick = $0 { true } else { false } }.count
  }
}

/// A change signal the test answers one wait at a time.
private final class ScriptedSignal: LedgerChangeSignal {
  private struct State {
    var answers: [Bool] = []
    var parked: CheckedContinuation<Bool, Never>?
    var drained: CheckedContinuation<Void, Never>?
  }
  private let state = Mutex(State())

  func wait(upTo timeout: Duration) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let (answer, drained) = state.withLock {
        state -> (Bool?, CheckedContinuation<Void, Never>?) in
        if !state.answers.isEmpty { return (state.answers.removeFirst(), nil) }
        state.parked = continuation
        defer { state.drained = nil }
        return (nil, state.drained)
      }
      if let answer { continuation.resume(returning: answer) }
      drained?.resume()
    }
  }

  /// Answers the watch's next wait (queued until it waits).
  func answer(_ value: Bool) {
    let parked = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      defer { state.parked = nil }
      if state.parked == nil { state.answers.append(value) }
      return state.parked
    }
    parked?.resume(returning: value)
  }

  /// Returns once the watch has used every answer and waits for another (its look done).
  func drained() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let waiting = state.withLock { state -> Bool in
        if state.parked != nil, state.answers.isEmpty { return true }
        state.drained = continuation
        return false
      }
      if waiting { continuation.resume() }
    }
  }
}
