extension CatalogProduct {
  /// The length of a subscription or offer period: a count of days, weeks, months or years.
  public struct SubscriptionPeriod: Hashable, Sendable, CustomStringConvertible {
    /// The number of units.
    public let value: Int
    /// The unit of time.
    public let unit: Unit

    /// Creates a period.
    public init(value: Int, unit: Unit) {
      self.value = value
      self.unit = unit
    }

    /// Parses a single-unit ISO 8601 duration: `P3D`, `P1W`, `P1M`, `P1Y`.
    ///
    /// Xcode writes only these forms; combined durations such as `P1Y2M` have no StoreKit
    /// equivalent, so they are rejected.
    public init?(iso8601 text: String) {
      guard text.count >= 3, text.first == "P", let designator = text.last,
        let unit = Unit(designator: designator)
      else { return nil }
      let digits = text.dropFirst().dropLast()
      guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
        let value = Int(digits), value > 0
      else { return nil }
      self.init(value: value, unit: unit)
    }

    /// The ISO 8601 form, such as `P1M`.
    public var iso8601: String { "P\(value)\(unit.designator)" }

    /// The ISO 8601 form.
    public var description: String { iso8601 }

    /// One week.
    public static let weekly = SubscriptionPeriod(value: 1, unit: .week)
    /// One month.
    public static let monthly = SubscriptionPeriod(value: 1, unit: .month)
    /// One year.
    public static let yearly = SubscriptionPeriod(value: 1, unit: .year)

    /// A unit of subscription time.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
      /// A day.
      case day
      /// A week.
      case week
      /// A month.
      case month
      /// A year.
      case year

      /// The ISO 8601 designator letter.
      public var designator: Character {
        switch self {
        case .day: "D"
        case .week: "W"
        case .month: "M"
        case .year: "Y"
        }
      }

      init?(designator: Character) {
        guard let unit = Unit.allCases.first(where: { $0.designator == designator }) else {
          return nil
        }
        self = unit
      }
    }
  }
}
