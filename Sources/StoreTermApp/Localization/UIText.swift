import Foundation
import StoreCore

/// The screens' words in the catalog's language, the one lookup every screen calls.
///
/// The English text is the key; `Resources/<language>.lproj/Localizable.strings` translates it.
/// English never reads a file, so its output is exactly the key.
public enum UIText {
  /// The language the UI is written in, and falls back to.
  public static let baseLanguage = "en"

  /// A test's watch on the lookups of its own task (nil in the program).
  @TaskLocal static var probe: UITextProbe?

  /// `key` in `locale`'s language, with `arguments` put in its `%@` (or `%1$@`, `%2$@`) slots.
  public static func text(_ key: String, _ locale: String, _ arguments: String...) -> String {
    fill(template(key, locale), arguments)
  }

  /// The translation of `key` for `locale`, or `key` itself.
  static func template(_ key: String, _ locale: String) -> String {
    if let probe {
      probe.record(key)
      if probe.pseudoLanguage { return UITextProbe.pseudo(key) }
    }
    let language = LocaleIdentifier.language(of: locale)
    guard language != baseLanguage else { return key }
    return UITranslations.tables[language]?[key] ?? key
  }

  /// Whether `text` is a key of the English table (so a wording to look up, not one made).
  static func isKey(_ text: String) -> Bool {
    UITranslations.tables[baseLanguage]?[text] != nil
  }

  /// The languages the UI speaks, `en` first, then the bundled translations by code.
  public static var languages: [String] {
    [baseLanguage] + UITranslations.tables.keys.filter { $0 != baseLanguage }.sorted()
  }

  /// The languages as a sentence lists them: `en, de, es, fr or ja`.
  public static var languageList: String {
    let languages = self.languages
    guard languages.count > 1 else { return languages.joined() }
    return languages.dropLast().joined(separator: ", ") + " or " + languages[languages.count - 1]
  }

  /// Whether the UI speaks `locale`'s language.
  public static func speaks(_ locale: String) -> Bool {
    languages.contains(LocaleIdentifier.language(of: locale))
  }

  /// `template` with `%1$@`, `%2$@`… replaced by position, then each `%@` by the next argument.
  static func fill(_ template: String, _ arguments: [String]) -> String {
    SlotTemplate.fill(template, arguments)
  }
}
