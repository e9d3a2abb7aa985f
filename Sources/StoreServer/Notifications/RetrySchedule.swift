import Foundation

/// When the App Store retries a notification version 2 that was not acknowledged: 1, 12, 24, 48
/// and 72 hours after the previous attempt, then never again (six attempts in all).
///
/// [Responding to App Store Server Notifications](https://developer.apple.com/documentation/appstoreservernotifications/responding-to-app-store-server-notifications)
public enum RetrySchedule {
  /// The waits after the first, second, … fifth failed attempt, in hours.
  public static let hours: [Int] = [1, 12, 24, 48, 72]

  /// When the next attempt is due after `attempts` failed attempts, the last at `last`
  /// (simulated time, so the clock's rate scales the waits); nil when none is left.
  public static func nextAttempt(afterFailedAttempts attempts: Int, last: Date) -> Date? {
    guard attempts >= 1, attempts <= hours.count else { return nil }
    return last.addingTimeInterval(TimeInterval(hours[attempts - 1]) * 3600)
  }

  /// Whether an HTTP status acknowledges a notification: 200 through 206, as Apple counts it.
  public static func isAcknowledgement(_ status: Int) -> Bool { (200...206).contains(status) }
}
