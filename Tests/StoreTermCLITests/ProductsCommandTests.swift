import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// `storeterm products` on the bundled demo catalog and on files, as text and JSON.
@Suite struct ProductsCommandTests {
  @Test func theDemoCatalogAsATable() async {
    let run = await runStoreTerm(["products"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(
      run.standardOutput == """
        12 products · storefront USA (USD) · en_US

        NAME              PRODUCT ID                              TYPE            PRICE          INTRO OFFER
        Premium Yearly    dev.storeterm.demo.plus.premium.yearly  Auto-renewable  $99.99 / year  $79.99 for 1 year
        Plus Monthly      dev.storeterm.demo.plus.monthly         Auto-renewable  $4.99 / month  1 week free
        Plus Yearly       dev.storeterm.demo.plus.yearly          Auto-renewable  $49.99 / year  2 weeks free
        Lite Monthly      dev.storeterm.demo.plus.lite.monthly    Auto-renewable  $1.99 / month  3 months at $0.99
        2 TB Storage      dev.storeterm.demo.cloud.2tb            Auto-renewable  $9.99 / month  $8.99 for 3 months
        200 GB Storage    dev.storeterm.demo.cloud.200gb          Auto-renewable  $2.99 / month  3 months at $1.49
        50 GB Storage     dev.storeterm.demo.cloud.50gb.weekly    Auto-renewable  $0.99 / week   3 days free
        100 Coins         dev.storeterm.demo.coins.100            Consumable      $0.99
        550 Coins         dev.storeterm.demo.coins.550            Consumable      $4.99
        Lifetime Unlock   dev.storeterm.demo.lifetime             Non-consumable  $29.99
        Theme Pack        dev.storeterm.demo.themes               Non-consumable  $2.99
        Season Pass 2027  dev.storeterm.demo.seasonpass           Non-renewing    $9.99

        """)
  }

  @Test func noCommandRunsProducts() async {
    let bare = await runStoreTerm([])
    let products = await runStoreTerm(["products"])
    #expect(bare.standardOutput == products.standardOutput)
  }

  @Test func theBundledCatalogIsTheFixtureFile() async throws {
    let fromFile = await runStoreTerm([
      "products", "--json", "--config", TestPaths.demoCatalog.path,
    ])
    let bundled = await runStoreTerm(["products", "--json"])
    #expect(fromFile.status == 0)
    #expect(fromFile.standardOutput == bundled.standardOutput)
  }

  @Test func japaneseNamesLineUpByDisplayWidth() async {
    let run = await runStoreTerm(["--storefront", "JPN", "products", "--locale", "ja_JP"])
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines[0] == "12 products · storefront JPN (JPY) · ja_JP")
    #expect(
      lines[3]
        == "プラス 月額        dev.storeterm.demo.plus.monthly         Auto-renewable  ¥5 / month   1 week free"
    )
  }

  @Test func jsonUsesStoreKitsNamesAndWireValues() async throws {
    let run = await runStoreTerm(["products", "--json", "--storefront", "DEU", "--locale", "de_DE"])
    #expect(run.status == 0)
    let array = try JSONParser.parse(run.standardOutput)
    guard case .array(let products) = array else {
      Issue.record("not an array")
      return
    }
    #expect(products.count == 12)
    let monthly = try #require(
      products.first { $0["id"] == .string("dev.storeterm.demo.plus.monthly") })
    #expect(
      monthly.compactText
        == #"{"id":"dev.storeterm.demo.plus.monthly","type":"Auto-Renewable Subscription","displayName":"Plus Monatlich","description":"Unbegrenzte Projekte und Synchronisierung, monatlich abgerechnet.","price":"4.99","displayPrice":"4,99 €","isFamilyShareable":true,"subscription":{"subscriptionGroupID":"5A1E0001","groupDisplayName":"StoreTerm Plus","groupLevel":2,"subscriptionPeriod":"P1M","introductoryOffer":{"id":null,"type":"introductory","paymentMode":"freeTrial","period":"P1W","periodCount":1,"price":"0","displayPrice":"0,00 €"},"promotionalOffers":[{"id":"plus.monthly.comeback","type":"promotional","paymentMode":"payAsYouGo","period":"P1M","periodCount":3,"price":"2.99","displayPrice":"2,99 €"}],"winBackOffers":[{"id":"plus.monthly.winback","type":"winBack","paymentMode":"freeTrial","period":"P1M","periodCount":1,"price":"0","displayPrice":"0,00 €"}],"isEligibleForIntroOffer":true}}"#
        .replacingOccurrences(of: " €", with: "\u{A0}€"))
    let types = Set(
      products.compactMap { product -> String? in
        guard case .string(let type)? = product["type"] else { return nil }
        return type
      })
    #expect(
      types == [
        "Consumable", "Non-Consumable", "Auto-Renewable Subscription", "Non-Renewing Subscription",
      ])
    let coins = try #require(products.first { $0["id"] == .string("dev.storeterm.demo.coins.100") })
    #expect(coins["subscription"] == .null)
  }

  @Test func verboseReportsIgnoredKeysOnStandardError() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let file = directory.appending(path: "Extra.storekit")
    try Data(
      #"{"version": {"major": 4, "minor": 0}, "products": [], "subscriptionGroups": [], "mystery": true}"#
        .utf8
    ).write(to: file)
    let quiet = await runStoreTerm(["products", "--config", file.path])
    #expect(quiet.standardError == "")
    let verbose = await runStoreTerm(["products", "--config", file.path, "--verbose"])
    #expect(verbose.status == 0)
    #expect(
      verbose.standardError == "storeterm: note: \(file.path): ignoring unknown key mystery\n")
    #expect(verbose.standardOutput == "0 products · storefront USA (USD) · en_US\n\n")
  }
}
