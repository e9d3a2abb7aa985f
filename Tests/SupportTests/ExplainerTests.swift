import Foundation
import StoreCore
import StorePersistence
import Testing

/// One test per reason the explainer gives, with the exact sentence and code.
///
/// Tests run through the real engine and ledger where the simulation produces the case. The clock starts on 1 Dec 2026 10:00 UTC; Plus Monthly starts with a
/// one-week free trial, so its first renewal is on 8 Dec 2026.
@Suite struct ExplainerTests {
  static let group = "StoreTerm Plus"

  @Test func anActiveSubscriptionRenews() throws {
    let store = try SupportHarness()
    try store.buy(Demo.plusMonthly)
    #expect(
      try store.explained() == [
        "StoreTerm Plus [yes] active: via Plus Monthly: active, renews 8 Dec 2026",
        "Plus Monthly [yes] active: active, renews 8 Dec 2026",
      ])
  }

  @Test func aCancelledSubscriptionKeepsAccessUntilTheEndOfThePeriod() throws {
    let store = try SupportHarness()
    let trial = try store.buy(Demo.plusMonthly)
    try store.engine.setAutoRenew(trial.id, enabled: false)
    #expect(
      try store.explained().last
        == "Plus Monthly [yes] cancelled: cancelled, access until 8 Dec 2026")
  }

  @Test func theGracePeriodKeepsAccessWhilePaymentFails() throws {
    let store = try SupportHarness(
      session: StoreSession(billingIssuesEnabled: true, billingGracePeriodEnabled: true))
    try store.buy(Demo.plusMonthly)
    try store.advance(days: 10)
    #expect(
      try store.explained() == [
        "StoreTerm Plus [yes] grace_period: via Plus Monthly: grace period until 24 Dec 2026, payment failing",
        "Plus Monthly [yes] grace_period: grace period until 24 Dec 2026, payment failing",
      ])
  }

  @Test func billingRetryWithoutGraceMeansNoAccess() throws {
    let store = try SupportHarness(session: StoreSession(billingIssuesEnabled: true))
    try store.buy(Demo.plusMonthly)
    try store.advance(days: 10)
    #expect(
      try store.explained() == [
        "StoreTerm Plus [no] billing_retry: billing retry since 8 Dec 2026, no access",
        "Plus Monthly [no] billing_retry: billing retry since 8 Dec 2026, no access",
      ])
  }

  @Test func anExhaustedBillingRetryExpiresWithBillingError() throws {
    let store = try SupportHarness(
      session: StoreSession(billingIssuesEnabled: true, billingGracePeriodEnabled: true))
    try store.buy(Demo.plusMonthly)
    try store.advance(days: 25)
    try store.advance(days: 60)
    #expect(
      try store.explained().last == "Plus Monthly [no] expired: expired 6 Feb 2027: billing error")
  }

  @Test func aSubscriptionTheCustomerCancelledExpiresAtTheEndOfThePeriod() throws {
    let store = try SupportHarness()
    let trial = try store.buy(Demo.plusMonthly)
    try store.engine.setAutoRenew(trial.id, enabled: false)
    try store.advance(days: 10)
    #expect(
      try store.explained().last
        == "Plus Monthly [no] expired: expired 8 Dec 2026: cancelled by the customer")
  }

  @Test func aRefundForADeveloperIssueRemovesAccess() throws {
    let store = try SupportHarness()
    let unlock = try store.buy(Demo.lifetime)
    try store.advance(days: 9)
    try store.engine.refund(unlock.id, reason: .refundedDueToIssue)
    #expect(
      try store.explained() == [
        "Lifetime Unlock [no] revoked: revoked 10 Dec 2026 (developer issue)"
      ])
  }

  @Test func anUpgradeSendsTheOldProductToTheNewOne() throws {
    let store = try SupportHarness()
    try store.buy(Demo.liteMonthly)
    try store.advance(days: 10)
    try store.buy(Demo.plusYearly)
    #expect(
      try store.explained() == [
        "StoreTerm Plus [yes] active: via Plus Yearly: active, renews 11 Dec 2027",
        "Plus Yearly [yes] active: active, renews 11 Dec 2027",
        "Lite Monthly [no] upgraded: upgraded to Plus Yearly",
      ])
  }

  @Test func askToBuyWaitsForAParent() throws {
    let store = try SupportHarness(session: StoreSession(askToBuyEnabled: true))
    let outcome = try store.engine.purchase(
      Demo.lifetime, customerID: Customer.defaultID, options: PurchaseOptions())
    guard case .pending = outcome else {
      Issue.record("not pending: \(outcome)")
      return
    }
    #expect(
      try store.explained() == [
        "Lifetime Unlock [no] pending_ask_to_buy: pending Ask to Buy since 1 Dec 2026"
      ])
  }

  @Test func aDeclinedAskToBuyGrantsNothing() throws {
    let store = try SupportHarness(session: StoreSession(askToBuyEnabled: true))
    guard
      case .pending(let id) = try store.engine.purchase(
        Demo.lifetime, customerID: Customer.defaultID, options: PurchaseOptions())
    else {
      Issue.record("not pending")
      return
    }
    try store.advance(days: 1)
    try store.engine.decline(id)
    #expect(
      try store.explained() == ["Lifetime Unlock [no] declined: Ask to Buy declined 2 Dec 2026"])
  }

  @Test func anInterruptedPurchaseWaitsForTheCustomer() throws {
    let store = try SupportHarness(session: StoreSession(interruptedPurchasesEnabled: true))
    _ = try store.engine.purchase(
      Demo.lifetime, customerID: Customer.defaultID, options: PurchaseOptions())
    #expect(
      try store.explained() == [
        "Lifetime Unlock [no] interrupted: purchase interrupted since 1 Dec 2026, waiting for the customer"
      ])
  }

  @Test func aNonConsumableIsOwnedFromItsPurchase() throws {
    let store = try SupportHarness()
    try store.buy(Demo.lifetime)
    #expect(try store.explained() == ["Lifetime Unlock [yes] owned: purchased 1 Dec 2026"])
  }

  @Test func consumablesShowTheAppsBalance() throws {
    let store = try SupportHarness()
    try store.buy(Demo.coins)
    try store.advance(days: 2)
    try store.buy(Demo.coins)
    #expect(
      try store.explained(balances: [Demo.coins: 200]) == [
        "100 Coins [yes] consumable: balance 200, bought 2 times, last 3 Dec 2026"
      ])
    #expect(
      try store.explained(balances: [Demo.coins: 0]) == [
        "100 Coins [no] consumable: balance 0, bought 2 times, last 3 Dec 2026"
      ])
  }

  @Test func aFamilySharedPurchaseSaysWhoseItIs() {
    let shared = Payloads.transaction(
      id: "7", original: "7", product: Demo.lifetime, type: .nonConsumable,
      purchased: SupportHarness.start, ownership: .familyShared)
    let history = CustomerHistory(customerID: "kid", transactions: [shared])
    let lines = AccessExplainer.explain(
      history, names: SupportHarness.names, now: SupportHarness.start)
    #expect(
      lines.map(SupportHarness.summary) == [
        "Lifetime Unlock [yes] family_shared: shared by a family member since 1 Dec 2026"
      ])
  }

  @Test func aFamilySharedPurchaseNamesThePurchaserWhenTheLedgerKnowsThem() {
    let shared = Payloads.transaction(
      id: "7", original: "7", product: Demo.lifetime, type: .nonConsumable,
      purchased: SupportHarness.start, ownership: .familyShared)
    let history = CustomerHistory(
      customerID: "kid", transactions: [shared], familyGroup: "smiths", sharedBy: ["7": "mum"])
    let lines = AccessExplainer.explain(
      history, names: SupportHarness.names, now: SupportHarness.start)
    #expect(
      lines.map(SupportHarness.summary) == [
        "Lifetime Unlock [yes] family_shared: shared by mum since 1 Dec 2026"
      ])
  }

  @Test func aPlanChangedAtRenewalPointsToTheNewPlan() {
    let start = SupportHarness.start
    let yearly = Payloads.transaction(
      id: "1", original: "1", product: Demo.plusYearly, type: .autoRenewableSubscription,
      purchased: start, expires: start.addingTimeInterval(30 * SupportHarness.day))
    let monthly = Payloads.transaction(
      id: "2", original: "1", product: Demo.plusMonthly, type: .autoRenewableSubscription,
      purchased: start.addingTimeInterval(30 * SupportHarness.day),
      expires: start.addingTimeInterval(61 * SupportHarness.day))
    let history = CustomerHistory(customerID: "c", transactions: [yearly, monthly])
    let lines = AccessExplainer.explain(
      history, names: SupportHarness.names, now: start.addingTimeInterval(40 * SupportHarness.day))
    #expect(
      lines.map(SupportHarness.summary) == [
        "StoreTerm Plus [yes] active: via Plus Monthly: active until 31 Jan 2027 (renewal status unknown)",
        "Plus Monthly [yes] active: active until 31 Jan 2027 (renewal status unknown)",
        "Plus Yearly [no] changed_plan: changed to Plus Monthly at renewal",
      ])
  }

  @Test func jsonGivesEachReasonAsAStableCodeAndTheTransactionsUnderApplesNames() throws {
    let store = try SupportHarness()
    try store.buy(Demo.plusMonthly)
    let history = try #require(try store.directory.history(customerID: Customer.defaultID))
    let lines = AccessExplainer.explain(
      history, names: SupportHarness.names, now: store.clock.now())
    let json = SupportPresentation.json(history, explanations: lines, timeline: [])
    let product = try #require(Payloads.element(json["entitlements"], 1))
    #expect(
      product.compactText
        == #"{"subject":"product","id":"dev.storeterm.demo.plus.monthly","name":"Plus Monthly","access":true,"code":"active","reason":"active, renews 8 Dec 2026","transactionId":"1"}"#
    )
    let transaction = try #require(Payloads.element(json["transactions"], 0))
    #expect(transaction["originalTransactionId"] == .string("1"))
    #expect(transaction["expiresDate"] == .number("1796724000000"))
  }

  @Test func datesAreUTCDays() {
    #expect(SupportDate.day(Date(timeIntervalSince1970: 1_798_675_199)) == "30 Dec 2026")
    #expect(SupportDate.day(Date(timeIntervalSince1970: 1_798_675_200)) == "31 Dec 2026")
    #expect(SupportDate.day(Date(timeIntervalSince1970: 951_782_400)) == "29 Feb 2000")
    #expect(SupportDate.minute(SupportHarness.start) == "1 Dec 2026 10:00")
    #expect(SupportDate.iso8601(SupportHarness.start) == "2026-12-01T10:00:00.000Z")
  }
}
