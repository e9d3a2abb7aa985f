import Foundation
import StoreCore

/// Posts `{"signedPayload": "…"}` to a URL through `BoundedHTTP` (libcurl, loaded when first
/// needed; no redirect followed, a deadline, a capped answer) and reports
/// the answer as Apple's `sendAttemptResult` names it.
public struct NotificationPoster: Sendable {
  /// How long an attempt may take, in real seconds.
  public var timeout: TimeInterval

  /// Creates a poster.
  public init(timeout: TimeInterval = 10) { self.timeout = timeout }

  /// Posts `signedPayload` to `url`; returns the HTTP status (nil without an answer) and the
  /// `sendAttemptResult`.
  public func post(_ signedPayload: String, to url: URL) async -> (status: Int?, result: String) {
    let request = BoundedHTTP.Request(
      url: url, method: "POST", headers: [("Content-Type", "application/json")],
      body: Array(
        JSONValue.object([JSONMember("signedPayload", .string(signedPayload))]).compactText.utf8))
    do throws(BoundedHTTP.Failure) {
      // A redirect comes back as its 3xx, never followed: following it posted an empty body
      // to the redirect's target and recorded the notification as delivered.
      let answer = try await BoundedHTTP.send(
        request, bodyLimit: Self.answerLimit, deadline: timeout)
      return (
        answer.status,
        RetrySchedule.isAcknowledgement(answer.status)
          ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
      )
    } catch {
      switch error {
      case .transport(let code): return (nil, Self.result(code))
      case .deadline: return (nil, "TIMED_OUT")
      case .tooLarge: return (nil, "INVALID_RESPONSE")
      }
    }
  }

  /// Bytes of a receiver's answer read at most: only its status matters.
  static let answerLimit = 64 * 1024

  /// Apple's `sendAttemptResult` for a failure without an HTTP answer.
  static func result(_ code: URLError.Code) -> String {
    switch code {
    case .timedOut: "TIMED_OUT"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      "TLS_ISSUE"
    case .httpTooManyRedirects, .redirectToNonExistentLocation: "CIRCULAR_REDIRECT"
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
      "NO_RESPONSE"
    case .networkConnectionLost: "PREMATURE_CLOSE"
    case .badServerResponse, .cannotParseResponse: "INVALID_RESPONSE"
    default: "OTHER"
    }
  }
}
