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

  /// `2026-12-07 14:03:09`: ``minute(_:)`` with its seconds, for the event log, where several
  /// events share a minute.
  public static func second(_ date: Date) -> String {
    "\(day(date)) \(time(date))"
  }
}
