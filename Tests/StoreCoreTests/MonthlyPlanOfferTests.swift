import StoreCore
import Testing

/// An offer for the monthly plan is not simulated, and must never apply to an up-front purchase.
///
/// Xcode 26.5 writes offers per billing plan (`"billingPlanType"` on each offer).
@Suite struct MonthlyPlanOfferTests {
  @Test func anOfferForTheMonthlyPlanIsLeftOutOfTheProductsOwnOffers() throws {
    let subscription = """
      {"type": "RecurringSubscription", "productID": "pro.yearly", "referenceName": "Pro",
       "internalID": "2", "displayPrice": "59.99", "familyShareable": false,
       "subscriptionGroupID": "G1", "groupNumber": 1, "recurringSubscriptionPeriod": "P1Y",
       "introductoryOffers": [
         {"internalID": "i1", "paymentMode": "free", "subscriptionPeriod": "P1M",
          "billingPlanType": "MONTHLY"},
         {"internalID": "i2", "paymentMode": "free", "subscriptionPeriod": "P1W",
          "billingPlanType": "BILLED_UPFRONT"}],
       "introductoryOffer": {"internalID": "i1", "paymentMode": "free",
          "subscriptionPeriod": "P1M", "billingPlanType": "MONTHLY"},
       "adHocOffers": [
         {"internalID": "p1", "offerID": "monthly.half", "referenceName": "Half",
          "paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "displayPrice": "2.99",
          "numberOfPeriods": 3, "billingPlanType": "MONTHLY"},
         {"internalID": "p2", "offerID": "yearly.deal", "referenceName": "Deal",
          "paymentMode": "payUpFront", "subscriptionPeriod": "P1Y", "displayPrice": "39.99"}],
       "billingPlans": [
         {"billingPlanType": "MONTHLY", "displayPrice": "5.99", "commitmentDisplayPrice": "71.88",
          "internalID": "b1", "isEnabled": true}],
       "localizations": [{"locale": "en_US", "displayName": "Pro", "description": "All of it"}]}
      """
    let configuration = try CatalogTestDocuments.decode(
      CatalogTestDocuments.document(subscriptionJSON: subscription))
    let pro = try #require(configuration.subscriptionGroups.first?.subscriptions.first)
    #expect(pro.introductoryOffer?.internalID == "i2")
    #expect(pro.introductoryOffer?.period == .weekly)
    #expect(pro.promotionalOffers.map(\.offerID) == ["yearly.deal"])
    #expect(
      configuration.warnings.filter { $0.contains("monthly billing plan") }.count == 2,
      "\(configuration.warnings)")
    #expect(
      configuration.warnings.contains {
        $0.hasSuffix(
          "introductoryOffers[0]: an offer for the monthly billing plan is not simulated;"
            + " the plan is sold without it")
      }, "\(configuration.warnings)")
  }
}
