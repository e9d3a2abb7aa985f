// swift-format-ignore-file
// Exported by `storeterm scenario export --xctest billing-retry-grace-recovery.scenario`: the scenario's steps through
// SKTestSession, and after each what StoreKit says (Transaction.currentEntitlements,
// Product.SubscriptionInfo.status(for:), the pending requests) as the walk saw it.
// The test bundle needs Demo.storekit among its resources. Consumable balances
// are the app's own records, so they are not asserted here; dates neither (the session's
// clock is real time).

import StoreKitTest
import XCTest

final class BillingRetryGraceRecoveryScenarioTests: XCTestCase {
  func testBillingRetryGraceRecovery() async throws {
    let session = try SKTestSession(configurationFileNamed: "Demo")
    session.disableDialogs = true
    session.resetToDefaultState()
    session.clearTransactions()
    defer {
      session.resetToDefaultState()
      session.clearTransactions()
    }
    let ids = ScenarioTransactionIDs(session)

    // Step 1 (line 10): setting billing-issues on
    session.shouldEnterBillingRetryOnRenewal = true

    // Step 2 (line 12): purchase dev.storeterm.demo.plus.premium.yearly
    _ = try await session.buyProduct(
        identifier: "dev.storeterm.demo.plus.premium.yearly", options: [])
    try ids.take([1])
    try await expectStatus("5A1E0001", .subscribed, product: "dev.storeterm.demo.plus.premium.yearly", line: 14)

    // Step 3 (line 16): clock advance 366d
    try session.forceRenewalOfSubscription(productIdentifier: "dev.storeterm.demo.plus.premium.yearly")
    try await expectStatus("5A1E0001", .inBillingRetryPeriod, line: 17)
    try await expectEntitlements([], line: 18)

    // Step 4 (line 20): resolve 1
    try session.resolveIssueForTransaction(identifier: ids[1])
    try ids.take([2])
    try await expectStatus("5A1E0001", .subscribed, product: "dev.storeterm.demo.plus.premium.yearly", line: 21)
    try await expectEntitlements(["dev.storeterm.demo.plus.premium.yearly"], line: 22)

    // Step 5 (line 24): setting grace-period on
    session.billingGracePeriodIsEnabled = true

    // Step 6 (line 25): clock advance 367d
    try session.forceRenewalOfSubscription(productIdentifier: "dev.storeterm.demo.plus.premium.yearly")
    try await expectStatus("5A1E0001", .inGracePeriod, line: 26)
    try await expectEntitlements(["dev.storeterm.demo.plus.premium.yearly"], line: 27)

    // Step 7 (line 29): resolve 1
    try session.resolveIssueForTransaction(identifier: ids[1])
    try ids.take([3])
    try await expectStatus("5A1E0001", .subscribed, product: "dev.storeterm.demo.plus.premium.yearly", line: 30)
    try await expectEntitlements(["dev.storeterm.demo.plus.premium.yearly"], line: 31)
  }
}

/// The session's transaction IDs for the scenario's: the session numbers its own, so each
/// step's new transactions are matched, in order, to the ones the scenario names.
private final class ScenarioTransactionIDs {
  let session: SKTestSession
  var known: Set<Int>
  var byScenarioID: [Int: Int] = [:]

  init(_ session: SKTestSession) {
    self.session = session
    known = Set(session.allTransactions().map(\.identifier))
  }

  func take(_ scenarioIDs: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
    let fresh = session.allTransactions().map(\.identifier).filter { !known.contains($0) }
      .sorted()
    XCTAssertEqual(
      fresh.count, scenarioIDs.count, "new transactions", file: file, line: line)
    for (scenarioID, id) in zip(scenarioIDs, fresh) { byScenarioID[scenarioID] = id }
    known.formUnion(fresh)
  }

  subscript(_ scenarioID: Int) -> Int { byScenarioID[scenarioID] ?? -scenarioID }
}

private func currentEntitlements() async -> [String] {
  var products: [String] = []
  for await result in Transaction.currentEntitlements {
    if case .verified(let transaction) = result { products.append(transaction.productID) }
  }
  return products.sorted()
}

private func expectEntitlements(_ expected: [String], line: Int) async throws {
  let products = await currentEntitlements()
  XCTAssertEqual(products, expected, "scenario line \(line): entitlements")
}

private func expectEntitlement(_ product: String, _ present: Bool, line: Int) async throws {
  let products = await currentEntitlements()
  XCTAssertEqual(products.contains(product), present, "scenario line \(line): \(products)")
}

private func expectNoStatus(_ group: String, line: Int) async throws {
  let statuses = try await Product.SubscriptionInfo.status(for: group)
  XCTAssertTrue(statuses.isEmpty, "scenario line \(line): \(statuses.map(\.state))")
}

private func expectStatus(
  _ group: String, _ state: Product.SubscriptionInfo.RenewalState, product: String? = nil,
  willAutoRenew: Bool? = nil, autoRenewPreference: String? = nil,
  expirationReason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason? = nil,
  priceIncrease: Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus? = nil, line: Int
) async throws {
  let statuses = try await Product.SubscriptionInfo.status(for: group)
  let matching = statuses.filter { status in
    guard status.state == state, case .verified(let info) = status.renewalInfo else {
      return false
    }
    return (product.map { info.currentProductID == $0 } ?? true)
      && (willAutoRenew.map { info.willAutoRenew == $0 } ?? true)
      && (autoRenewPreference.map { info.autoRenewPreference == $0 } ?? true)
      && (expirationReason.map { info.expirationReason == $0 } ?? true)
      && (priceIncrease.map { info.priceIncreaseStatus == $0 } ?? true)
  }
  XCTAssertFalse(
    matching.isEmpty,
    "scenario line \(line): no \(state) status in group \(group) as expected; got "
      + "\(statuses.map(\.state))")
}

private func expectPending(
  _ session: SKTestSession, _ expected: [(Int, String, Bool)], line: Int
) {
  let waiting = session.allTransactions()
    .filter { $0.pendingAskToBuyConfirmation || $0.hasPurchaseIssue }
    .sorted { $0.identifier < $1.identifier }
  XCTAssertEqual(
    waiting.map { "\($0.identifier) \($0.productIdentifier) \($0.hasPurchaseIssue)" },
    expected.map { "\($0.0) \($0.1) \($0.2)" }, "scenario line \(line): pending requests")
}
