import Foundation
import StoreCore

/// One stored notification with where it stands at each URL.
public struct OutboxEntry: Sendable, Equatable {
  /// Its position in the outbox (the order it was written).
  public var sequence: Int64
  /// The notification.
  public var notification: OutboxNotification
  /// Its delivery to each URL that should get it, in URL order.
  public var deliveries: [Delivery]
  /// Every attempt, oldest first.
  public var attempts: [SendAttempt]

  /// Creates an entry.
  public init(
    sequence: Int64, notification: OutboxNotification, deliveries: [Delivery],
    attempts: [SendAttempt]
  ) {
    self.sequence = sequence
    self.notification = notification
    self.deliveries = deliveries
    self.attempts = attempts
  }

  /// Where a notification stands at one URL.
  public struct Delivery: Sendable, Equatable {
    /// The URL.
    public var url: String
    /// Attempts made so far.
    public var attempts: Int
    /// When it was delivered (a 2xx answer), if it was.
    public var deliveredDate: Date?
    /// When the next attempt is due, if one is.
    public var nextAttemptDate: Date?
    /// The last attempt's HTTP status, if the receiver answered.
    public var lastStatus: Int?
    /// The last attempt's `sendAttemptResult`, or `PENDING` before the first.
    public var lastResult: String

    /// Creates a delivery state.
    public init(
      url: String, attempts: Int, deliveredDate: Date?, nextAttemptDate: Date?, lastStatus: Int?,
      lastResult: String
    ) {
      self.url = url
      self.attempts = attempts
      self.deliveredDate = deliveredDate
      self.nextAttemptDate = nextAttemptDate
      self.lastStatus = lastStatus
      self.lastResult = lastResult
    }
  }
}
