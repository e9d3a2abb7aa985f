import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreManager
import StoreTermApp
import StoreTermTestSupport
import Synchronization
import Testing

@testable import StoreTermCLI

/// The command line's effect runner against a real engine and store manager on a temporary
/// ledger: each effect does what the screens asked and answers with the right actions.
@MainActor @Suite struct EffectRunnerTests {
  /// Keeps the actions a runner sends.
  final class Inbox: Sendable {
    private let actions = Mutex<[AppAction]>([])
    func send(_ action: AppAction) { actions.withLock { $0.append(action) } }
    var all: [AppAction] { actions.withLock { $0 } }
    var lastSnapshot: StoreSnapshot? {
      all.reversed().lazy.compactMap { action -> StoreSnapshot? in
        if case .storeChanged(let snapshot) = action { return snapshot } else { return nil }
      }.first
    }
    /// The typed outcomes the runner answered with.
    var outcomes: [EffectOutcome] {
      all.compactMap { action in
        if case .finished(let outcome) = action { outcome } else { nil }
      }
    }
    /// The outcomes as `update` words them, over the last snapshot.
    var messages: [String] {
      let snapshot = lastSnapshot ?? StoreSnapshot()
      return outcomes.map { StoreTermApp.report($0, in: snapshot).message }
    }
  }

  let directory: URL
  let context: StoreContext

  init() throws {
    directory = try TestPaths.temporaryDirectory()
    let parsed = try StoreTermCommand.parser.parse([
      "ui", "--db", directory.appending(path: "ledger.sqlite").path,
    ])
    context = try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
  }

  /// Runs `body` with StoreKit scoped to this test's App Store and a fresh runner.
  private func withRunner(
    _ body: (StoreEffectRunner, Inbox) async throws -> Void
  ) async throws {
    try await StoreKitRuntime.withConfiguration(context.runtime) {
      let runner = try StoreEffectRunner(context: context, log: DiagnosticLog()) {
        _ in throw CommandFailure("no other customers in this test")
      }
      let inbox = Inbox()
      await runner.run(.start) { inbox.send($0) }
      try await body(runner, inbox)
      await runner.stop()
    }
  }

  @Test func theRunnerTalksToItsOwnAppStoreWhateverElseTheProcessConfigured() async throws {
    // Another App Store in the same process (an SKTestSession suite, another test's app) with
    // a purchase in it, and StoreKit pointed at it around the runner.
    let elsewhere = try TestPaths.temporaryDirectory()
    let other = try CommandContext(
      parsed: try StoreTermCommand.parser.parse([
        "ui", "--db", elsewhere.appending(path: "ledger.sqlite").path,
      ]),
      output: CapturedOutput(), environment: [:]
    ).openStore()
    _ = try other.engine.purchase("dev.storeterm.demo.lifetime", customerID: "default")
    try await StoreKitRuntime.withConfiguration(other.runtime) {
      let runner = try StoreEffectRunner(context: context, log: DiagnosticLog()) {
        _ in throw CommandFailure("no other customers in this test")
      }
      let inbox = Inbox()
      await runner.run(.start) { inbox.send($0) }
      await runner.run(.purchase(productID: "dev.storeterm.demo.coins.100", outcome: .normal)) {
        inbox.send($0)
      }
      await runner.stop()
      let snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.entitledProductIDs.isEmpty)
      #expect(snapshot.records.map(\.productID) == ["dev.storeterm.demo.coins.100"])
    }
    #expect(
      try context.engine.records(customerID: "default").map(\.productID) == [
        "dev.storeterm.demo.coins.100"
      ])
    #expect(
      try other.engine.records(customerID: "default").map(\.productID) == [
        "dev.storeterm.demo.lifetime"
      ])
  }

  @Test func switchingCustomersShowsTheNewCustomersAppStore() async throws {
    let database = directory.appending(path: "ledger.sqlite").path
    _ = try context.engine.purchase("dev.storeterm.demo.lifetime", customerID: "default")
    _ = try context.engine.purchase("dev.storeterm.demo.themes", customerID: "bob")
    let runner = try StoreEffectRunner(context: context, log: DiagnosticLog()) { id in
      try CommandContext(
        parsed: try StoreTermCommand.parser.parse(["ui", "--db", database, "--customer", id]),
        output: CapturedOutput(), environment: [:]
      ).openStore()
    }
    let inbox = Inbox()
    await runner.run(.start) { inbox.send($0) }
    #expect(inbox.lastSnapshot?.entitledProductIDs == ["dev.storeterm.demo.lifetime"])
    await runner.run(.switchCustomer("bob")) { inbox.send($0) }
    let snapshot = try #require(inbox.lastSnapshot)
    #expect(snapshot.customerID == "bob")
    #expect(snapshot.entitledProductIDs == ["dev.storeterm.demo.themes"])
    // What StoreKit reports after the switch is bob's too.
    await runner.run(.purchase(productID: "dev.storeterm.demo.coins.100", outcome: .normal)) {
      inbox.send($0)
    }
    await runner.stop()
    #expect(
      try context.engine.records(customerID: "bob").map(\.productID) == [
        "dev.storeterm.demo.themes", "dev.storeterm.demo.coins.100",
      ])
  }

  @Test func startSendsTheFirstSnapshot() async throws {
    try await withRunner { _, inbox in
      let snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.products.count == 12)
      #expect(snapshot.customerID == "default")
      #expect(snapshot.introEligibleGroups.count == 2)
    }
  }

  @Test func aPurchaseSucceedsAndEndsTheTrialOffer() async throws {
    try await withRunner { runner, inbox in
      let id = "dev.storeterm.demo.plus.monthly"
      await runner.run(.purchase(productID: id, outcome: .normal)) { inbox.send($0) }
      #expect(
        inbox.all.contains(.purchaseFinished(productID: id, state: .succeeded(transactionID: 1))))
      let snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.entitledProductIDs == [id])
      let product = try #require(snapshot.product(id))
      #expect(Badge.badges(for: product, in: snapshot) == [.active, .offerAvailable])
      #expect(Badge.introOffer(for: product, in: snapshot) == nil)
      #expect(snapshot.verification[1] == "verified")
    }
  }

  @Test func aLapsedSubscriberIsOfferedTheWinBackOfferAndBuysWithIt() async throws {
    try await withRunner { runner, inbox in
      let id = "dev.storeterm.demo.plus.monthly"
      await runner.run(.purchase(productID: id, outcome: .normal)) { inbox.send($0) }
      // A subscriber may buy with the promotional offer; the win-back offer waits for a lapse.
      #expect(inbox.lastSnapshot?.availableOffers == [id: ["plus.monthly.comeback"]])
      await runner.run(.manage(.expire, transactionID: 1)) { inbox.send($0) }
      var snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.availableOffers == [id: ["plus.monthly.comeback", "plus.monthly.winback"]])
      #expect(Badge.badges(for: snapshot.product(id)!, in: snapshot) == [.offerAvailable])
      await runner.run(.purchase(productID: id, outcome: .normal, offer: "plus.monthly.winback")) {
        inbox.send($0)
      }
      #expect(
        inbox.all.contains(.purchaseFinished(productID: id, state: .succeeded(transactionID: 2))))
      #expect(try context.engine.record(2).signed?.payload.offerType == .winBackOffer)
      snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.availableOffers[id] == ["plus.monthly.comeback"])
    }
  }

  @Test func askToBuyIsPendingThenApprovedByTheTransactionManager() async throws {
    try await withRunner { runner, inbox in
      let id = "dev.storeterm.demo.lifetime"
      await runner.run(.purchase(productID: id, outcome: .askToBuy)) { inbox.send($0) }
      #expect(inbox.all.contains(.purchaseFinished(productID: id, state: .pending)))
      var snapshot = try #require(inbox.lastSnapshot)
      #expect(Badge.badges(for: snapshot.product(id)!, in: snapshot) == [.pendingApproval])
      #expect(snapshot.records.first?.state == .pendingApproval)
      await runner.run(.manage(.approve, transactionID: 1)) { inbox.send($0) }
      #expect(inbox.outcomes.last == .controlled(.approve, transactionID: 1, productID: id))
      #expect(inbox.messages.last == "Approved transaction 1 (Lifetime Unlock).")
      snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.entitledProductIDs == [id])
      #expect(Badge.badges(for: snapshot.product(id)!, in: snapshot) == [.owned])
    }
  }

  @Test func aRefundRemovesAccessAndAFailureIsReported() async throws {
    try await withRunner { runner, inbox in
      let id = "dev.storeterm.demo.lifetime"
      await runner.run(.purchase(productID: id, outcome: .normal)) { inbox.send($0) }
      await runner.run(.manage(.refund, transactionID: 1)) { inbox.send($0) }
      #expect(inbox.lastSnapshot?.entitledProductIDs.isEmpty == true)
      await runner.run(.manage(.approve, transactionID: 1)) { inbox.send($0) }
      #expect(
        inbox.outcomes.last { if case .refused = $0 { true } else { false } } != nil)
    }
  }

  @Test func aForcedFailureAndACancelEndThePurchase() async throws {
    try await withRunner { runner, inbox in
      let id = "dev.storeterm.demo.coins.100"
      await runner.run(.purchase(productID: id, outcome: .failure("networkError"))) {
        inbox.send($0)
      }
      let failed = inbox.all.contains { action in
        if case .purchaseFinished(id, .failed) = action { true } else { false }
      }
      #expect(failed)
      await runner.run(.dismissPurchase(productID: id)) { inbox.send($0) }
      await runner.run(.purchase(productID: id, outcome: .cancelled)) { inbox.send($0) }
      #expect(inbox.all.contains(.purchaseFinished(productID: id, state: .cancelled)))
    }
  }

  @Test func settingsAndTheClockChangeTheSession() async throws {
    try await withRunner { runner, inbox in
      await runner.run(.setSetting(.askToBuy, true)) { inbox.send($0) }
      #expect(inbox.lastSnapshot?.settings.askToBuy == true)
      let before = try #require(inbox.lastSnapshot?.now)
      await runner.run(.advanceClock(seconds: 86_400)) { inbox.send($0) }
      let after = try #require(inbox.lastSnapshot?.now)
      #expect(after.timeIntervalSince(before) >= 86_400)
      #expect(inbox.messages.last?.hasPrefix("Advanced the clock 1 day;") == true)
      let rate = TimeRate.named.last!.name
      await runner.run(.setTimeRate(rate)) { inbox.send($0) }
      #expect(inbox.lastSnapshot?.settings.timeRate == rate)
      await runner.run(.setFailure(.purchase, "networkError")) { inbox.send($0) }
      #expect(inbox.lastSnapshot?.settings.failures[.purchase] == "networkError")
      let id = "dev.storeterm.demo.themes"
      await runner.run(.purchase(productID: id, outcome: .normal)) { inbox.send($0) }
      let failed = inbox.all.contains { action in
        if case .purchaseFinished(id, .failed(.storeKit)) = action { true } else { false }
      }
      #expect(failed)
      await runner.run(.setStorefront("JPN", locale: "ja_JP")) { inbox.send($0) }
      let japanese = try #require(inbox.lastSnapshot)
      #expect(japanese.settings.storefront == "JPN ja_JP")
      #expect(japanese.storefront == "JPN (JPY)")
      #expect(japanese.product("dev.storeterm.demo.plus.monthly")?.displayName == "プラス 月額")
      await runner.run(.setFailure(.purchase, nil)) { inbox.send($0) }
      #expect(inbox.lastSnapshot?.settings.failures.isEmpty == true)
    }
  }
  @Test func theCustomersScreenSearchesAndExplainsThroughTheSupportReads() async throws {
    try await withRunner { runner, inbox in
      let id = "dev.storeterm.demo.plus.monthly"
      await runner.run(.purchase(productID: id, outcome: .normal)) { inbox.send($0) }
      await runner.run(.searchCustomers("default")) { inbox.send($0) }
      let found = try #require(inbox.all.last)
      guard case .support(.found(let query, let results)) = found else {
        Issue.record("expected search results, got \(found)")
        return
      }
      #expect(query == "default")
      #expect(results.map(\.columns) == [["default", "Default Customer", "USA", "Plus Monthly"]])
      await runner.run(.loadCustomer("default")) { inbox.send($0) }
      guard case .support(.loaded(let detail)) = try #require(inbox.all.last) else {
        Issue.record("expected a customer detail")
        return
      }
      #expect(detail.customerID == "default" && detail.storefront == "USA")
      #expect(detail.explanations.map(\.reason) == [.active, .active])
      #expect(detail.timeline.first?.name == "SUBSCRIBED/INITIAL_BUY")
      await runner.run(.loadCustomer("nobody")) { inbox.send($0) }
      #expect(
        inbox.all.last
          == .support(
            .failed(
              .load("no customer \"nobody\" (storeterm customers --find TEXT searches for one)"))))
    }
  }
}
