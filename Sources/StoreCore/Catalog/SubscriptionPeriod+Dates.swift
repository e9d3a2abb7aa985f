import Foundation

extension CatalogProduct.SubscriptionPeriod {
  /// The Gregorian calendar in UTC: subscription arithmetic must not depend on the machine's zone.
  private static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// The date `count` periods after `start`, by calendar (a month from 31 January is 28 or 29
  /// February, as the App Store bills).
  public func date(after start: Date, count: Int = 1) -> Date {
    let total = value * count
    var components = DateComponents()
    switch unit {
    case .day: components.day = total
    case .week: components.day = total * 7
    case .month: components.month = total
    case .year: components.year = total
    }
    return Self.calendar.date(byAdding: components, to: start) ?? start
  }
}
