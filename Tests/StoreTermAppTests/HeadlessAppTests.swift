import Foundation
import StoreTermApp
import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermCLI

/// The real app on the real ``Program`` with the real runner over a temporary ledger, driven by
/// a scripted terminal that types as frames show (no tmux): buy through the sheet, see the
/// badge, refund from Transactions, quit.
@MainActor @Suite struct HeadlessAppTests {
  @Test func buyingThroughTheSheetThenRefundingFromTransactions() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let parsed = try StoreTermCommand.parser.parse([
      "ui", "--db", directory.appending(path: "ledger.sqlite").path,
    ])
    let context = try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
    let inner = try StoreEffectRunner(context: context, log: DiagnosticLog()) { _ in
      throw CommandFailure("no other customers in this test")
    }
    let terminal = ScriptedTerminal(
      size: Size(width: 100, height: 30),
      steps: [
        .init(waitFor: "▸ Premium Yearly", [.key(.enter)]),
        .init(waitFor: "Enter to buy", [.key(.enter)]),
        .init(waitFor: "Purchased (transaction 1).", [.key(.enter)]),
        .init(
          waiting: "the Active badge with the sheet closed",
          until: { $0.contains("Active") && !$0.contains("Enter or Esc to close") },
          [.key(.char("3"))]),
        .init(waitFor: "purchased", [.key(.char("r"))]),
        .init(waitFor: "Refunded transaction 1 (Premium Yearly).", [.key(.char("1"))]),
        .init(
          waiting: "the paywall without the badge",
          until: { $0.contains("▸ Premium Yearly") && !$0.contains("Active") },
          [.key(.char("2"))]),
        // The app's store manager learns of the refund from `Transaction.updates`, as an app
        // does, a moment after the App Store's status: the Account waits for it.
        .init(waitFor: "Entitlements: none", [.key(.char("1"))]),
        .init(waitFor: "▸ Premium Yearly", [.key(.char("q"))]),
      ])
    let program = Program<StoreTermApp>(
      state: AppState(size: terminal.size), backend: terminal,
      runner: inner)
    // A safety net, not a timing assertion: a step whose text never shows ends the run. It is
    // generous because the whole suite runs in parallel on two cores (a run took 326 s).
    let guardTask = Task { @MainActor in
      try await Task.sleep(for: .seconds(900))
      terminal.shutdown()
    }
    let final = await program.run()
    guardTask.cancel()
    await inner.stop()
    #expect(
      terminal.waitingFor == nil, "the script stopped waiting for \(terminal.waitingFor ?? "")")
    #expect(final.isFinished)
    #expect(final.snapshot.entitledProductIDs.isEmpty)
    // The App Store's own record, as a fresh read of the ledger has it.
    let record = try context.engine.record(1)
    #expect(record.productID == "dev.storeterm.demo.plus.premium.yearly")
    #expect(record.signed?.payload.revocationReason != nil)
    let lines = terminal.frames.last?.lines ?? []
    #expect(lines.contains { $0.contains("▸ Premium Yearly") && !$0.contains("Active") })
    // The keys after the refund cleared the status line; the message log keeps the message.
    #expect(
      final.messages.entries.map(\.message).contains("Refunded transaction 1 (Premium Yearly)."))
  }
}
