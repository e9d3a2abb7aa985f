import Foundation

extension CatalogProduct.SubscriptionPeriod {
  /// The Gregorian calendar in UTC: subscription arithmetic must not depend on the machine's zone.
  private static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// The longest period a catalog or option may name: a hundred years, the span from any
  /// simulated date to past the test certificates' end (2099-12-31).
  public static let longestSpan = CatalogProduct.SubscriptionPeriod(value: 100, unit: .year)

  /// Whether `count` of this period fit in ``longestSpan``.
  public func fitsLongestSpan(count: Int = 1) -> Bool {
    let (total, overflow) = value.multipliedReportingOverflow(by: count)
    guard !overflow, total > 0 else { return false }
    switch unit {
    case .day: return total <= 36_525
    case .week: return total <= 5_218
    case .month: return total <= 1_200
    case .year: return total <= 100
    }
  }

  /// The date `count` periods after `start`, by calendar (a month from 31 January is 28 or 29
  /// February, as the App Store bills).
  public func date(after start: Date, count: Int = 1) -> Date {
    // Periods are bounded by `longestSpan`; saturating keeps a hostile count from trapping.
    let (product, overflow) = value.multipliedReportingOverflow(by: count)
    let total = overflow ? Int(Int32.max) : min(product, Int(Int32.max))
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
