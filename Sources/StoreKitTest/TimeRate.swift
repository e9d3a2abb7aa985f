import StoreCore

extension SKTestSession {
  /// How fast time runs in the test environment: StoreKitTest's `SKTestSession.TimeRate`, with
  /// the raw values of Apple's `SKTestTimeRate`.
  public enum TimeRate: Int, Hashable, Sendable {
    /// Real time.
    case realTime = 0
    /// One hour of real time is one day.
    @available(*, deprecated, message: "Use a monthlyRenewal or oneRenewal rate")
    case oneHourIsOneDay = 1
    /// Thirty minutes of real time is one day.
    @available(*, deprecated, message: "Use a monthlyRenewal or oneRenewal rate")
    case thirtyMinutesIsOneDay = 2
    /// Five minutes of real time is one day.
    @available(*, deprecated, message: "Use a monthlyRenewal or oneRenewal rate")
    case fiveMinutesIsOneDay = 3
    /// One minute of real time is one day.
    @available(*, deprecated, message: "Use a monthlyRenewal or oneRenewal rate")
    case oneMinuteIsOneDay = 4
    /// Thirty seconds of real time is one day.
    @available(*, deprecated, message: "Use a monthlyRenewal or oneRenewal rate")
    case thirtySecondsIsOneDay = 5
    /// One second of real time is one day.
    @available(*, deprecated, message: "Use a monthlyRenewal or oneRenewal rate")
    case oneSecondIsOneDay = 6
    /// A monthly subscription renews every hour.
    case monthlyRenewalEveryHour = 10
    /// A monthly subscription renews every thirty minutes.
    case monthlyRenewalEveryThirtyMinutes = 11
    /// A monthly subscription renews every fifteen minutes.
    case monthlyRenewalEveryFifteenMinutes = 12
    /// A monthly subscription renews every five minutes.
    case monthlyRenewalEveryFiveMinutes = 13
    /// A monthly subscription renews every thirty seconds.
    case monthlyRenewalEveryThirtySeconds = 15
    /// Every subscription renews every fifteen minutes, whatever its period.
    case oneRenewalEveryFifteenMinutes = 1000
    /// Every subscription renews every five minutes.
    case oneRenewalEveryFiveMinutes = 1001
    /// Every subscription renews every minute.
    case oneRenewalEveryMinute = 1002
    /// Every subscription renews every thirty seconds.
    case oneRenewalEveryThirtySeconds = 1003
    /// Every subscription renews every ten seconds.
    case oneRenewalEveryTenSeconds = 1004
    /// Every subscription renews every two seconds.
    case oneRenewalEveryTwoSeconds = 1005

    /// The engine's rate.
    var engineRate: StoreCore.TimeRate { StoreCore.TimeRate(rawValue: rawValue) }
  }
}
