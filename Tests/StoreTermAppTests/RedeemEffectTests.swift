import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreManager
import StoreTermApp
import StoreTermTestSupport
import Testing

@testable import StoreTermCLI

/// The Redeem Code and refund sheets' effects carried out by the command line's runner against a real
/// engine and store manager: presenting the sheet, redeeming through the purchase path,
/// and requesting a refund.
@MainActor @Suite struct RedeemEffectTests {
  typealias Inbox = EffectRunnerTests.Inbox

  static let podcast = "Podcast code: 1 month free"
  static let plusMonthly = "dev.storeterm.demo.plus.monthly"

  let directory: URL

  init() throws {
    directory = try TestPaths.temporaryDirectory()
  }

  /// Runs `body` with a runner over a fresh ledger and `catalog` (the demo by default).
  private func withRunner(
    catalog: String? = nil,
    _ body: (StoreEffectRunner, Inbox, StoreContext) async throws -> Void
  ) async throws {
    var arguments = ["ui", "--db", directory.appending(path: "ledger.sqlite").path]
    if let catalog {
      let url = directory.appending(path: "Catalog.storekit")
      try Data(catalog.utf8).write(to: url)
      arguments += ["--config", url.path]
    }
    let parsed = try StoreTermCommand.parser.parse(arguments)
    let context = try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
    try await StoreKitRuntime.withConfiguration(context.runtime) {
      let runner = try StoreEffectRunner(context: context, log: DiagnosticLog()) {
        _ in throw CommandFailure("no other customers in this test")
      }
      let inbox = Inbox()
      await runner.run(.start) { inbox.send($0) }
      try await body(runner, inbox, context)
      await runner.stop()
    }
  }

  private func finished(_ inbox: Inbox) -> PurchaseState? {
    inbox.all.reversed().lazy.compactMap { action -> PurchaseState? in
      if case .redeem(.finished(_, let state)) = action { return state } else { return nil }
    }.first
  }

  @Test func theSnapshotListsTheCatalogsOfferCodes() async throws {
    try await withRunner { _, inbox, _ in
      let codes = try #require(inbox.lastSnapshot).offerCodes
      #expect(codes.map(\.referenceName) == [Self.podcast])
      #expect(codes.first?.terms == "1 month free, then $4.99 / month")
    }
  }

  @Test func presentingTheSheetFailsWithTheSimulatedStoreKitError() async throws {
    try await withRunner { runner, inbox, _ in
      await runner.run(.presentOfferCodeRedeemSheet) { inbox.send($0) }
      #expect(inbox.all.last == .redeem(.presented))
      await runner.run(.setFailure(.offerCodeRedeem, "networkError")) { inbox.send($0) }
      await runner.run(.presentOfferCodeRedeemSheet) { inbox.send($0) }
      #expect(
        inbox.all.last
          == .redeem(
            .presentFailed(
              .storeKit(
                "StoreKitError.networkError: The Internet connection appears to be offline."))))
    }
  }

  @Test func aNewCustomerRedeemsACodeAndThenIsNoLongerEligible() async throws {
    try await withRunner { runner, inbox, _ in
      await runner.run(
        .redeemOfferCode(referenceName: Self.podcast, productID: Self.plusMonthly)
      ) { inbox.send($0) }
      #expect(finished(inbox) == .succeeded(transactionID: 1))
      let snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.entitledProductIDs == [Self.plusMonthly])
      let payload = try #require(snapshot.records.first?.signed?.payload)
      #expect(payload.offerType == .offerCode)
      #expect(payload.offerIdentifier == Self.podcast)
      #expect(payload.price == 0)
      // The code is for new and expired subscribers: a current one is refused, nothing changes.
      await runner.run(
        .redeemOfferCode(referenceName: Self.podcast, productID: Self.plusMonthly)
      ) { inbox.send($0) }
      #expect(finished(inbox) == .failed(.purchase(.ineligibleForOffer)))
      #expect(try #require(inbox.lastSnapshot).records.count == 1)
    }
  }

  @Test func aCurrentSubscriberGetsTheOfferAtTheNextRenewal() async throws {
    let demo = try String(contentsOf: TestPaths.demoCatalog, encoding: .utf8)
    let everyone = demo.replacingOccurrences(
      of: "\"new\",\n                \"expired\"",
      with: "\"new\",\n                \"existing\",\n                \"expired\"")
    #expect(everyone != demo)
    try await withRunner(catalog: everyone) { runner, inbox, context in
      await runner.run(.purchase(productID: Self.plusMonthly, outcome: .normal)) {
        inbox.send($0)
      }
      await runner.run(
        .redeemOfferCode(referenceName: Self.podcast, productID: Self.plusMonthly)
      ) { inbox.send($0) }
      // The existing transaction answers; no new one is charged.
      #expect(finished(inbox) == .succeeded(transactionID: 1))
      let snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.records.count == 1)
      let redeemed = try context.ledger.events(after: 0, limit: 100).filter {
        $0.kind == .offerCodeRedeemed
      }
      #expect(redeemed.map(\.detail) == ["code:\(Self.podcast)"])
      #expect(redeemed.first?.transactionID == 1)
    }
  }

  @Test func aRefundRequestWaitsForTheDecisionOrFailsWithTheSimulatedError() async throws {
    try await withRunner { runner, inbox, _ in
      let lifetime = "dev.storeterm.demo.lifetime"
      await runner.run(.purchase(productID: lifetime, outcome: .normal)) { inbox.send($0) }
      await runner.run(.setFailure(.refundRequest, "failed")) { inbox.send($0) }
      await runner.run(.requestRefund(transactionID: 1, reason: .notWorking)) { inbox.send($0) }
      let failure = try #require(inbox.outcomes.last)
      #expect(
        StoreTermApp.report(failure, in: StoreSnapshot())
          == (
            "Refund request failed: Transaction.RefundRequestError.failed. Nothing changed.", true
          ))
      #expect(try #require(inbox.lastSnapshot).entitledProductIDs == [lifetime])
      await runner.run(.setFailure(.refundRequest, nil)) { inbox.send($0) }
      await runner.run(.requestRefund(transactionID: 1, reason: .notWorking)) { inbox.send($0) }
      #expect(inbox.outcomes.last == .refundRequested(transactionID: 1))
      // Nothing changes until the App Store decides; then the customer's reason (it did not
      // work) makes it a refund for an issue with the app.
      #expect(try #require(inbox.lastSnapshot).entitledProductIDs == [lifetime])
      await runner.run(.manage(.refund, transactionID: 1)) { inbox.send($0) }
      let snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.entitledProductIDs.isEmpty)
      #expect(snapshot.records.first?.signed?.payload.revocationReason == .refundedDueToIssue)
    }
  }
}
