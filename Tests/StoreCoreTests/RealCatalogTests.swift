import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

/// Every real `.storekit` file in `Tests/Fixtures/storekit-real/` loads, with exact values.
@Suite struct RealCatalogTests {
  /// What each file must produce in its own storefront and locale.
  struct Expectation: Sendable {
    let count: Int
    /// Samples as (product id, display name, display price, terms or nil for non-subscriptions).
    let samples: [(String, String, String, String?)]
  }

  static let expectations: [String: Expectation] = [
    "RevenueCat__purchases-ios__Configuration.storekit": .init(
      count: 3,
      samples: [
        ("monthly_freetrial", "monthly free trial", "$8.99", "P1M, freeTrial P1W×1 $0.00"),
        ("lifetime", "lifetime", "$199.99", nil),
      ]),
    "RevenueCat__purchases-ios__Load_shedder.storekit": .init(
      count: 2,
      samples: [
        (
          "com.revenuecat.loadShedder.monthly", "com.revenuecat.loadShedder.monthly", "$9.99", "P1M"
        ),
        ("lifetime", "Lifetime product", "$99.99", nil),
      ]),
    "RevenueCat__purchases-ios__Products.storekit": .init(
      count: 2,
      samples: [
        (
          "com.revenuecat.simpleapp.monthly", "Subscripción Mensual", "0,99\u{A0}€",
          "P1M, freeTrial P1W×1 0,00\u{A0}€"
        ),
        ("com.revenuecat.simpleapp.yearly", "Subscripción Anual", "7,99\u{A0}€", "P1Y"),
      ]),
    "RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit": .init(
      count: 16,
      samples: [
        ("greenie_annual", "Annual", "$99.99", "P1Y"),
        ("com.revenuecat.purchaseTester.archiveSub.1.20.99", "1 year access", "$20.99", nil),
      ]),
    "RevenueCat__purchases-ios__RevenueCat_IntegrationPurchaseTesterConfiguration.storekit": .init(
      count: 11,
      samples: [
        (
          "com.revenuecat.monthly_4.99.1_week_intro", "Monthly Free Trial", "$4.99",
          "P1M, freeTrial P1W×1 $0.00"
        ),
        ("consumable.10_coins", "10 Coins", "$0.99", nil),
      ]),
    "RevenueCat__purchases-ios__RevenueCat_SwiftUIConfiguration.storekit": .init(
      count: 8,
      samples: [
        ("rc_price_increase_2999_4999", "Test Increase 29.99 -> 49.99", "$49.99", "P1M"),
        ("com.revenuecat.500coins.1.99", "lifetime", "$1.99", nil),
      ]),
    "RevenueCat__purchases-ios__UnitTestsConfiguration.storekit": .init(
      count: 7,
      samples: [
        (
          "com.revenuecat.monthly_4.99.1_week_intro", "Monthly Free Trial", "$4.99",
          "P1M, freeTrial P3M×1 $0.00"
        ),
        ("com.revenuecat.non_renewable", "Non Renewable Subscription", "$1.69", nil),
      ]),
    "RevenueCat__react-native-purchases__RevenueCast_PurchaseTesterTypescriptConfiguration.storekit":
      .init(
        count: 9,
        samples: [
          ("rc_1099_1m", "Monthly $10.99", "$0.00", "P1M"),
          ("com.revenuecat.500coins.1.99", "lifetime", "$0.00", nil),
        ]),
    "apple__sample-food-truck__Products.storekit": .init(
      count: 3,
      samples: [
        (
          "socialfeedplus.monthly", "Social Feed+ Monthly Plan", "$4.99",
          "P1M, payAsYouGo P1M×3 $2.49"
        ),
        (
          "socialfeedplus.yearly", "Social Feed+ Yearly Plan", "$49.99",
          "P1Y, payUpFront P3M×1 $8.99"
        ),
        ("feature.annualhistory", "Full year of history", "$0.99", nil),
      ]),
    "flutter__packages__Configuration.storekit": .init(
      count: 6,
      samples: [
        ("subscription_silver", "Subscription Silver", "$4.99", "P1W"),
        ("consumable_discounted", "Consumable", "$0.49", nil),
      ]),
    "jaywcjlove__StoreKitHelper__Configuration.storekit": .init(
      count: 2,
      samples: [
        ("test.monthly", "All Access Monthly", "$0.99", "P1M"),
        ("test.lifetime", "All Access Lifetime", "$0.99", nil),
      ]),
    "russell-archer__StoreHelper__Products.storekit": .init(
      count: 8,
      samples: [
        (
          "com.rarcher.subscription.vip.gold", "Gold. Weekly Home Visits", "$19.99",
          "P1M, payUpFront P2M×1 $9.99"
        ),
        ("com.rarcher.consumable.plant-installation", "Plant Installation", "$29.00", nil),
      ]),
  ]

  static func load(_ name: String) throws -> StoreKitConfiguration {
    let data = try Data(contentsOf: TestPaths.realCatalogs.appending(path: name))
    return try StoreKitConfigurationDecoder.decode(data, file: name)
  }

  /// A compact summary of a product's subscription terms for table comparisons.
  static func terms(_ product: CatalogProduct) -> String? {
    guard let subscription = product.subscription else { return nil }
    var text = subscription.subscriptionPeriod.iso8601
    if let offer = subscription.introductoryOffer {
      text +=
        ", \(offer.paymentMode.rawValue) \(offer.period.iso8601)×\(offer.periodCount) \(offer.displayPrice)"
    }
    return text
  }

  @Test func everyFileInTheFolderLoadsWithItsExpectedProducts() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.realCatalogs.path)
      .filter { $0.hasSuffix(".storekit") }.sorted()
    // The folder, not a list: a file added there fails here until it has expectations.
    #expect(files == RealCatalogTests.expectations.keys.sorted())
    for file in files {
      let catalog = ProductCatalog(configuration: try RealCatalogTests.load(file))
      let products = catalog.products()
      let expectation = try #require(RealCatalogTests.expectations[file])
      #expect(products.count == expectation.count, "\(file)")
      for (id, name, price, terms) in expectation.samples {
        let product = try #require(products.first { $0.id == id }, "\(file): \(id)")
        #expect(product.displayName == name, "\(file): \(id)")
        #expect(product.displayPrice == price, "\(file): \(id)")
        #expect(RealCatalogTests.terms(product) == terms, "\(file): \(id)")
      }
    }
  }

  @Test func formatVersionsFromOneToFiveAreAllRepresented() throws {
    var versions: Set<String> = []
    for file in RealCatalogTests.expectations.keys {
      versions.insert(try RealCatalogTests.load(file).version.description)
    }
    #expect(versions == ["1.0", "1.1", "1.2", "2.0", "3.0", "4.0", "5.0"])
  }

  @Test func legacySettingsOfFormat1_1() throws {
    let settings = try RealCatalogTests.load("russell-archer__StoreHelper__Products.storekit")
      .settings
    #expect(settings.legacyStoreKitErrorCode == 0)
    #expect(settings.timeRate == .oneHourIsOneDay)
    #expect(settings.simulatedErrors.isEmpty)
  }

  @Test func compatibilityTimeRateObjectAndCurrentSimulatedError() throws {
    let name =
      "RevenueCat__purchases-ios__RevenueCat_IntegrationPurchaseTesterConfiguration.storekit"
    let settings = try RealCatalogTests.load(name).settings
    #expect(settings.timeRate == .monthlyRenewalEveryFiveMinutes)
    #expect(settings.compatibilityTimeRate == .oneSecondIsOneDay)
    let current = settings.simulatedErrors.compactMap(\.error)
    #expect(current == [SimulatedError(family: "generic", index: 4)])
    #expect(current.first?.caseName == "notAvailableInStorefront")
    #expect(settings.simulatedErrors.count == 9)
    #expect(settings.simulatedErrors.allSatisfy { !$0.enabled })
  }

  @Test func syncedConfigurationKeepsItsAppStoreConnectFields() throws {
    let name = "RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit"
    let settings = try RealCatalogTests.load(name).settings
    #expect(settings.applicationInternalID == "1552944963")
    #expect(
      settings.lastSynchronizedDate == Date(timeIntervalSinceReferenceDate: 743_722_291.470198))
  }

  @Test func emptyPricesLoadAsZeroWithOneWarning() throws {
    let name =
      "RevenueCat__react-native-purchases__RevenueCast_PurchaseTesterTypescriptConfiguration.storekit"
    let configuration = try RealCatalogTests.load(name)
    #expect(
      configuration.warnings == [
        "\(name): 7 prices are empty and load as 0 (products[0].displayPrice and 6 more)"
      ])
    #expect(configuration.settings.timeRate == .oneRenewalEveryMinute)
  }

  @Test func formatFiveBillingPlansAndPromotionalOffers() throws {
    let configuration = try RealCatalogTests.load(
      "RevenueCat__purchases-ios__UnitTestsConfiguration.storekit")
    let subscriptions = configuration.subscriptionGroups.flatMap(\.subscriptions)
    let plans = subscriptions.flatMap(\.billingPlans)
    #expect(plans.contains { $0.billingPlanType == "MONTHLY" && $0.commitmentPrice != nil })
    #expect(configuration.settings.disableDialogs == false)
    let first = try #require(subscriptions.first)
    #expect(first.promotionalOffers.count == 2)
  }

  @Test func winBackAndCodeOffersKeepTheirSwitches() throws {
    let configuration = try RealCatalogTests.load("flutter__packages__Configuration.storekit")
    let silver = try #require(
      configuration.subscriptionGroups.flatMap(\.subscriptions).first {
        $0.productID == "subscription_silver"
      })
    let winBack = try #require(silver.winBackOffers.first)
    #expect(winBack.paymentMode == .payAsYouGo)
    #expect(winBack.price == Decimal(string: "0.99"))
    #expect(winBack.period == .weekly)
    let codes = try RealCatalogTests.load(
      "RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit"
    ).subscriptionGroups.flatMap(\.subscriptions).flatMap(\.codeOffers)
    #expect(codes.contains { $0.eligibility == ["new", "existing", "expired"] })
  }
}
