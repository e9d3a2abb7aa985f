import Foundation
import StoreCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Posts `{"signedPayload": "…"}` to a URL with Foundation's `URLSession` (libcurl underneath on
/// Linux) and reports the answer as Apple's `sendAttemptResult` names it.
public struct NotificationPoster: Sendable {
  /// How long an attempt may take, in real seconds.
  public var timeout: TimeInterval

  /// Creates a poster.
  public init(timeout: TimeInterval = 10) { self.timeout = timeout }

  /// Posts `signedPayload` to `url`; returns the HTTP status (nil without an answer) and the
  /// `sendAttemptResult`.
  public func post(_ signedPayload: String, to url: URL) async -> (status: Int?, result: String) {
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(
      JSONValue.object([JSONMember("signedPayload", .string(signedPayload))]).compactText.utf8)
    do {
      let (_, response) = try await URLSession.shared.data(for: request)
      guard let http = response as? HTTPURLResponse else { return (nil, "INVALID_RESPONSE") }
      let status = http.statusCode
      return (
        status,
        RetrySchedule.isAcknowledgement(status) ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
      )
    } catch let error as URLError {
      return (nil, Self.result(error.code))
    } catch {
      return (nil, "OTHER")
    }
  }

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
