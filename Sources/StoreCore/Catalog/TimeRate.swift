/// How fast simulated time runs: StoreKitTest's `SKTestSession.TimeRate`, by its raw value.
///
/// `.storekit` files store the raw number (`_timeRate`); unknown numbers are kept, not rejected,
/// so a file from a newer Xcode still loads.
public struct TimeRate: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The `SKTestTimeRate` raw value.
  public let rawValue: Int

  /// Creates a rate from its raw value.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Real time (also what an absent key means).
  public static let realTime = TimeRate(rawValue: 0)
  /// Deprecated: one hour of real time is one day.
  public static let oneHourIsOneDay = TimeRate(rawValue: 1)
  /// Deprecated: thirty minutes is one day.
  public static let thirtyMinutesIsOneDay = TimeRate(rawValue: 2)
  /// Deprecated: five minutes is one day.
  public static let fiveMinutesIsOneDay = TimeRate(rawValue: 3)
  /// Deprecated: one minute is one day.
  public static let oneMinuteIsOneDay = TimeRate(rawValue: 4)
  /// Deprecated: thirty seconds is one day.
  public static let thirtySecondsIsOneDay = TimeRate(rawValue: 5)
  /// Deprecated: one second is one day.
  public static let oneSecondIsOneDay = TimeRate(rawValue: 6)
  /// A monthly subscription renews every hour.
  public static let monthlyRenewalEveryHour = TimeRate(rawValue: 10)
  /// A monthly subscription renews every thirty minutes.
  public static let monthlyRenewalEveryThirtyMinutes = TimeRate(rawValue: 11)
  /// A monthly subscription renews every fifteen minutes.
  public static let monthlyRenewalEveryFifteenMinutes = TimeRate(rawValue: 12)
  /// A monthly subscription renews every five minutes.
  public static let monthlyRenewalEveryFiveMinutes = TimeRate(rawValue: 13)
  /// A monthly subscription renews every thirty seconds.
  public static let monthlyRenewalEveryThirtySeconds = TimeRate(rawValue: 15)
  /// Every subscription renews every fifteen minutes, whatever its period.
  public static let oneRenewalEveryFifteenMinutes = TimeRate(rawValue: 1000)
  /// Every subscription renews every five minutes.
  public static let oneRenewalEveryFiveMinutes = TimeRate(rawValue: 1001)
  /// Every subscription renews every minute.
  public static let oneRenewalEveryMinute = TimeRate(rawValue: 1002)
  /// Every subscription renews every thirty seconds.
  public static let oneRenewalEveryThirtySeconds = TimeRate(rawValue: 1003)
  /// Every subscription renews every ten seconds.
  public static let oneRenewalEveryTenSeconds = TimeRate(rawValue: 1004)
  /// Every subscription renews every two seconds (the fastest rate).
  public static let oneRenewalEveryTwoSeconds = TimeRate(rawValue: 1005)

  /// Every rate StoreKitTest defines, with its Swift case name, in raw-value order.
  public static let named: [(name: String, rate: TimeRate)] = [
    ("realTime", .realTime), ("oneHourIsOneDay", .oneHourIsOneDay),
    ("thirtyMinutesIsOneDay", .thirtyMinutesIsOneDay),
    ("fiveMinutesIsOneDay", .fiveMinutesIsOneDay), ("oneMinuteIsOneDay", .oneMinuteIsOneDay),
    ("thirtySecondsIsOneDay", .thirtySecondsIsOneDay), ("oneSecondIsOneDay", .oneSecondIsOneDay),
    ("monthlyRenewalEveryHour", .monthlyRenewalEveryHour),
    ("monthlyRenewalEveryThirtyMinutes", .monthlyRenewalEveryThirtyMinutes),
    ("monthlyRenewalEveryFifteenMinutes", .monthlyRenewalEveryFifteenMinutes),
    ("monthlyRenewalEveryFiveMinutes", .monthlyRenewalEveryFiveMinutes),
    ("monthlyRenewalEveryThirtySeconds", .monthlyRenewalEveryThirtySeconds),
    ("oneRenewalEveryFifteenMinutes", .oneRenewalEveryFifteenMinutes),
    ("oneRenewalEveryFiveMinutes", .oneRenewalEveryFiveMinutes),
    ("oneRenewalEveryMinute", .oneRenewalEveryMinute),
    ("oneRenewalEveryThirtySeconds", .oneRenewalEveryThirtySeconds),
    ("oneRenewalEveryTenSeconds", .oneRenewalEveryTenSeconds),
    ("oneRenewalEveryTwoSeconds", .oneRenewalEveryTwoSeconds),
  ]

  /// Whether StoreKitTest knows this raw value.
  public var isKnown: Bool { TimeRate.named.contains { $0.rate == self } }

  /// The Swift case name (`monthlyRenewalEveryHour`), or `unknown(N)` for a raw value from a newer Xcode.
  public var description: String {
    TimeRate.named.first { $0.rate == self }?.name ?? "unknown(\(rawValue))"
  }
}
