import Foundation

/// Durations as people type them for time travel: `35d`, `2w`, `1m` or `1mo` (a 30-day month),
/// `12h`, `90min`, `30s`, `1y` (365 days), or several together (`1d12h`).
public enum DurationText {
  private static let units: [String: Double] = [
    "s": 1, "sec": 1, "min": 60, "h": 3_600, "d": 86_400, "w": 604_800, "m": 2_592_000,
    "mo": 2_592_000, "y": 31_536_000,
  ]

  /// Seconds for `text`, or nil when it is not a positive duration.
  public static func seconds(_ text: String) -> TimeInterval? {
    var total = 0.0
    var digits = ""
    var unit = ""
    var parts = 0
    func flush() -> Bool {
      guard let value = Double(digits), let scale = units[unit] else { return false }
      total += value * scale
      parts += 1
      digits = ""
      unit = ""
      return true
    }
    for character in text.lowercased() {
      if character.isASCII, character.isNumber {
        if !unit.isEmpty, !flush() { return nil }
        digits.append(character)
      } else if character.isASCII, character.isLetter, !digits.isEmpty {
        unit.append(character)
      } else {
        return nil
      }
    }
    guard !digits.isEmpty, flush(), parts > 0, total > 0, total.isFinite else { return nil }
    return total
  }
}
