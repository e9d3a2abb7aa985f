import Foundation
import Synchronization

/// Amounts as text in a currency and a locale (`$4.99`, `4,99 €`), formatted one at a time and
/// remembered.
///
/// One at a time because Foundation's currency formatter crashed (a bad pointer while building
/// its ICU formatter) when many threads of the test suite created it at once; remembered
/// because a catalog and a transaction list format the same few prices over and over.
public enum CurrencyText {
  private struct Key: Hashable {
    let amount: Decimal
    let code: String
    let locale: String
  }

  /// Texts kept before the memory starts over.
  private static let capacity = 4_096
  private static let texts = Mutex<[Key: String]>([:])

  /// `amount` in the ISO 4217 currency `code`, written for the locale `locale`.
  public static func format(_ amount: Decimal, code: String, locale: String) -> String {
    let key = Key(amount: amount, code: code, locale: locale)
    return texts.withLock { texts in
      if let text = texts[key] { return text }
      let text = amount.formatted(.currency(code: code).locale(Locale(identifier: locale)))
      if texts.count >= capacity { texts.removeAll(keepingCapacity: true) }
      texts[key] = text
      return text
    }
  }
}
