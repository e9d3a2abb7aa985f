import Foundation
import StoreTermTestSupport
import Testing

/// `--locale` accepts only the languages the screens speak; `--config demo-jp` is the demo
/// priced in yen.
@Suite struct LocaleAndDemoCatalogTests {
  @Test func unknownLanguageIsRefusedListingTheAvailableOnes() async {
    let run = await runStoreTerm(["products", "--locale", "zz_ZZ"])
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError.hasPrefix(
        "storeterm: --locale zz_ZZ: not a language storeterm speaks; choose en, de, es, fr or ja, "
          + "with a region such as de_DE or ja_JP\n"))
  }

  @Test func knownLanguagesAreAccepted() async {
    for locale in ["de_DE", "ja_JP", "es_ES", "fr_FR", "en_GB"] {
      #expect(await runStoreTerm(["products", "--locale", locale]).status == 0, "\(locale)")
    }
  }

  @Test func demoJPIsPricedInYenForJapan() async {
    let run = await runStoreTerm(["products", "--config", "demo-jp"])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("12 products · storefront JPN (JPY) · ja_JP\n"))
    let plus = run.standardOutput.split(separator: "\n").first {
      $0.contains("dev.storeterm.demo.plus.monthly ")
    }
    #expect(plus?.contains("¥980 / month") == true)
    #expect(plus?.contains("1 week free") == true)
    let coins = run.standardOutput.split(separator: "\n").first {
      $0.contains("dev.storeterm.demo.coins.100 ")
    }
    #expect(coins?.hasSuffix("¥160") == true)
  }

  @Test func theDefaultDemoIsStillInDollarsAndNamedDemo() async {
    let implicit = await runStoreTerm(["products"])
    let named = await runStoreTerm(["products", "--config", "demo"])
    #expect(implicit.standardOutput == named.standardOutput)
    #expect(implicit.standardOutput.hasPrefix("12 products · storefront USA (USD) · en_US\n"))
  }
}
