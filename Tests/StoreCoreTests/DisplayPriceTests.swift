import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

/// Prices are formatted by Foundation for the storefront's currency in the chosen locale.
@Suite struct DisplayPriceTests {
  static func demoCatalog(storefront: String? = nil, locale: String? = nil) throws -> ProductCatalog
  {
    let data = try Data(contentsOf: TestPaths.demoCatalog)
    let configuration = try StoreKitConfigurationDecoder.decode(data, file: "Demo.storekit")
    return ProductCatalog(
      configuration: configuration,
      storefront: storefront.flatMap(CatalogStorefront.init(countryCode:)),
      locale: locale)
  }

  @Test(arguments: [
    ("USA", "en_US", "$4.99", "$0.99"),
    ("DEU", "de_DE", "4,99\u{A0}€", "0,99\u{A0}€"),
    ("JPN", "ja_JP", "¥5", "¥1"),
    ("ESP", "es_ES", "4,99\u{A0}€", "0,99\u{A0}€"),
    ("GBR", "en_GB", "£4.99", "£0.99"),
  ])
  func storefrontAndLocale(storefront: String, locale: String, monthly: String, coins: String)
    throws
  {
    let catalog = try DisplayPriceTests.demoCatalog(storefront: storefront, locale: locale)
    #expect(catalog.product(id: "dev.storeterm.demo.plus.monthly")?.displayPrice == monthly)
    #expect(catalog.product(id: "dev.storeterm.demo.coins.100")?.displayPrice == coins)
  }

  @Test func theSpanishStorefrontOfARealFile() throws {
    let name = "RevenueCat__purchases-ios__Products.storekit"
    let data = try Data(contentsOf: TestPaths.realCatalogs.appending(path: name))
    let catalog = ProductCatalog(
      configuration: try StoreKitConfigurationDecoder.decode(data, file: name))
    #expect(catalog.storefront.countryCode == "ESP")
    #expect(catalog.storefront.currencyCode == "EUR")
    #expect(catalog.locale == "es_ES")
    #expect(catalog.product(id: "com.revenuecat.simpleapp.yearly")?.displayPrice == "7,99\u{A0}€")
  }

  @Test func japaneseNamesAndYenWithoutDecimals() throws {
    let catalog = try DisplayPriceTests.demoCatalog(storefront: "JPN", locale: "ja_JP")
    let product = try #require(catalog.product(id: "dev.storeterm.demo.plus.monthly"))
    #expect(product.displayName == "プラス 月額")
    #expect(product.subscription?.groupDisplayName == "StoreTerm プラス")
    #expect(catalog.displayPrice(Decimal(2800)) == "¥2,800")
  }

  @Test func simplifiedChineseFromALanguageAndScriptLocale() throws {
    let name = "jaywcjlove__StoreKitHelper__Configuration.storekit"
    let data = try Data(contentsOf: TestPaths.realCatalogs.appending(path: name))
    let configuration = try StoreKitConfigurationDecoder.decode(data, file: name)
    let chinese = ProductCatalog(
      configuration: configuration, storefront: CatalogStorefront(countryCode: "CHN"),
      locale: "zh_Hans")
    let monthly = try #require(chinese.product(id: "test.monthly"))
    #expect(monthly.displayName == "全功能包月")
    #expect(monthly.description == "按月订阅付费解锁所有功能")
    #expect(monthly.displayPrice == "¥0.99")
    // A product with no Chinese localization falls back to the first one.
    #expect(chinese.product(id: "test.lifetime")?.displayName == "All Access Lifetime")
  }

  @Test func localizationFallsBackToTheLanguageThenTheFirst() {
    let localizations = [
      Localization(locale: "en_US", displayName: "Hello", description: ""),
      Localization(locale: "de", displayName: "Hallo", description: ""),
      Localization(locale: "pt_BR", displayName: "Olá", description: ""),
    ]
    #expect(LocaleIdentifier.bestMatch("de_AT", in: localizations)?.displayName == "Hallo")
    #expect(LocaleIdentifier.bestMatch("pt-BR", in: localizations)?.displayName == "Olá")
    #expect(LocaleIdentifier.bestMatch("pt_PT", in: localizations)?.displayName == "Olá")
    #expect(LocaleIdentifier.bestMatch("fr_FR", in: localizations)?.displayName == "Hello")
    #expect(LocaleIdentifier.bestMatch("en_US", in: []) == nil)
  }

  @Test func storefrontCodesAreAlpha3() {
    #expect(CatalogStorefront(countryCode: "deu")?.currencyCode == "EUR")
    #expect(CatalogStorefront(countryCode: "CHE")?.currencyCode == "CHF")
    #expect(CatalogStorefront(countryCode: "KOR")?.region == "KR")
    #expect(CatalogStorefront(countryCode: "US") == nil)
    #expect(CatalogStorefront(countryCode: "XYZ") == nil)
  }
}
