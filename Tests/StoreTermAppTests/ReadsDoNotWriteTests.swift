import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreManager
import StoreTermApp
import StoreTermTestSupport
import Testing

@testable import StoreTermCLI

/// Reads never write: building the UI's snapshot (and every StoreKit lookup it makes) leaves the
/// ledger as it was, even with a renewal due; time moves where the clock is advanced or the
/// watch ticks.
@MainActor @Suite(.serialized) struct ReadsDoNotWriteTests {
  /// How many rows the UI's connection has changed since it opened (`total_changes()`).
  static func changes(_ context: StoreContext) throws -> Int64 {
    try context.ledger.queue.read { db in
      try db.fetchOne("SELECT total_changes()")?.get(Int64.self, at: 0) ?? -1
    }
  }

  @Test func aSnapshotWithARenewalDueWritesNothingAndTheWatchsTickRenews() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let parsed = try StoreTermCommand.parser.parse([
      "ui", "--db", directory.appending(path: "ledger.sqlite").path,
    ])
    let context = try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
    _ = try context.engine.purchase("dev.storeterm.demo.plus.monthly", customerID: "default")
    // Scoped: the process-wide configuration belongs to the StoreKitTest suites running beside.
    try await StoreKitRuntime.withConfiguration(context.runtime) {
      try await check(context)
    }
  }

  private func check(_ context: StoreContext) async throws {
    let runner = StoreEffectRunner(context: context, log: DiagnosticLog()) { _ in
      throw CommandFailure("no other customers in this test")
    }
    let inbox = EffectRunnerTests.Inbox()
    await runner.run(.start) { inbox.send($0) }
    // Another terminal moves the clock 40 days on without catching up: a renewal is due.
    let advanced = context.clock.simulated.advanced(by: 40 * 86_400, real: Date())
    try context.ledger.setClock(advanced)
    context.clock.set(advanced)
    let before = try Self.changes(context)
    _ = try StoreKitRuntime.configuration()
    _ = try await Product.products(for: ["dev.storeterm.demo.plus.monthly"])
    _ = await Product.SubscriptionInfo.isEligibleForIntroOffer(for: "5A1E0001")
    let reader = SnapshotSources.builder(
      store: Store(configuration: context.managerConfiguration), context: context)
    let snapshot = await reader.snapshot()
    _ = try await reader.page(TransactionPageRequest(limit: 10))
    #expect(try Self.changes(context) == before)
    #expect(snapshot.records.map(\.id) == [1])
    // The watch's tick is where time moves: the renewal is made there.
    await runner.takeInOtherProcesses { inbox.send($0) }
    #expect(try Self.changes(context) > before)
    // A free week, then months: the renewals of day 7 and day 37, both due by day 40.
    #expect(inbox.lastSnapshot?.records.map(\.id) == [3, 2, 1])
    await runner.stop()
  }
}
