import Foundation
import StoreCore
import StoreJWS
import StoreTermTestSupport
import Testing

/// A seeded random walk over purchases, time jumps, management actions and Family Sharing
/// (joining and leaving one family), checking StoreKit's invariants after every step.
@Suite struct RandomInvariantTests {
  static let products = [
    Demo.plusMonthly, Demo.plusYearly, Demo.liteMonthly, Demo.premiumYearly, Demo.cloud2TB,
    Demo.cloud200GB, "dev.storeterm.demo.cloud.50gb.weekly", Demo.coins, Demo.lifetime,
    Demo.seasonPass,
  ]
  static let customers = ["default", "ana", "ben"]
  static let family = "walkers"

  /// Steps per walk: 150 in the suite.
  ///
  /// Every step reads each customer's whole history, so a walk costs the square of its length;
  /// `STORETERM_INVARIANT_STEPS=1000` walks the long form.
  static let steps =
    ProcessInfo.processInfo.environment["STORETERM_INVARIANT_STEPS"].flatMap { Int($0) } ?? 150

  @Test(arguments: [UInt64(7), 2026, 11, 42])
  func invariantsHoldAtEveryStep(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let store = try EngineHarness()
    var usedIntro: Set<String> = []
    var stepsTaken = 0
    for _ in 0..<Self.steps {
      let customer = Self.customers.randomElement(using: &random)!
      try act(store, customer: customer, random: &random)
      stepsTaken += 1
      for customer in Self.customers {
        try check(store, customer: customer, usedIntro: &usedIntro)
      }
    }
    #expect(stepsTaken == Self.steps)
    try checkSignatures(store)
    try checkIdentifiers(store)
  }

  func act(
    _ store: EngineHarness, customer: String, random: inout SeededGenerator
  ) throws {
    let engine = store.engine
    let records = try engine.records(customerID: customer)
    let anyID = records.randomElement(using: &random)?.id
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<30:
      let product = Self.products.randomElement(using: &random)!
      let askToBuy = Int.random(in: 0..<10, using: &random) == 0
      _ = try? engine.purchase(
        product, customerID: customer, options: PurchaseOptions(askToBuy: askToBuy))
    case 30..<50:
      store.clock.advance(by: Double.random(in: 3_600...(40 * 86_400), using: &random))
      try engine.catchUp()
    case 50..<53:
      // Family Sharing: one family, joined and left by any of the three.
      if try engine.familyMembers(customerID: customer).isEmpty {
        try engine.joinFamily(Self.family, customerID: customer)
      } else {
        try engine.leaveFamily(customerID: customer)
      }
    case 53..<55:
      var session = engine.session
      session.billingIssuesEnabled.toggle()
      session.billingGracePeriodEnabled = Bool.random(using: &random)
      engine.setSession(session)
    default:
      guard let id = anyID else { return }
      let action = Int.random(in: 0..<11, using: &random)
      // Refusals (wrong state, not a subscription) are part of the walk; they must change nothing.
      switch action {
      case 0: _ = try? engine.refund(id)
      case 1: _ = try? engine.revoke(id)
      case 2: _ = try? engine.approve(id)
      case 3: try? engine.decline(id)
      case 4: _ = try? engine.resolve(id)
      case 5: try? engine.setAutoRenew(id, enabled: Bool.random(using: &random))
      case 6: try? engine.expireSubscription(id)
      case 7: _ = try? engine.forceRenewal(id)
      case 8: try? engine.requestPriceIncrease(id)
      case 9: try? engine.consentToPriceIncrease(id)
      default: try? engine.declinePriceIncrease(id)
      }
    }
  }

  private func check(
    _ store: EngineHarness, customer: String, usedIntro: inout Set<String>
  ) throws {
    let engine = store.engine
    let entitlements = try engine.currentEntitlements(customerID: customer)
    let groups = entitlements.compactMap(\.payload.subscriptionGroupIdentifier)
    // At most one of the customer's own subscriptions per group (one chain per group); shared
    // copies of other products of the group are listed beside it.
    let ownGroups = entitlements.filter { $0.payload.inAppOwnershipType != .familyShared }
      .compactMap(\.payload.subscriptionGroupIdentifier)
    #expect(ownGroups.count == Set(ownGroups).count)
    // At most one transaction per product (StoreKit's `currentEntitlements(for:)`).
    let products = entitlements.map(\.payload.productId)
    #expect(products.count == Set(products).count)
    // Entitled exactly in subscribed and grace, through an own chain or a shared one; the own
    // entitlement of a group is its own entitled chain.
    let statuses = try engine.subscriptionStatuses(customerID: customer)
    for group in Set(statuses.map(\.subscription.groupID)) {
      let inGroup = statuses.filter { $0.subscription.groupID == group }
      #expect(inGroup.contains { $0.state.isEntitled } == groups.contains(group))
      let entitled = entitlements.first {
        $0.payload.subscriptionGroupIdentifier == group
          && $0.payload.inAppOwnershipType != .familyShared
      }
      if let entitled,
        let own = inGroup.first(where: {
          $0.state.isEntitled && $0.transaction.payload.inAppOwnershipType != .familyShared
        })
      {
        #expect(entitled.payload.originalTransactionId == String(own.subscription.originalID))
      }
    }
    // Family Sharing: shared copies are granted only while their owner shares a family with the
    // customer; nobody outside a family holds a live shared copy.
    if try engine.familyMembers(customerID: customer).isEmpty {
      #expect(!entitlements.contains { $0.payload.inAppOwnershipType == .familyShared })
    }
    // Introductory eligibility never returns once used (a shared copy does not use it).
    let catalog = try engine.products(customerID: customer)
    for group in Set(
      try engine.records(customerID: customer).compactMap(\.signed?.payload).filter {
        $0.inAppOwnershipType != .familyShared
      }.compactMap(\.subscriptionGroupIdentifier))
    {
      usedIntro.insert("\(customer)/\(group)")
    }
    for product in catalog {
      guard let info = product.subscription else { continue }
      if usedIntro.contains("\(customer)/\(info.subscriptionGroupID)") {
        #expect(!info.isEligibleForIntroOffer)
      }
    }
  }

  private func checkIdentifiers(_ store: EngineHarness) throws {
    var ids: [UInt64] = []
    for customer in Self.customers {
      let records = try store.engine.records(customerID: customer)
      #expect(records.map(\.id) == records.map(\.id).sorted())
      ids += records.map(\.id)
      // Each renewal generated by time passing starts where the previous period ended.
      let renewedIDs = Set(
        try store.ledger.events(after: 0, limit: 100_000)
          .filter { $0.kind == .renewed && $0.detail.isEmpty && $0.customerID == customer }
          .compactMap(\.transactionID))
      let signed = records.compactMap(\.signed)
      for transaction in signed where renewedIDs.contains(transaction.id) {
        let previous = signed.last {
          $0.id < transaction.id
            && $0.payload.originalTransactionId == transaction.payload.originalTransactionId
        }
        #expect(previous != nil)
      }
    }
    #expect(ids.count == Set(ids).count)
  }

  private func checkSignatures(_ store: EngineHarness) throws {
    for customer in Self.customers {
      for record in try store.engine.records(customerID: customer) {
        guard let signed = record.signed else { continue }
        let result = store.verifier.verify(signed.jws, as: JWSTransactionDecodedPayload.self)
        #expect(try result.get().isVerified)
      }
      for status in try store.engine.subscriptionStatuses(customerID: customer) {
        let result = store.verifier.verify(
          status.renewalInfo.jws, as: JWSRenewalInfoDecodedPayload.self)
        #expect(try result.get().isVerified)
      }
    }
  }
}
