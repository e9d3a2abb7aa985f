import Foundation

/// Dates as the screens write them: in UTC and a fixed format, so captures do not depend on
/// the machine's time zone or locale.
public enum DateText {
  /// `2026-12-07`.
  public static func day(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
  }

  /// `2026-12-07 14:03`.
  public static func minute(_ date: Date) -> String {
    let time = date.formatted(
      Date.ISO8601FormatStyle(timeZone: .gmt).time(includingFractionalSeconds: false))
    return "\(day(date)) \(time.prefix(5))"
  }

  /// `14:03:09`.
  public static func time(_ date: Date) -> String {
    String(
      date.formatted(
        Date.ISO8601FormatStyle(timeZone: .gmt).time(includingFractionalSeconds: false)
      ).prefix(8))
  }

  /// The date and time in `locale`'s numeric order, 24-hour, in UTC: `11/30/26, 14:03:09` in
  /// en_US, `30.11.26, 14:03:09` in de_DE, `26/11/30 14:03:09` in ja_JP.
  public static func dateAndTime(_ date: Date, locale: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: locale)
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.setLocalizedDateFormatFromTemplate("yyMMddHHmmss")
    return formatter.string(from: date)
  }
}
