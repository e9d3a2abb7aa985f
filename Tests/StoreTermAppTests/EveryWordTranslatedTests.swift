import Foundation
import StoreCore
import StoreManager
import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermApp

/// Every word the UI shows speaks the catalog's language, found without a list of keys: the
/// gallery (every screen, sheet, modal, message, help page and ``EffectOutcome``) is drawn while
/// a ``UITextProbe`` watches ``UIText``.
///
/// - Drawn in the pseudo language (each looked-up word in accented letters), any plain ASCII word
///   left on screen bypassed the tables, unless it is the store's data (product names and
///   identifiers, customers, the event log's kinds) or a key's name (`Esc`, `PgUp`).
/// - Every key the gallery asked for exists in every `.strings` table; every table key is asked
///   for by the gallery or named in the sources (so unused translations are flagged).
@Suite struct EveryWordTranslatedTests {
  /// The sizes the gallery is drawn at: the widest and the smallest layouts.
  static let sizes = [Size(width: 100, height: 30), Size(width: 60, height: 18)]

  /// One named state of the app, drawn at every size (and every help page, every scroll).
  struct Scene {
    var name: String
    var state: AppState
    /// Data the scene shows that its state does not hold (a toast's outcome).
    var data: Set<String> = []
  }

  @Test func noEnglishWordBypassesTheTables() {
    let probe = UITextProbe(pseudoLanguage: true)
    var leaks: [String: Set<String>] = [:]
    UIText.$probe.withValue(probe) {
      for scene in Self.gallery(locale: "de_DE") {
        let allowed = Self.dataWords(scene.state).union(scene.data)
        // Each distinct word once: a scene's screens repeat most of theirs on every row.
        let words = Set(Self.screens(scene.state).flatMap { Self.plainWords($0.lines) })
        for word in words where !Self.isData(word, allowed) {
          leaks[word, default: []].insert(scene.name)
        }
      }
      let snapshot = Self.gallery(locale: "de_DE")[0].state.snapshot
      let allowed = Self.dataWords(Fixtures.state(snapshot))
      for (name, outcome) in Self.outcomes() {
        let message = StoreTermApp.report(outcome, in: snapshot).message
        let data = allowed.union(Self.plainWords(Self.strings(in: outcome)))
        for word in Self.plainWords([message]) where !Self.isData(word, data) {
          leaks[word, default: []].insert("outcome \(name)")
        }
      }
    }
    let report = leaks.keys.filter { !Self.stillEnglish.contains($0) }.sorted()
      .map { "\($0) (\(leaks[$0]!.sorted().joined(separator: ", ")))" }
    #expect(report == [], "English drawn without UIText:\n\(report.joined(separator: "\n"))")
    // A word that no longer leaks leaves the list, so the list only shrinks.
    #expect(Self.stillEnglish.subtracting(leaks.keys).sorted() == [])
  }

  @Test func everyKeyAskedForIsInEveryTable() throws {
    let tables = try TranslationTests.tables()
    let asked = Self.asked
    #expect(asked.count > 200)
    for language in TranslationTests.required {
      let table = try #require(tables[language])
      let missing = asked.subtracting(table.keys).sorted()
      #expect(missing == [], "\(language).lproj lacks \(missing.count): \(missing)")
    }
  }

  @Test func everyTableKeyIsUsed() throws {
    let english = try #require(TranslationTests.tables()["en"])
    let named = try Self.literalsInSources()
    // Period words are named by unit (`"%@ \(unit)s"`), record states by StoreCore's phrases,
    // standings by StoreCore's ``Standing`` words, refusals by the control's participle, offer-code audiences by their words.
    let units = ["day", "week", "month", "year"]
    let audiences =
      ["new", "current", "expired", "new or current", "new or expired"]
      + ["current or expired"]
    let built = Set(units + units.flatMap { ["%@ \($0)", "%@ \($0)s"] })
      .union(Standing.labelWords)
      .union(TransactionControl.allCases.map { "cannot be \($0.participle)" })
      .union(audiences.map { "\($0) subscribers" })
    let unused = Set(english.keys).subtracting(Self.asked)
      .filter { !named.contains($0) && !built.contains($0) }
    #expect(unused.sorted() == [], "keys no code asks for")
  }

  @Test func thePseudoLanguageKeepsSlotsAndWidths() {
    #expect(UITextProbe.pseudo("Balance %@") == "Ɓáľáñçé %@")
    #expect(UITextProbe.pseudo("%1$@ at %2$@") == "%1$@ áť %2$@")
    let probe = UITextProbe(pseudoLanguage: true)
    UIText.$probe.withValue(probe) {
      #expect(UIText.text("Balance %@", "ja_JP", "3") == "Ɓáľáñçé 3")
    }
    #expect(probe.keys == ["Balance %@"])
    #expect(UIText.text("Balance %@", "de_DE", "3") == "Guthaben 3")
    #expect(Self.plainWords(["Ɓáľáñçé 3 Plus Monthly · x"]) == ["Plus", "Monthly"])
    #expect(
      Self.plainWords(["Fail: StoreKitError.unknown, abXError.y Error.z"]) == [
        "Fail", "ab", "Error",
      ])
    #expect(Self.isIdentifier("purchaseDate") && Self.isIdentifier("JWS"))
    #expect(!Self.isIdentifier("Plus") && !Self.isIdentifier("price"))
    let source = #"let a = "x\"y", b = "", c = "open" "# + "\n\"cut\n"
    #expect(Self.stringLiterals(in: Array(source.utf8)) == [#"x"y"#, "", "open"])
  }

  /// Whether `word` is the store's data: a data word or a piece of one (a cell cut it), or an
  /// Apple identifier (`purchaseDate`, `networkError`), which reads the same in every language.
  static func isData(_ word: String, _ data: Set<String>) -> Bool {
    data.contains(word) || isIdentifier(word)
      || data.contains { $0.count > word.count && $0.contains(word) }
  }

  /// The words still drawn in English, found by this test on 2026-12-02.
  ///
  /// StoreCore's sentences (the customer explainer, the engine's refusals) and the sheets and
  /// notices not yet routed through UIText. A word leaves the list when it stops leaking (the
  /// test says so), so the list only shrinks.
  /// Apple's own names, which read the same in every language (see DECISIONS.md): the StoreKit
  /// API groups the settings panel can make fail, as Xcode's StoreKit testing names them (cut
  /// in help's narrow column as `Produc`, `Transac`, `Verificatio`), and the inspector's JSON
  /// and JWS field names that are plain words (`type`, `price`, `alg`), and the StoreKitError
  /// cases a purchase sheet's QA outcome can force that are plain words (`Fail: unknown`).
  static let stillEnglish: Set<String> = [
    "App", "Code", "Load", "Manage", "Offer", "Produc", "Products", "Purchase", "Redeem",
    "Refund", "Sheet", "Status", "Subscriptions", "Transac", "Transaction", "Verificatio",
    "Verification", "alg", "price", "type", "unknown", "unsupported",
  ]
}
