import Foundation

/// Durations as people type them for time travel: `35d`, `2w`, `1m` (a 30-day month), `12h`,
/// `90s`, `1y` (365 days), or several together (`1d12h`).
public enum DurationText {
  /// Seconds for `text`, or nil when it is not a positive duration.
  public static func seconds(_ text: String) -> TimeInterval? {
    let units: [Character: Double] = [
      "s": 1, "h": 3_600, "d": 86_400, "w": 604_800, "m": 2_592_000, "y": 31_536_000,
    ]
    var total = 0.0
    var digits = ""
    var sawUnit = false
    for character in text.lowercased() {
      if character.isASCII, character.isNumber {
        digits.append(character)
      } else if let unit = units[character], let value = Double(digits) {
        total += value * unit
        digits = ""
        sawUnit = true
      } else {
        return nil
      }
    }
    guard digits.isEmpty, sawUnit, total > 0, total.isFinite else { return nil }
    return total
  }
}
