import Foundation

/// One attempt to post a notification to one URL, as Get Notification History reports it.
public struct SendAttempt: Sendable, Equatable {
  /// When it was made (simulated time).
  public var date: Date
  /// Apple's `sendAttemptResult`, such as `SUCCESS` or `UNSUCCESSFUL_HTTP_RESPONSE_CODE`.
  public var result: String
  /// The HTTP status the receiver answered, if it answered.
  public var httpStatus: Int?
  /// The URL posted to.
  public var url: String

  /// Creates an attempt.
  public init(date: Date, result: String, httpStatus: Int?, url: String) {
    self.date = date
    self.result = result
    self.httpStatus = httpStatus
    self.url = url
  }
}
