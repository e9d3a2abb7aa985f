import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreManager
import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermApp
@testable import StoreTermCLI

/// Issue 16, "every screen tells the truth": each numbered bug of the issue replayed against a
/// real engine and store manager on a temporary ledger, with the other process's commands made
/// on the engine directly (they never reach this process's listeners).
@MainActor @Suite struct TruthfulScreensTests {
  let directory: URL
  let arguments: [String]
  let context: StoreContext

  init() throws {
    directory = try TestPaths.temporaryDirectory()
    arguments = ["ui", "--db", directory.appending(path: "ledger.sqlite").path]
    context = try Self.open(arguments)
  }

  /// A fresh `StoreContext` over the same ledger, as another process opens it.
  static func open(_ arguments: [String]) throws -> StoreContext {
    let parsed = try StoreTermCommand.parser.parse(arguments)
    return try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
  }

  /// Runs `body` with StoreKit scoped to this test's App Store and a fresh runner.
  private func withRunner(
    _ body: (StoreEffectRunner, EffectRunnerTests.Inbox) async throws -> Void
  ) async throws {
    try await StoreKitRuntime.withConfiguration(context.runtime) {
      let runner = try StoreEffectRunner(context: context, log: DiagnosticLog()) {
        _ in throw CommandFailure("no other customers in this test")
      }
      let inbox = EffectRunnerTests.Inbox()
      await runner.run(.start) { inbox.send($0) }
      try await body(runner, inbox)
      await runner.stop()
    }
  }

  /// Makes the runner read the store again (any effect that publishes).
  private func refresh(_ runner: StoreEffectRunner, _ inbox: EffectRunnerTests.Inbox) async
    -> StoreSnapshot
  {
    await runner.run(.dismissPurchase(productID: Fixtures.coins100)) { inbox.send($0) }
    return inbox.lastSnapshot!
  }

  private func badges(_ productID: String, _ snapshot: StoreSnapshot) -> [Badge] {
    Badge.badges(for: snapshot.product(productID)!, in: snapshot)
  }

  private func record(_ id: UInt64, _ snapshot: StoreSnapshot) -> TransactionRecord {
    snapshot.records.first { $0.id == id }!
  }

  // MARK: - 1. Selection follows the transaction

  @Test func theTransactionManagerFollowsTheSelectedTransactionAcrossAnInsert() async throws {
    try await withRunner { runner, inbox in
      await runner.run(.purchase(productID: Fixtures.lifetime, outcome: .normal)) {
        inbox.send($0)
      }
      await runner.run(.purchase(productID: Fixtures.themes, outcome: .normal)) { inbox.send($0) }
      var state = AppState(
        snapshot: try #require(inbox.lastSnapshot), size: Size(width: 100, height: 30))
      _ = StoreTermApp.update(&state, .show(.transactions))
      _ = StoreTermApp.update(&state, .moveToLast)
      #expect(TransactionsScreen.selectedRecord(state)?.id == 1)
      // Another terminal: `storeterm purchase dev.storeterm.demo.seasonpass`.
      _ = try context.engine.purchase("dev.storeterm.demo.seasonpass", customerID: "default")
      _ = StoreTermApp.update(&state, .storeChanged(await refresh(runner, inbox)))
      #expect(TransactionsScreen.filtered(state).map(\.id) == [3, 2, 1])
      #expect(TransactionsScreen.selectedRecord(state)?.id == 1)
      #expect(
        StoreTermApp.update(&state, .transactions(.manage(.refund))) == [
          .manage(.refund, transactionID: 1)
        ])
      await runner.run(.manage(.refund, transactionID: 1)) { inbox.send($0) }
      #expect(inbox.messages.last == "Refunded transaction 1 (Lifetime Unlock).")
      // Another terminal deletes it: the selection clears, with a note.
      try context.engine.delete(1)
      _ = StoreTermApp.update(&state, .storeChanged(await refresh(runner, inbox)))
      #expect(TransactionsScreen.selectedRecord(state) == nil)
      #expect(
        state.toast?.message == "Transaction 1 is no longer listed; the selection was cleared.")
      #expect(
        StoreTermApp.action(for: .key(.char("r")), in: state)
          == .refused("no transaction is selected"))
    }
  }

  // MARK: - 2. Badges come from the ledger, not the manager's memory

  @Test func aRefundAfterAnApprovedAskToBuyLeavesNoPendingBadge() async throws {
    try await StoreKitRuntime.withConfiguration(context.runtime) {
      let runner = try StoreEffectRunner(
        context: context, log: DiagnosticLog(), pollInterval: .milliseconds(5)
      ) { _ in throw CommandFailure("no other customers in this test") }
      let inbox = EffectRunnerTests.Inbox()
      await runner.run(.start) { inbox.send($0) }
      await runner.run(.purchase(productID: Fixtures.themes, outcome: .askToBuy)) {
        inbox.send($0)
      }
      #expect(badges(Fixtures.themes, try #require(inbox.lastSnapshot)) == [.pendingApproval])
      // `manage approve 1` from another terminal, whose own store manager delivers and finishes
      // the approved transaction before running the command (`ManagedStore.recover`): this
      // process never delivers it, and its store manager keeps remembering "pending".
      let other = try Self.open(arguments).engine
      _ = try other.approve(1)
      try other.finish(1)
      let watch = Task { await runner.run(.watchForChanges) { inbox.send($0) } }
      #expect(await eventually(inbox) { badges(Fixtures.themes, $0) == [.owned] })
      _ = try other.refund(1)
      #expect(await eventually(inbox) { !$0.entitledProductIDs.contains(Fixtures.themes) })
      let refunded = try #require(inbox.lastSnapshot)
      #expect(refunded.purchaseState(of: Fixtures.themes) == .pending)
      #expect(badges(Fixtures.themes, refunded) == [])
      watch.cancel()
      await runner.stop()
    }
  }

  /// Whether the newest snapshot satisfies `condition` within two seconds (a bounded poll: the
  /// watch reads the ledger every few milliseconds).
  private func eventually(
    _ inbox: EffectRunnerTests.Inbox, _ condition: (StoreSnapshot) -> Bool
  ) async -> Bool {
    for _ in 0..<400 {
      if let snapshot = inbox.lastSnapshot, condition(snapshot) { return true }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return false
  }

  // MARK: - 3. The price increase names the price the App Store signed

  @Test func aPriceIncreaseShowsTheNewPriceAndEndsWithAPlanChange() async throws {
    try await withRunner { runner, inbox in
      await runner.run(.purchase(productID: Fixtures.plusMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      try context.engine.requestPriceIncrease(1, newPrice: Decimal(string: "5.99"))
      var lines = AccountScreen.statusLines(await refresh(runner, inbox)).map(\.0)
      #expect(lines.contains("  Price increase to $5.99 waits for the customer's consent."))
      try context.engine.consentToPriceIncrease(1)
      lines = AccountScreen.statusLines(await refresh(runner, inbox)).map(\.0)
      #expect(lines.contains("  Price increase to $5.99 agreed; it applies at the next renewal."))
      // An upgrade: the increase was for Plus Monthly, not for the new plan.
      await runner.run(.purchase(productID: Fixtures.premiumYearly, outcome: .normal)) {
        inbox.send($0)
      }
      lines = AccountScreen.statusLines(await refresh(runner, inbox)).map(\.0)
      #expect(!lines.contains { $0.contains("Price increase") })
    }
  }

  // MARK: - 4. `s` resolves a billing issue, with the engine's rules

  @Test func resolveFixesABillingIssueAsTheCommandLineDoes() async throws {
    try await withRunner { runner, inbox in
      await runner.run(.setSetting(.billingIssues, true)) { inbox.send($0) }
      await runner.run(.setSetting(.gracePeriod, true)) { inbox.send($0) }
      await runner.run(.purchase(productID: Fixtures.plusMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      var snapshot = try #require(inbox.lastSnapshot)
      #expect(
        ManageRules.blocked(
          .resolve, record: record(1, snapshot), snapshot: snapshot, readOnly: false)
          == "transaction 1 cannot be resolved: nothing is wrong with it")
      await runner.run(.advanceClock(seconds: 8 * 86_400)) { inbox.send($0) }
      snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.statuses.values.first?.state == .inGracePeriod)
      #expect(
        ManageRules.blocked(
          .resolve, record: record(1, snapshot), snapshot: snapshot, readOnly: false)
          == nil)
      await runner.run(.manage(.resolve, transactionID: 1)) { inbox.send($0) }
      #expect(inbox.messages.last == "Resolved transaction 1 (Plus Monthly).")
      #expect(inbox.lastSnapshot?.statuses.values.first?.state == .subscribed)
    }
  }

  // MARK: - 5. An interrupted purchase is not Ask to Buy

  @Test func anInterruptedPurchaseReadsAsInterrupted() async throws {
    try await withRunner { runner, inbox in
      await runner.run(.purchase(productID: Fixtures.themes, outcome: .interrupted)) {
        inbox.send($0)
      }
      let snapshot = try #require(inbox.lastSnapshot)
      #expect(badges(Fixtures.themes, snapshot) == [.interrupted])
      #expect(Badge.interrupted.text == "Interrupted")
      #expect(
        PurchaseSheet.describe(
          .pending, productID: Fixtures.themes, outcome: .normal, snapshot: snapshot
        ).0
          == "Waiting to be resolved · transaction 1 · storeterm manage resolve 1"
      )
      await runner.run(.purchase(productID: Fixtures.lifetime, outcome: .askToBuy)) {
        inbox.send($0)
      }
      #expect(
        PurchaseSheet.describe(
          .pending, productID: Fixtures.lifetime, outcome: .normal,
          snapshot: try #require(inbox.lastSnapshot)
        ).0
          == "Waiting for approval · transaction 2 · storeterm manage approve 2")
    }
  }

  // MARK: - 6. The account line agrees with itself

  @Test func theAccountLineSaysGracePeriodAndNoRenewalAfterAutoRenewOff() async throws {
    try await withRunner { runner, inbox in
      await runner.run(.setSetting(.billingIssues, true)) { inbox.send($0) }
      await runner.run(.setSetting(.gracePeriod, true)) { inbox.send($0) }
      await runner.run(.purchase(productID: Fixtures.plusMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      await runner.run(.advanceClock(seconds: 8 * 86_400)) { inbox.send($0) }
      let snapshot = try #require(inbox.lastSnapshot)
      let grace = try #require(snapshot.renewals.values.first?.gracePeriodEnds)
      #expect(
        AccountScreen.statusLines(snapshot).first?.0
          == "StoreTerm Plus: Plus Monthly · Grace period until \(DateText.day(grace)) · auto-renew on"
      )
      await runner.run(.manage(.resolve, transactionID: 1)) { inbox.send($0) }
      await runner.run(.purchase(productID: Fixtures.liteMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      #expect(
        AccountScreen.statusLines(try #require(inbox.lastSnapshot)).map(\.0)
          .contains("  Renews into Lite Monthly."))
      await runner.run(.manage(.autoRenewOff, transactionID: 1)) { inbox.send($0) }
      let lines = AccountScreen.statusLines(try #require(inbox.lastSnapshot)).map(\.0)
      #expect(lines.first?.hasSuffix("· auto-renew off") == true)
      #expect(!lines.contains { $0.contains("Renews into") })
    }
  }

  // MARK: - 7. A downgrade is scheduled, not purchased

  @Test func aDowngradeSaysItStartsAtTheNextRenewal() async throws {
    try await withRunner { runner, inbox in
      await runner.run(.purchase(productID: Fixtures.plusMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      await runner.run(.purchase(productID: Fixtures.liteMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      #expect(
        inbox.all.contains(
          .purchaseFinished(productID: Fixtures.liteMonthly, state: .succeeded(transactionID: 1))))
      let snapshot = try #require(inbox.lastSnapshot)
      let renewal = try #require(record(1, snapshot).signed?.expirationDate)
      #expect(
        PurchaseSheet.describe(
          .succeeded(transactionID: 1), productID: Fixtures.liteMonthly, outcome: .normal,
          snapshot: snapshot
        ).0
          == "Scheduled: Lite Monthly starts at the next renewal on \(DateText.day(renewal)); "
          + "Plus Monthly continues until then.")
      #expect(badges(Fixtures.liteMonthly, snapshot) == [.scheduled(renewal)])
    }
  }

  // MARK: - 8. The State column shows the real state

  @Test func theStateColumnShowsGracePeriodExpiryAndUpgrade() async throws {
    try await withRunner { runner, inbox in
      await runner.run(.setSetting(.billingIssues, true)) { inbox.send($0) }
      await runner.run(.setSetting(.gracePeriod, true)) { inbox.send($0) }
      await runner.run(.purchase(productID: Fixtures.plusMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      await runner.run(.advanceClock(seconds: 8 * 86_400)) { inbox.send($0) }
      var snapshot = try #require(inbox.lastSnapshot)
      #expect(TransactionStanding.text(record(1, snapshot), in: snapshot) == "in grace period")
      await runner.run(.manage(.expire, transactionID: 1)) { inbox.send($0) }
      snapshot = try #require(inbox.lastSnapshot)
      #expect(TransactionStanding.text(record(1, snapshot), in: snapshot) == "expired")
      await runner.run(.purchase(productID: Fixtures.plusMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      await runner.run(.purchase(productID: Fixtures.premiumYearly, outcome: .normal)) {
        inbox.send($0)
      }
      snapshot = try #require(inbox.lastSnapshot)
      #expect(TransactionStanding.text(record(2, snapshot), in: snapshot) == "upgraded")
      #expect(TransactionStanding.text(record(3, snapshot), in: snapshot) == "purchased")
    }
  }

  // MARK: - 9. Settings reach other processes; `T` reports the failure it caused

  @Test func aSwitchTurnedInTheScreenHoldsForAnotherProcess() async throws {
    try await withRunner { runner, inbox in
      await runner.run(.setSetting(.billingIssues, true)) { inbox.send($0) }
      let other = try Self.open(arguments)
      #expect(other.engine.session.billingIssuesEnabled)
      await runner.run(.purchase(productID: Fixtures.plusMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      await runner.run(.advanceClock(seconds: 8 * 86_400)) { inbox.send($0) }
      #expect(
        inbox.messages.last
          == "Advanced the clock 8 days; 0 renewals; billing failed for Plus Monthly.")
    }
  }
}
