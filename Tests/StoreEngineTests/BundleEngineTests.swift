import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

/// Bundles and seats through the engine: approvals, billing retry and a reopened ledger.
struct BundleEngineTests {
  static let duo = "dev.storeterm.bundles.duo"
  static let music = "dev.storeterm.bundles.music"
  static let team = "dev.storeterm.bundles.team"

  /// A harness selling `Tests/Fixtures/Bundles.storekit`.
  static func harness(session: StoreSession = StoreSession()) throws -> EngineHarness {
    let harness = try EngineHarness(session: session)
    let url = TestPaths.packageRoot.appending(path: "Tests/Fixtures/Bundles.storekit")
    let configuration = try StoreKitConfigurationDecoder.decode(
      try Data(contentsOf: url), file: "Bundles.storekit")
    harness.engine.setCatalog(ProductCatalog(configuration: configuration))
    return harness
  }

  @Test func anApprovedBundleGivesItsSubscriptions() async throws {
    let harness = try Self.harness()
    var options = PurchaseOptions()
    options.askToBuy = true
    let id = try await harness.buyPending(Self.duo, options)
    #expect(try harness.entitledProducts().isEmpty)
    let bundle = try harness.engine.approve(id)
    #expect(
      try harness.entitledProducts().sorted() == [
        Self.duo, Self.music, "dev.storeterm.bundles.video",
      ])
    let music = try #require(
      try harness.engine.allTransactions(customerID: Customer.defaultID, productID: Self.music)
        .first)
    #expect(music.payload.bundleTransactionId == bundle.payload.transactionId)
  }

  @Test func theBundlesBillingRetryIsItsSubscriptions() async throws {
    var session = StoreSession()
    session.billingIssuesEnabled = true
    let harness = try Self.harness(session: session)
    try await harness.buy(Self.duo)
    harness.clock.advance(by: 32 * 86_400)
    try harness.engine.catchUp()
    let facts = try harness.engine.accessFacts(
      customerID: Customer.defaultID,
      records: try harness.engine.decidingRecords(customerID: Customer.defaultID))
    let answers = Access.decide(facts, at: harness.clock.now())
    let music = try #require(answers.first { $0.productID == Self.music })
    let duo = try #require(answers.first { $0.productID == Self.duo })
    #expect(music.standing == duo.standing)
    #expect(!music.hasAccess)
    guard case .billingRetry = music.standing else {
      Issue.record("the bundle's billing retry: \(music.standing)")
      return
    }
  }

  @Test func seatsSurviveAReopenedLedgerAndAnApproval() async throws {
    let harness = try Self.harness()
    var options = PurchaseOptions()
    options.seats = 7
    options.askToBuy = true
    let id = try await harness.buyPending(Self.team, options)
    let approved = try harness.engine.approve(id)
    #expect(approved.payload.quantity == 7)
    #expect(approved.payload.multiSeatInfo?.priceTiers.map(\.tierQuantity) == [5, 2])
    let reopened = try harness.reopened()
    reopened.engine.setCatalog(harness.engine.catalog)
    harness.clock.advance(by: 32 * 86_400)
    try reopened.engine.catchUp()
    let renewed = try #require(
      try reopened.engine.allTransactions(customerID: Customer.defaultID, productID: Self.team)
        .last)
    #expect(renewed.payload.transactionReason == .renewal)
    #expect(renewed.payload.quantity == 7)
    #expect(renewed.payload.multiSeatInfo == approved.payload.multiSeatInfo)
    #expect(renewed.payload.price == approved.payload.price)
  }
}

extension BundleEngineTests {
  @Test func movingToABundleWithoutASubscriptionEndsItWithThePeriod() async throws {
    let harness = try Self.harness()
    try await harness.buy(Self.duo)
    // Solo (video only) is the group's lower level: it starts at the next renewal.
    try await harness.buy("dev.storeterm.bundles.solo")
    #expect(
      try harness.entitledProducts().sorted() == [
        Self.duo, Self.music, "dev.storeterm.bundles.video",
      ])
    harness.clock.advance(by: 32 * 86_400)
    try harness.engine.catchUp()
    #expect(
      try harness.entitledProducts().sorted() == [
        "dev.storeterm.bundles.solo", "dev.storeterm.bundles.video",
      ])
    // Music left the bundle: its status ends with its period, for that reason.
    let statuses = try harness.engine.subscriptionStatuses(
      customerID: Customer.defaultID, groupID: "B2222A01")
    #expect(statuses.map(\.state) == [.expired])
    let renewal = try #require(statuses.first?.renewalInfo.payload)
    #expect(renewal.expirationIntent == .unbundled)
    #expect(renewal.bundleProductId == nil)
    #expect(renewal.autoRenewStatus == .off)
    // Video stays in the new bundle.
    let video = try harness.engine.subscriptionStatuses(
      customerID: Customer.defaultID, groupID: "B2222A02")
    #expect(video.map(\.state) == [.subscribed])
    #expect(video.first?.renewalInfo.payload.bundleProductId == "dev.storeterm.bundles.solo")
  }
}
