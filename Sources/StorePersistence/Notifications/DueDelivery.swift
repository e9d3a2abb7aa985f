import Foundation

/// A notification whose (next) attempt to one URL is due.
public struct DueDelivery: Sendable, Equatable {
  /// The notification's outbox position.
  public var sequence: Int64
  /// The URL to post to.
  public var url: String
  /// The compact JWS to post as `signedPayload`.
  public var signedPayload: String
  /// Attempts already made to this URL.
  public var attempts: Int
  /// When the notification was signed (simulated time).
  public var signedDate: Date

  /// Creates a due delivery.
  public init(
    sequence: Int64, url: String, signedPayload: String, attempts: Int,
    signedDate: Date = Date(timeIntervalSince1970: 0)
  ) {
    self.sequence = sequence
    self.url = url
    self.signedPayload = signedPayload
    self.attempts = attempts
    self.signedDate = signedDate
  }
}
