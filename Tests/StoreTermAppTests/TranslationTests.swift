import Foundation
import StoreTermApp
import StoreTermTestSupport
import Testing

/// The translations: every language has every key, every key the screens use exists, and the
/// offer terms read right in each language.
@Suite struct TranslationTests {
  static let resources = TestPaths.packageRoot.appending(path: "Sources/StoreTermApp/Resources")

  /// The five languages the issue asks for; more may be added, none may go.
  static let required = ["de", "en", "es", "fr", "ja"]

  /// Each `<language>.lproj/Localizable.strings` as a dictionary.
  static func tables() throws -> [String: [String: String]] {
    var tables: [String: [String: String]] = [:]
    for folder in try FileManager.default.contentsOfDirectory(atPath: resources.path)
    where folder.hasSuffix(".lproj") {
      let data = try Data(contentsOf: resources.appending(path: "\(folder)/Localizable.strings"))
      let table = try PropertyListSerialization.propertyList(from: data, format: nil)
      tables[String(folder.dropLast(6))] = try #require(table as? [String: String], "\(folder)")
    }
    return tables
  }

  @Test func everyLanguageTranslatesEveryKey() throws {
    let tables = try Self.tables()
    #expect(Set(Self.required).isSubset(of: tables.keys))
    let english = try #require(tables["en"])
    // The English file lists the keys; its values are the keys themselves.
    #expect(english.allSatisfy { $0.key == $0.value })
    for (language, table) in tables {
      let missing = Set(english.keys).subtracting(table.keys).sorted()
      let extra = Set(table.keys).subtracting(english.keys).sorted()
      #expect(missing.isEmpty, "\(language) lacks \(missing)")
      #expect(extra.isEmpty, "\(language) has keys English lacks: \(extra)")
      for (key, value) in table {
        // A translation keeps every placeholder of its key.
        #expect(Self.placeholders(key) == Self.placeholders(value), "\(language): \(key)")
      }
    }
  }

  @Test func everyKeyTheScreensUseIsListed() throws {
    let english = try #require(Self.tables()["en"])
    let sources = TestPaths.packageRoot.appending(path: "Sources/StoreTermApp")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    let call = try Regex(#"(?:localized|UIText\.text)\(\s*"((?:[^"\\]|\\.)*)""#)
    var used: Set<String> = []
    for file in files {
      let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
      for match in text.matches(of: call) {
        if let key = match.output[1].substring { used.insert(String(key)) }
      }
    }
    #expect(used.count > 50)
    #expect(used.subtracting(english.keys).sorted() == [])
  }

  /// Key descriptions, help groups and tab titles are looked up when drawn (not through a
  /// `localized("…")` call the scan above finds): the tabs and the Notifications screen's keys
  /// (list and inspector) are all listed, so every language has them.
  @Test func theTabsAndTheNotificationsKeysAreListed() throws {
    let english = try #require(Self.tables()["en"])
    let state = NotificationsScreenTests.listed()
    var used = Set(ScreenID.allCases.map(\.title))
    for keymap in [NotificationsScreen.keymap, NotificationsScreen.inspectorKeymap] {
      for section in keymap.helpSections(in: state) {
        used.insert(section.title)
        used.formUnion(section.entries.map(\.description))
      }
    }
    #expect(used.isSuperset(of: ["Notifications", "Notification", "resend", "test notification"]))
    #expect(used.subtracting(english.keys).sorted() == [])
  }

  /// The Notifications screen (`6`) in each of the five languages: its tab, list, delivery
  /// states, inspector and keys.
  @Test func theNotificationsScreenInEachLanguage() {
    let expected: [(String, [String])] = [
      (
        "de_DE",
        [
          "Mitteilungen", "Mitteilungen (3)", "zugestellt 10:05", "fehlgeschlagen: HTTP 500",
          "keine weiteren Versuche", "Nutzdaten", "erneut senden", "Testmitteilung",
        ]
      ),
      (
        "en_US",
        [
          "Notifications", "Notifications (3)", "delivered 10:05", "failed: HTTP 500",
          "no more retries", "Payload", "resend", "test notification",
        ]
      ),
      (
        "es_ES",
        [
          "Notificaciones", "Notificaciones (3)", "entregada 10:05", "fallida: HTTP 500",
          "sin más reintentos", "Contenido", "reenviar", "notificación de prueba",
        ]
      ),
      (
        "fr_FR",
        [
          "Notifications", "Notifications (3)", "livrée 10:05", "échec : HTTP 500", "plus d’essai",
          "Contenu", "renvoyer", "notification de test",
        ]
      ),
      (
        "ja_JP",
        [
          "通知", "通知 (3)", "配信済み 10:05", "失敗: HTTP 500", "再試行なし", "ペイロード", "再送信",
          "テスト通知",
        ]
      ),
    ]
    for (locale, words) in expected {
      let actual = [
        UIText.text("Notifications", locale), UIText.text("Notifications (%@)", locale, "3"),
        UIText.text("delivered %@", locale, "10:05"), UIText.text("failed: HTTP %@", locale, "500"),
        UIText.text("no more retries", locale), UIText.text("Payload", locale),
        UIText.text("resend", locale), UIText.text("test notification", locale),
      ]
      #expect(actual == words, "\(locale)")
    }
  }

  @Test func languagesComeFromTheResourceFiles() {
    #expect(UIText.languages == ["en", "de", "es", "fr", "ja"])
    #expect(UIText.speaks("de_DE") && UIText.speaks("ja-JP") && UIText.speaks("fr"))
    #expect(!UIText.speaks("zz_ZZ"))
  }

  @Test func lookupFillsPlaceholdersByPosition() {
    #expect(UIText.text("Balance %@", "en_US", "3") == "Balance 3")
    #expect(UIText.text("Balance %@", "de_DE", "3") == "Guthaben 3")
    #expect(UIText.text("%1$@ for %2$@", "ja_JP", "¥12,800", "1年") == "1年 ¥12,800")
    // A key no table has reads in English.
    #expect(UIText.text("not a key %@", "fr_FR", "x") == "not a key x")
  }

  @Test func offerTermsInEachLanguage() {
    // The prices as the currency formatter writes them (its spaces vary by locale).
    let expected = [
      ("USA", "en_US", "3 months at %1$@, then %2$@ / month"),
      ("DEU", "de_DE", "3 Monate zu je %1$@, danach %2$@ / Monat"),
      ("ESP", "es_ES", "3 meses a %1$@, luego %2$@ / mes"),
      ("FRA", "fr_FR", "3 mois à %1$@, puis %2$@ / mois"),
    ]
    for (storefront, locale, terms) in expected {
      let snapshot = Fixtures.demo(storefront: storefront, locale: locale)
      let product = snapshot.products.first { $0.id == Fixtures.cloud200 }!
      let offer = product.subscription!.introductoryOffer!
      #expect(
        Badge.introOffer(for: product, in: snapshot)
          == terms.replacingOccurrences(of: "%1$@", with: offer.displayPrice)
          .replacingOccurrences(of: "%2$@", with: product.displayPrice), "\(locale)")
    }
    let japan = Fixtures.demo(storefront: "JPN", locale: "ja_JP")
    let premium = japan.products.first { $0.id == "dev.storeterm.demo.plus.premium.yearly" }!
    var eligible = japan
    eligible.introEligibleGroups.insert(premium.subscription!.subscriptionGroupID)
    #expect(Badge.introOffer(for: premium, in: eligible) == "1年 ¥12,800、その後¥16,000 / 年")
  }

  /// The `%@` and `%1$@` slots of a string, sorted.
  static func placeholders(_ text: String) -> [String] {
    text.matches(of: #/%(?:\d\$)?@/#).map { String($0.output) }.sorted()
  }
}
