import Foundation
import StoreCore
import StoreTermApp

/// Hand-built Customers screen results and details, in the explainer's and timeline's wording.
enum CustomerFixtures {
  /// Three customers as a search of everything lists them.
  static let results: [CustomerSummary] = [
    summary("default", "Jane Appleseed", "USA", active: ["Plus Monthly", "Theme Pack"]),
    summary("family-kid", "山田 花子", "JPN", active: []),
    summary("original:2000000123", "", "GBR", imported: true, active: ["Premium Yearly"]),
  ]

  private static func summary(
    _ id: String, _ name: String, _ storefront: String, imported: Bool = false,
    active: [String]
  ) -> CustomerSummary {
    CustomerSummary(
      id: id,
      columns: SupportPresentation.searchRow(
        id: id, name: name, storefront: storefront, isImported: imported,
        explanations: active.map {
          AccessExplanation(
            subject: .product($0), name: $0, hasAccess: true, reason: .active, sentence: "")
        }))
  }

  private static func day(_ offset: Double) -> Date {
    Fixtures.now.addingTimeInterval(offset * 86_400)
  }

  /// A customer with many reasons: a grace period, an upgrade, a refund, a pending request, a
  /// consumable balance and an unverified import; and a timeline longer than the screen.
  static let detail = CustomerDetail(
    customerID: "default", name: "Jane Appleseed", email: "jane@example.com", storefront: "USA",
    asOf: Fixtures.now,
    explanations: [
      AccessExplanation(
        subject: .group("plus"), name: "StoreTerm Plus", hasAccess: true, reason: .gracePeriod,
        sentence: "via Plus Monthly: grace period until 6 Dec 2026, payment failing"),
      AccessExplanation(
        subject: .product(Fixtures.plusMonthly), name: "Plus Monthly", hasAccess: true,
        reason: .gracePeriod, sentence: "grace period until 6 Dec 2026, payment failing"),
      AccessExplanation(
        subject: .product(Fixtures.liteMonthly), name: "Lite Monthly", hasAccess: false,
        reason: .upgraded, sentence: "upgraded to Plus Monthly"),
      AccessExplanation(
        subject: .product(Fixtures.coins100), name: "100 Coins", hasAccess: true,
        reason: .consumable, sentence: "balance 100, bought once, last 21 Nov 2026"),
      AccessExplanation(
        subject: .product(Fixtures.lifetime), name: "Lifetime Unlock", hasAccess: false,
        reason: .pendingAskToBuy, sentence: "pending Ask to Buy since 25 Nov 2026"),
      AccessExplanation(
        subject: .product(Fixtures.themes), name: "Theme Pack", hasAccess: false,
        reason: .refunded, sentence: "refunded 30 Nov 2026 (developer issue)"),
      AccessExplanation(
        subject: .product(Fixtures.premiumYearly), name: "Premium Yearly", hasAccess: false,
        reason: .unverified, sentence: "unverified (invalidSignature), not counted"),
    ],
    timeline: [
      TimelineEntry(
        date: day(-20), notificationType: .subscribed, subtype: .initialBuy,
        label: "Subscribed to Lite Monthly"),
      TimelineEntry(
        date: day(-15), notificationType: .didChangeRenewalPref, subtype: .upgrade,
        label: "Upgraded to Plus Monthly"),
      TimelineEntry(
        date: day(-9), notificationType: .oneTimeCharge, label: "Bought 100 Coins"),
      TimelineEntry(date: day(-6), notificationType: .oneTimeCharge, label: "Bought Theme Pack"),
      TimelineEntry(
        date: day(-5), notificationType: nil, localName: "ASK_TO_BUY",
        label: "Asked a parent to approve Lifetime Unlock"),
      TimelineEntry(
        date: day(-2), notificationType: .didChangeRenewalStatus, subtype: .autoRenewDisabled,
        label: "Turned off auto-renew for Plus Monthly"),
      TimelineEntry(
        date: day(-1), notificationType: .didChangeRenewalStatus, subtype: .autoRenewEnabled,
        label: "Turned on auto-renew for Plus Monthly"),
      TimelineEntry(
        date: day(-0.5), notificationType: .didFailToRenew, subtype: .gracePeriod,
        label: "Renewal of Plus Monthly failed, grace period began"),
      TimelineEntry(date: day(0), notificationType: .refund, label: "Refunded Theme Pack"),
      TimelineEntry(
        date: day(0), notificationType: .subscribed, subtype: .initialBuy,
        label: "Subscribed to Premium Yearly", isImported: true),
    ])

  /// The Customers screen with the three results listed.
  static func listed(readOnly: Bool = false) -> AppState {
    var state = Fixtures.state(screen: .customers, readOnly: readOnly)
    state.customers.searchedFor = ""
    state.customers.results = results
    state.customers.selectedID = results.first?.id
    return state
  }

  /// The Customers screen with ``detail`` open.
  static func opened() -> AppState {
    var state = listed()
    state.customers.detail = detail
    return state
  }
}
