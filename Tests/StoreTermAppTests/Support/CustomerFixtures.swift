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
  ///
  /// The reasons and labels are the explainer's own phrases, so the screen words them.
  static let detail = CustomerDetail(
    customerID: "default", name: "Jane Appleseed", email: "jane@example.com", storefront: "USA",
    asOf: Fixtures.now,
    explanations: [
      line(
        .group("plus"), "StoreTerm Plus", true, .gracePeriod,
        SupportPhrase("via %1$@: %2$@", .data("Plus Monthly"), .phrase(grace))),
      line(.product(Fixtures.plusMonthly), "Plus Monthly", true, .gracePeriod, grace, in: "plus"),
      line(
        .product(Fixtures.liteMonthly), "Lite Monthly", false, .upgraded,
        SupportPhrase("upgraded to %@", .data("Plus Monthly")), in: "plus"),
      line(
        .product(Fixtures.coins100), "100 Coins", true, .consumable,
        SupportPhrase(
          "%1$@, bought once, last %2$@", .phrase(SupportPhrase("balance %@", .data("100"))),
          .day(day(-9)))),
      line(
        .product(Fixtures.lifetime), "Lifetime Unlock", false, .pendingAskToBuy,
        SupportPhrase("pending Ask to Buy since %@", .day(day(-5)))),
      line(
        .product(Fixtures.themes), "Theme Pack", false, .revoked,
        SupportPhrase("revoked %@ (developer issue)", .day(day(0)))),
      line(
        .product(Fixtures.premiumYearly), "Premium Yearly", false, .unverified,
        SupportPhrase("unverified (%@), not counted", .data("invalidSignature"))),
    ],
    timeline: [
      event(-20, .subscribed, .initialBuy, "Lite Monthly"),
      event(-15, .didChangeRenewalPref, .upgrade, "Plus Monthly"),
      event(-9, .oneTimeCharge, nil, "100 Coins"),
      event(-6, .oneTimeCharge, nil, "Theme Pack"),
      TimelineEntry(
        date: day(-5), notificationType: nil, localName: "ASK_TO_BUY",
        phrase: SupportPhrase("Asked a parent to approve %@", .data("Lifetime Unlock"))),
      event(-2, .didChangeRenewalStatus, .autoRenewDisabled, "Plus Monthly"),
      event(-1, .didChangeRenewalStatus, .autoRenewEnabled, "Plus Monthly"),
      event(-0.5, .didFailToRenew, .gracePeriod, "Plus Monthly"),
      event(0, .refund, nil, "Theme Pack"),
      event(0, .subscribed, .initialBuy, "Premium Yearly", imported: true),
    ])

  /// The grace period's phrase, for the group and its product.
  private static let grace = SupportPhrase(
    "grace period until %@, payment failing", .day(day(6)))

  private static func line(
    _ subject: AccessExplanation.Subject, _ name: String, _ access: Bool, _ reason: AccessReason,
    _ phrase: SupportPhrase, in group: String? = nil
  ) -> AccessExplanation {
    var line = AccessExplanation(
      subject: subject, name: name, hasAccess: access, reason: reason, phrase: phrase)
    line.group = group
    return line
  }

  /// A timeline entry for a notification about `product`, labelled as the timeline labels it.
  private static func event(
    _ offset: Double, _ type: NotificationTypeV2, _ subtype: NotificationSubtype?,
    _ product: String, imported: Bool = false
  ) -> TimelineEntry {
    TimelineEntry(
      date: day(offset), notificationType: type, subtype: subtype,
      phrase: NotificationLabel.phrase(type, subtype, product: .data(product)),
      isImported: imported)
  }

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
