import Foundation
import StoreCore

extension Product {
  /// A length of time: one subscription or offer period.
  public struct SubscriptionPeriod: Equatable, Hashable, CustomDebugStringConvertible, Sendable {
    /// Day, week, month or year.
    public let unit: Product.SubscriptionPeriod.Unit
    /// How many units.
    public let value: Int

    init(value: Int, unit: Unit) {
      self.value = value
      self.unit = unit
    }

    init(_ period: CatalogProduct.SubscriptionPeriod) {
      self.init(value: period.value, unit: Unit(period.unit))
    }

    /// The period in ISO 8601, such as `P1M`.
    public var debugDescription: String { "P\(value)\(unit.designator)" }

    /// One week.
    public static let weekly = SubscriptionPeriod(value: 1, unit: .week)
    /// One month.
    public static let monthly = SubscriptionPeriod(value: 1, unit: .month)
    /// One year.
    public static let yearly = SubscriptionPeriod(value: 1, unit: .year)
    /// Three days.
    public static let everyThreeDays = SubscriptionPeriod(value: 3, unit: .day)
    /// Two weeks.
    public static let everyTwoWeeks = SubscriptionPeriod(value: 2, unit: .week)
    /// Two months.
    public static let everyTwoMonths = SubscriptionPeriod(value: 2, unit: .month)
    /// Three months.
    public static let everyThreeMonths = SubscriptionPeriod(value: 3, unit: .month)
    /// Six months.
    public static let everySixMonths = SubscriptionPeriod(value: 6, unit: .month)

    /// The dates one period covers, starting at `referenceDate` (in the Gregorian calendar, UTC).
    public func dateRange(referenceDate: Date = .now) -> Range<Date> {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
      let end = calendar.date(byAdding: DateComponents(subscriptionPeriod: self), to: referenceDate)
      return referenceDate..<(end ?? referenceDate)
    }

    /// The period's date range formatted with `format`.
    public func formatted<S>(_ format: S, referenceDate: Date = .now) -> S.FormatOutput
    where S: FormatStyle, S.FormatInput == Range<Date> {
      format.format(dateRange(referenceDate: referenceDate))
    }

    /// A unit of a period.
    public enum Unit: Equatable, Hashable, Comparable, CustomDebugStringConvertible, Sendable {
      /// A day.
      case day
      /// A week.
      case week
      /// A month.
      case month
      /// A year.
      case year

      init(_ unit: CatalogProduct.SubscriptionPeriod.Unit) {
        switch unit {
        case .day: self = .day
        case .week: self = .week
        case .month: self = .month
        case .year: self = .year
        }
      }

      /// The ISO 8601 designator.
      var designator: Character {
        switch self {
        case .day: "D"
        case .week: "W"
        case .month: "M"
        case .year: "Y"
        }
      }

      /// The unit's name, such as `month`.
      public var debugDescription: String {
        switch self {
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        }
      }

      /// The unit's name for the customer, in English.
      public var localizedDescription: String {
        FormatStyle(locale: Locale(identifier: "en_US")).format(self)
      }

      /// Formats a unit as a word in a locale (`month`, `Monat`, `月`).
      public struct FormatStyle: Foundation.FormatStyle, Sendable {
        /// The locale of the words.
        public var locale: Locale

        init(locale: Locale) { self.locale = locale }

        /// The unit's word (English where storeterm has no translation).
        public func format(_ value: Product.SubscriptionPeriod.Unit) -> String {
          let language = locale.language.languageCode?.identifier ?? "en"
          let words = Self.words[language] ?? ["day", "week", "month", "year"]
          return words[value.index]
        }

        /// Day, week, month and year in the languages storeterm's demo catalog speaks.
        private static let words: [String: [String]] = [
          "en": ["day", "week", "month", "year"],
          "de": ["Tag", "Woche", "Monat", "Jahr"],
          "es": ["día", "semana", "mes", "año"],
          "fr": ["jour", "semaine", "mois", "an"],
          "ja": ["日", "週", "月", "年"],
        ]

        /// The style in another locale.
        public func locale(_ locale: Locale) -> FormatStyle { FormatStyle(locale: locale) }
      }

      /// The unit's position from day (0) to year (3).
      var index: Int {
        switch self {
        case .day: 0
        case .week: 1
        case .month: 2
        case .year: 3
        }
      }
    }
  }
}

extension DateComponents {
  /// The components of one subscription period, such as one month.
  public init(subscriptionPeriod: Product.SubscriptionPeriod) {
    switch subscriptionPeriod.unit {
    case .day: self.init(day: subscriptionPeriod.value)
    case .week: self.init(day: 7 * subscriptionPeriod.value)
    case .month: self.init(month: subscriptionPeriod.value)
    case .year: self.init(year: subscriptionPeriod.value)
    }
  }
}
