import Foundation

/// Parses the plain decimal prices of `.storekit` files (`"4.99"`, `"29"`, `"0.5"`).
public enum PriceParser {
  private static let posix = Locale(identifier: "en_US_POSIX")

  /// The largest price a file may give: in milliunits, times the largest quantity (10), it
  /// still fits in the `Int64` that signed payloads carry.
  public static let largest = Decimal(Int64.max / 10_000)

  /// The price, or nil unless `text` is digits with at most one `.` between digits.
  ///
  /// `Decimal(string:)` alone accepts `"12abc"` as 12, so the shape is checked first.
  public static func decimal(_ text: String) -> Decimal? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    return Decimal(string: text, locale: posix)
  }
}
