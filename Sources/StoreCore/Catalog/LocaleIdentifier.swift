import Foundation

/// Checks and matches the locale identifiers of `.storekit` files and `--locale` (`en_US`, `ar`,
/// `zh_Hans`, `pt-BR`).
public enum LocaleIdentifier {
  /// Whether `identifier` looks like a locale: a 2–3 letter language, then letter or digit parts.
  public static func isWellFormed(_ identifier: String) -> Bool {
    let parts = identifier.split(separator: "_", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
    guard let language = parts.first, (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// The language part, lowercased: `en` for `en_US`.
  public static func language(of identifier: String) -> String {
    String(identifier.prefix { $0 != "_" && $0 != "-" }).lowercased()
  }

  /// `identifier` with `-` written as `_` and the language lowercased, for comparisons.
  public static func normalized(_ identifier: String) -> String {
    let underscored = identifier.replacingOccurrences(of: "-", with: "_")
    let language = self.language(of: underscored)
    return language + underscored.dropFirst(language.count)
  }

  /// The localization to show for `locale`: the same locale, else the same language, else the first.
  public static func bestMatch(_ locale: String, in localizations: [Localization]) -> Localization?
  {
    let wanted = normalized(locale)
    if let exact = localizations.first(where: { normalized($0.locale) == wanted }) { return exact }
    let language = self.language(of: wanted)
    return localizations.first { self.language(of: $0.locale) == language } ?? localizations.first
  }
}
