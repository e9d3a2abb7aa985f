import Foundation
import StoreCore
import StorePersistence
import Testing

/// The timeline names every event the way App Store Server Notifications V2 do.
@Suite struct TimelineTests {
  static func rows(_ entries: [TimelineEntry]) -> [String] {
    SupportPresentation.timelineRows(entries).map { $0.joined(separator: " | ") }
  }

  @Test func aFailedRenewalRunsThroughGraceAndBillingRetryToExpiry() throws {
    let store = try SupportHarness(
      session: StoreSession(billingIssuesEnabled: true, billingGracePeriodEnabled: true))
    try store.buy(Demo.plusMonthly)
    try store.advance(days: 25)
    try store.advance(days: 60)
    #expect(
      Self.rows(try store.timeline()) == [
        "1 Dec 2026 10:00 | SUBSCRIBED/INITIAL_BUY | Subscribed to Plus Monthly",
        "8 Dec 2026 10:00 | DID_FAIL_TO_RENEW/GRACE_PERIOD | Renewal of Plus Monthly failed, grace period began",
        "24 Dec 2026 10:00 | GRACE_PERIOD_EXPIRED | Grace period for Plus Monthly ended",
        "6 Feb 2027 10:00 | EXPIRED/BILLING_RETRY | Plus Monthly expired: billing retry ran out",
      ])
  }

  @Test func renewalsCancellationRefundsAndPlanChangesKeepApplesNames() throws {
    let store = try SupportHarness()
    let trial = try store.buy(Demo.plusMonthly)
    try store.advance(days: 10)
    try store.engine.requestPriceIncrease(trial.id)
    try store.engine.setAutoRenew(trial.id, enabled: false)
    try store.advance(days: 40)
    let unlock = try store.buy(Demo.lifetime)
    try store.engine.refund(unlock.id, reason: .refundedForOtherReason)
    try store.buy(Demo.plusYearly)
    try store.buy(Demo.liteMonthly)
    #expect(
      try store.timeline().map(\.name) == [
        "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "PRICE_INCREASE/PENDING",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY", "ONE_TIME_CHARGE",
        "REFUND", "SUBSCRIBED/RESUBSCRIBE", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
      ])
    #expect(
      try store.timeline().map(\.label) == [
        "Subscribed to Plus Monthly", "Renewed Plus Monthly",
        "Price increase for Plus Monthly awaits consent", "Turned off auto-renew for Plus Monthly",
        "Plus Monthly expired after the customer cancelled", "Bought Lifetime Unlock",
        "Refunded Lifetime Unlock", "Subscribed again to Plus Yearly",
        "Chose Lite Monthly from the next renewal",
      ])
  }

  @Test func askToBuyHasNoNotificationAndSaysSo() throws {
    let store = try SupportHarness(session: StoreSession(askToBuyEnabled: true))
    guard
      case .pending(let id) = try store.engine.purchase(
        Demo.lifetime, customerID: Customer.defaultID, options: PurchaseOptions())
    else {
      Issue.record("not pending")
      return
    }
    _ = try store.engine.approve(id)
    #expect(
      Self.rows(try store.timeline()) == [
        "1 Dec 2026 10:00 | ASK_TO_BUY | Asked a parent to approve Lifetime Unlock",
        "1 Dec 2026 10:00 | ONE_TIME_CHARGE | Bought Lifetime Unlock",
      ])
  }
}
