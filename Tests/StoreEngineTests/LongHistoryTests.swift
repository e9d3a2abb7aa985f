import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport
import Testing

/// Issue 27, item 13: what `products`, `status`, `entitlements` and `customer` read does not grow
/// with a customer's renewals, and the smaller reads give the whole history's answers.
@Suite struct LongHistoryTests {
  static let weekly = "dev.storeterm.demo.cloud.50gb.weekly"

  /// The records each question reads, and the size of the `customer` window, after `weeks`
  /// weeks of a weekly and a monthly subscription (plus a lifetime unlock and a consumable).
  private func reads(afterWeeks weeks: Int) async throws -> (questions: [Int], window: [Int]) {
    let path = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    let ledger = CountingLedger(try SQLiteLedger(location: .file(path)))
    let clock = ManualClock(EngineHarness.start)
    let identity = SignedDataConfiguration()
    let engine = StoreEngine(
      catalog: ProductCatalog(configuration: EngineHarness.demoConfiguration),
      session: StoreSession(), ledger: ledger, signer: EngineHarness.authority.makeSigner(),
      clock: clock, ids: SequentialIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
    for product in [Self.weekly, Demo.plusMonthly, Demo.lifetime, Demo.coins] {
      _ = try engine.purchase(product, customerID: Customer.defaultID)
    }
    clock.advance(by: Double(weeks) * 7 * 86_400)
    try engine.catchUp()
    let history = try ledger.base.records(customerID: Customer.defaultID).count
    #expect(history >= weeks + 4)

    var questions: [Int] = []
    func count(_ question: () throws -> Void) rethrows {
      ledger.reset()
      try question()
      questions.append(ledger.recordsRead)
    }
    try count { _ = try engine.products(customerID: Customer.defaultID) }
    try count { _ = try engine.subscriptionStatuses(customerID: Customer.defaultID) }
    try count { _ = try engine.currentEntitlements(customerID: Customer.defaultID) }
    try count { _ = try engine.subscribedGroups(customerID: Customer.defaultID) }
    let window = try #require(
      try SupportDirectory(ledger: ledger.base).historyWindow(
        customerID: Customer.defaultID, limit: 5))
    #expect(window.earlierEvents > weeks)
    return (
      questions,
      [window.history.transactions.count, window.events.count, window.transactions.count]
    )
  }

  @Test func theCommandsReadsDoNotGrowWithRenewals() async throws {
    let short = try await reads(afterWeeks: 20)
    let long = try await reads(afterWeeks: 80)
    #expect(short.questions == long.questions)
    #expect(short.window == long.window)
    // A few records per chain and product: two chains of one product each and a lifetime.
    #expect(long.questions.allSatisfy { $0 <= 6 })
    #expect(long.window[1] == 5 && long.window[2] == 5)
  }

  /// After every fourth step of a seeded walk (purchases, renewals, refunds, plan changes, Family
  /// Sharing), the deciders answer from the deciding records, and the explainer from the
  /// `customer` window, exactly as from every record.
  @Test(arguments: [UInt64(11)])
  func theDecidingRecordsGiveTheWholeHistorysAnswers(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let store = try EngineHarness()
    let engine = store.engine
    let directory = SupportDirectory(ledger: store.ledger)
    let walk = RandomInvariantTests()
    for step in 0..<120 {
      let customer = RandomInvariantTests.customers.randomElement(using: &random)!
      try walk.act(store, customer: customer, random: &random)
      // Every fourth step: reading every record is what this test compares against, and slow.
      guard step % 4 == 3 else { continue }
      let now = store.clock.now()
      for customer in RandomInvariantTests.customers {
        let all = try engine.records(customerID: customer)
        let deciding = try engine.decidingRecords(customerID: customer)
        #expect(Set(deciding.map(\.id)).isSubset(of: Set(all.map(\.id))))
        let whole = try engine.accessFacts(customerID: customer, records: all)
        let small = try engine.accessFacts(customerID: customer, records: deciding)
        #expect(Access.decide(small, at: now) == Access.decide(whole, at: now))
        #expect(
          TransactionRules.currentEntitlements(
            deciding,
            subscriptions: try engine.subscriptionChains(
              customerID: customer, records: deciding), at: now
          ).map(\.id)
            == TransactionRules.currentEntitlements(
              all, subscriptions: try engine.subscriptionChains(customerID: customer, records: all),
              at: now
            ).map(\.id))
        #expect(
          TransactionRules.subscribedGroups(deciding) == TransactionRules.subscribedGroups(all))
        let chains = Set(all.compactMap(\.signed?.payload.originalTransactionId))
        for chain in chains {
          #expect(
            TransactionRules.chronological(deciding).last {
              $0.payload.originalTransactionId == chain
                && $0.payload.type == .autoRenewableSubscription
            }?.id
              == TransactionRules.chronological(all).last {
                $0.payload.originalTransactionId == chain
                  && $0.payload.type == .autoRenewableSubscription
              }?.id)
        }
        guard let history = try directory.history(customerID: customer),
          let window = try directory.historyWindow(customerID: customer, limit: 3)
        else { continue }
        #expect(
          AccessExplainer.explain(window.history, now: now)
            == AccessExplainer.explain(history, now: now))
      }
    }
  }
}
