import Foundation
import StoreCore
import Testing

@testable import StoreTermCLI

/// The text `storeterm customer` prints: header, access table and timeline, exactly.
@Suite struct CustomerViewTests {
  @Test func theCustomerViewShowsAccessAndTimelineInColumns() throws {
    let store = try SupportHarness(
      session: StoreSession(billingIssuesEnabled: true, billingGracePeriodEnabled: true))
    try store.buy(Demo.plusMonthly)
    try store.buy(Demo.coins)
    try store.advance(days: 10)
    let history = try #require(
      try store.directory.history(customerID: "default", balances: [Demo.coins: 1]))
    let now = store.clock.now()
    let text = CustomerCommand.text(
      history,
      lines: AccessExplainer.explain(history, names: SupportHarness.names, now: now),
      timeline: CustomerTimeline.entries(history, names: SupportHarness.names), now: now)
    #expect(
      text == """
        customer default · Default Customer · default@storeterm.test · USA
        as of 11 Dec 2026 10:00 UTC

        PRODUCT                 ACCESS  WHY
        StoreTerm Plus (group)  yes     via Plus Monthly: grace period until 24 Dec 2026, payment failing
          Plus Monthly          yes     grace period until 24 Dec 2026, payment failing
        100 Coins               yes     balance 1, bought once, last 1 Dec 2026

        WHEN (UTC)        EVENT                           WHAT
        1 Dec 2026 10:00  SUBSCRIBED/INITIAL_BUY          Subscribed to Plus Monthly
        1 Dec 2026 10:00  ONE_TIME_CHARGE                 Bought 100 Coins
        8 Dec 2026 10:00  DID_FAIL_TO_RENEW/GRACE_PERIOD  Renewal of Plus Monthly failed, grace period began

        """)
  }
}
