import Foundation

/// Dates as support staff read them: `30 Dec 2026`, always in UTC and always in English, so the
/// same ledger prints the same words on every machine and in every test.
public enum SupportDate {
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The day of `date` in UTC: `30 Dec 2026`.
  public static func day(_ date: Date) -> String {
    let (year, month, day) = civil(daysSinceEpoch: dayNumber(date))
    return "\(day) \(months[month - 1]) \(year)"
  }

  /// The day of an epoch-millisecond time, as Apple's payloads carry it.
  public static func day(milliseconds: Int64) -> String {
    day(Date(epochMilliseconds: milliseconds))
  }

  /// The day and minute in UTC, for the timeline: `30 Dec 2026 14:05`.
  public static func minute(_ date: Date) -> String {
    let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
    let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
    let hours = secondOfDay / 3_600
    let minutes = (secondOfDay % 3_600) / 60
    let hh = hours < 10 ? "0\(hours)" : "\(hours)"
    let mm = minutes < 10 ? "0\(minutes)" : "\(minutes)"
    return "\(day(date)) \(hh):\(mm)"
  }

  /// The ISO 8601 form in UTC with milliseconds, for JSON: `2026-12-30T10:00:00.000Z`.
  public static func iso8601(_ date: Date) -> String {
    let milliseconds = date.epochMilliseconds
    let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    let (year, month, day) = civil(daysSinceEpoch: dayNumber(date))
    let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
    let fraction = ((milliseconds % 1000) + 1000) % 1000
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(Int(secondOfDay / 3_600), 2)):"
      + "\(pad(Int(secondOfDay % 3_600 / 60), 2)):\(pad(Int(secondOfDay % 60), 2))."
      + "\(pad(Int(fraction), 3))Z"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  private static func dayNumber(_ date: Date) -> Int {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    return Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
  /// `civil_from_days`): no Calendar, so no time zone or locale can leak in.
  private static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
