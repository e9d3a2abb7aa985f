import Foundation
import StoreCore
import Testing

/// StoreKit's defaults and the quirks of real files, one rule per test.
@Suite struct CatalogDecodingTests {
  typealias Docs = CatalogTestDocuments

  static func subscription(_ offers: String) -> String {
    """
    {"type": "RecurringSubscription", "productID": "pro", "subscriptionGroupID": "G1",
     "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "displayPrice": "4.99", \(offers)}
    """
  }

  static func firstSubscription(_ offers: String) throws -> ConfiguredSubscription {
    let configuration = try Docs.decode(Docs.document(subscriptionJSON: subscription(offers)))
    return try #require(configuration.subscriptionGroups.first?.subscriptions.first)
  }

  @Test func missingSettingsGetStoreKitDefaults() throws {
    let settings = try Docs.decode(#"{"version": {"major": 4, "minor": 0}}"#).settings
    #expect(settings == StoreKitSettings())
    #expect(settings.storefront == "USA")
    #expect(settings.locale == "en_US")
    #expect(settings.timeRate == .realTime)
  }

  @Test func aMissingNumberOfPeriodsMeansOne() throws {
    let sub = try CatalogDecodingTests.firstSubscription(
      #""introductoryOffer": {"paymentMode": "payUpFront", "subscriptionPeriod": "P3M", "displayPrice": "8.99"}"#
    )
    #expect(sub.introductoryOffer?.periodCount == 1)
    #expect(sub.introductoryOffer?.price == Decimal(string: "8.99"))
  }

  @Test func aFreeOffersStaleDisplayPriceIsIgnored() throws {
    let sub = try CatalogDecodingTests.firstSubscription(
      #""introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1W", "displayPrice": "0.99"}"#
    )
    #expect(sub.introductoryOffer?.price == 0)
    #expect(sub.introductoryOffer?.paymentMode == .freeTrial)
  }

  @Test func nullAndAbsentKeysReadTheSame() throws {
    let withNull = try CatalogDecodingTests.firstSubscription(
      #""introductoryOffer": null, "codeOffers": null, "winbackOffers": null"#)
    let absent = try CatalogDecodingTests.firstSubscription(#""adHocOffers": []"#)
    #expect(withNull == absent)
    #expect(withNull.introductoryOffer == nil)
  }

  @Test func theNewIntroductoryOffersListWinsOverTheOldSingleOffer() throws {
    let sub = try CatalogDecodingTests.firstSubscription(
      """
      "introductoryOffers": [{"paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M",
                              "numberOfPeriods": 3, "displayPrice": "2.49"}],
      "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1W"}
      """)
    #expect(sub.introductoryOffer?.paymentMode == .payAsYouGo)
    #expect(sub.introductoryOffer?.periodCount == 3)
    let old = try CatalogDecodingTests.firstSubscription(
      #""introductoryOffers": [], "introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1W"}"#
    )
    #expect(old.introductoryOffer?.period == .weekly)
  }

  @Test func promotionalWinBackAndCodeOffers() throws {
    let sub = try CatalogDecodingTests.firstSubscription(
      """
      "adHocOffers": [{"offerID": "$4 for month", "referenceName": "Promo", "paymentMode": "payAsYouGo",
                       "subscriptionPeriod": "P1M", "numberOfPeriods": 2, "displayPrice": "4"}],
      "winbackOffers": [{"offerID": "wb", "paymentMode": "free", "subscriptionPeriod": "P1M", "isEligible": false}],
      "codeOffers": [{"paymentMode": "free", "subscriptionPeriod": "P3D", "isStackable": true,
                      "eligibility": ["expired", "new"]}]
      """)
    #expect(sub.promotionalOffers.map(\.offerID) == ["$4 for month"])
    #expect(sub.promotionalOffers.first?.price == 4)
    #expect(sub.winBackOffers.first?.isEligible == false)
    #expect(sub.codeOffers.first?.eligibility == ["new", "expired"])
    #expect(sub.codeOffers.first?.isStackable == true)
    #expect(sub.codeOffers.first?.period == CatalogProduct.SubscriptionPeriod(value: 3, unit: .day))
  }

  @Test func anEmptyPriceLoadsAsZeroWithAWarning() throws {
    let configuration = try Docs.decode(
      Docs.document(
        productsJSON: #"[{"type": "Consumable", "productID": "a", "displayPrice": ""}]"#))
    #expect(configuration.products.first?.price == 0)
    #expect(
      configuration.warnings == [
        "Test.storekit: 1 price is empty and loads as 0 (products[0].displayPrice)"
      ])
  }

  @Test func timeRatesInBothForms() throws {
    let old = try Docs.decode(
      Docs.document(settings: #"{"_timeRate": 15, "_compatibilityTimeRate": 6}"#))
    #expect(old.settings.timeRate == .monthlyRenewalEveryThirtySeconds)
    #expect(old.settings.compatibilityTimeRate == .oneSecondIsOneDay)
    let new = try Docs.decode(
      Docs.document(settings: #"{"_timeRate": 1999, "_compatibilityTimeRate": {"3": 5}}"#))
    #expect(new.settings.timeRate.description == "unknown(1999)")
    #expect(new.settings.effectiveTimeRate == .thirtySecondsIsOneDay)
  }

  @Test func simulatedErrorsInTheOldIntegerAndTheNewListForm() throws {
    let old = try Docs.decode(
      Docs.document(settings: #"{"_failTransactionsEnabled": true, "_storeKitError": 2}"#))
    #expect(old.settings.failTransactionsEnabled)
    #expect(old.settings.legacyStoreKitErrorCode == 2)
    let new = try Docs.decode(
      Docs.document(
        settings: """
          {"_storeKitErrors": [
            {"name": "Purchase", "enabled": true, "current": {"index": 1, "type": "purchase"}},
            {"name": "Load Products", "enabled": false},
            {"name": "Refund Request Sheet", "enabled": true, "current": {"index": 0, "type": "refund request"}}]}
          """))
    #expect(new.settings.simulatedError(for: .purchase)?.caseName == "productUnavailable")
    #expect(new.settings.simulatedError(for: .loadProducts) == nil)
    #expect(
      new.settings.simulatedError(for: .refundRequest)?.description
        == "refund request.duplicateRequest")
  }

  @Test func bothBillingIssueKeysTurnBillingRetryOn() throws {
    let legacy = try Docs.decode(Docs.document(settings: #"{"_billingIssuesEnabled": true}"#))
    let renewal = try Docs.decode(
      Docs.document(settings: #"{"_renewalBillingIssuesEnabled": true}"#))
    #expect(legacy.settings.billingIssuesEnabled)
    #expect(renewal.settings.billingIssuesEnabled)
  }

  @Test func unknownKeysAndGroupsAreNotedOncePerPlace() throws {
    let text = """
      {"version": {"major": 7, "minor": 1}, "futureThing": 1, "subscriptionSuiteGroups": [{"id": "S"}],
       "products": [{"type": "Consumable", "productID": "a", "sparkle": 1},
                    {"type": "Consumable", "productID": "b", "sparkle": 2}]}
      """
    let configuration = try Docs.decode(text)
    #expect(
      configuration.notes == [
        "Test.storekit: format 7.1 is newer than storeterm knows; reading what it understands",
        "Test.storekit: ignoring unknown key futureThing",
        "Test.storekit: ignoring unknown key products[0].sparkle and 1 more like it",
      ])
    #expect(configuration.warnings.isEmpty)
  }

  @Test func aDuplicateProductIDIsAnErrorNamingBothPlaces() throws {
    #expect(
      throws: StoreKitConfigurationError(
        file: "Test.storekit",
        message: #"products[1]: product "a" is already declared at products[0]"#)
    ) {
      try Docs.decode(
        Docs.document(
          productsJSON: """
            [{"type": "Consumable", "productID": "a", "displayPrice": "1"},
             {"type": "NonConsumable", "productID": "a", "displayPrice": "2"}]
            """))
    }
  }

  @Test func periodsParseEveryUnitAndRejectCombinations() {
    #expect(CatalogProduct.SubscriptionPeriod(iso8601: "P7D") == .init(value: 7, unit: .day))
    #expect(CatalogProduct.SubscriptionPeriod(iso8601: "P2W") == .init(value: 2, unit: .week))
    #expect(CatalogProduct.SubscriptionPeriod(iso8601: "P6M") == .init(value: 6, unit: .month))
    #expect(CatalogProduct.SubscriptionPeriod(iso8601: "P1Y") == .yearly)
    for bad in ["P5X", "P1Y2M", "P0M", "1M", "P", "PM", "P-1M", "p1m", "P١M"] {
      #expect(CatalogProduct.SubscriptionPeriod(iso8601: bad) == nil, "\(bad)")
    }
  }
}
