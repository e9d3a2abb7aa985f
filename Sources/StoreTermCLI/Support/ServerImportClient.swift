import Foundation
import StoreCore
import StoreJWS
import StoreServer

/// Fetches one customer's signed data through the App Store Server API (Apple's, or another
/// `storeterm serve`): every page of Get Transaction History (v2) and Get All Subscription
/// Statuses, authenticated as Apple's library does (an ES256 JWT signed with the `.p8` key).
///
/// Each failure is one `CommandFailure` sentence naming the input at fault: the URL when the
/// server cannot be reached or refuses the key, the transaction ID when the server does not know
/// it.
struct ServerImportClient {
  /// The server's base URL, such as `http://127.0.0.1:8090` (no trailing slash).
  let base: String
  let key: P256PrivateKey
  let keyID: String
  let issuerID: String
  let bundleID: String
  /// Real time, for the token's `iat` and `exp`.
  let now: @Sendable () -> Date
  /// Real seconds a request may take, start to end (a body dripped a byte a second included).
  var timeout: TimeInterval = 30
  /// Pages of history followed at most (20 transactions each, as Apple pages: 20,000
  /// transactions, five times the longest history a real app's support ledger showed).
  var pageLimit = 1_000
  /// Real seconds the whole walk of pages may take.
  var totalTimeout: TimeInterval = 600
  /// Bytes one answer may have (a history page of 20 signed transactions is about 60 KB).
  var bodyLimit = 4 * 1024 * 1024

  /// The candidates of every history page, then of the statuses, in the order served.
  func candidates(transactionID: String) async throws -> [ImportFile.Candidate] {
    var result: [ImportFile.Candidate] = []
    var revision: String?
    var pages = 0
    let start = now()
    repeat {
      if now().timeIntervalSince(start) > totalTimeout {
        throw CommandFailure("\(base): the history took longer than \(Int(totalTimeout)) seconds")
      }
      var query = ""
      if let revision { query = "?revision=" + Self.escaped(revision) }
      let page = try await get(
        "/inApps/v2/history/\(Self.escaped(transactionID))\(query)", transactionID: transactionID)
      result += try candidates(page, transactionID: transactionID)
      pages += 1
      guard page["hasMore"] == .bool(true) else { break }
      guard case .string(let next)? = page["revision"], next != revision else {
        throw CommandFailure(
          "\(base): the history pages do not advance (revision \(revision ?? ""))")
      }
      guard pages < pageLimit else {
        throw CommandFailure("\(base): the history has more than \(pageLimit) pages")
      }
      revision = next
    } while true
    let statuses = try await get(
      "/inApps/v1/subscriptions/\(Self.escaped(transactionID))", transactionID: transactionID)
    result += try candidates(statuses, transactionID: transactionID)
    return result
  }

  private func candidates(
    _ value: JSONValue, transactionID: String
  ) throws -> [ImportFile.Candidate] {
    do {
      return try ImportFile.candidates(in: value.compactText)
    } catch {
      throw CommandFailure("\(base): the answer for \(transactionID) is not App Store data")
    }
  }

  /// GETs `path` with a fresh token; returns the JSON body of a 200.
  private func get(_ path: String, transactionID: String) async throws -> JSONValue {
    guard let url = URL(string: base + path) else {
      throw CommandFailure("\(base): not a URL such as http://127.0.0.1:8090")
    }
    let token: String
    do {
      token = try ServerAPIToken.make(
        key: key, keyID: keyID, issuerID: issuerID, bundleID: bundleID, now: now())
    } catch {
      throw CommandFailure("\(keyID): the key cannot sign a token (\(error))")
    }
    let request = BoundedHTTP.Request(url: url, headers: [("Authorization", "Bearer " + token)])
    let answer: BoundedHTTP.Answer
    do throws(BoundedHTTP.Failure) {
      answer = try await BoundedHTTP.send(request, bodyLimit: bodyLimit, deadline: timeout)
    } catch {
      switch error {
      case .transport(let code): throw CommandFailure("\(base): no answer (\(Self.reason(code)))")
      case .deadline:
        throw CommandFailure("\(base): no whole answer within \(Int(timeout)) seconds")
      case .tooLarge(let limit):
        throw CommandFailure("\(base): an answer is larger than \(limit / 1_048_576) MB")
      }
    }
    let status = answer.status
    if (300..<400).contains(status) {
      // libcurl would send the bearer token to wherever the redirect points.
      throw CommandFailure(
        "\(base): answered \(status), a redirect, which storeterm never follows with a key's token")
    }
    let body = try? JSONParser.parse(answer.body)
    switch status {
    case 200:
      guard let body else { throw CommandFailure("\(base): the answer is not JSON") }
      return body
    case 401:
      throw CommandFailure(
        "\(base): 401 Unauthenticated (the key ID, issuer ID, bundle ID or key is not one the"
          + " server knows)")
    default:
      let code = body?["errorCode"].flatMap { if case .number(let text) = $0 { text } else { nil } }
      let message = body?["errorMessage"].flatMap {
        if case .string(let text) = $0 { text } else { nil }
      }
      if status == 404 || status == 400, let code, let message {
        // Apple's error bodies for the transaction ID: not found, or not an identifier.
        throw CommandFailure(
          "\(transactionID): \(Self.oneLine(message)) (errorCode \(code))")
      }
      throw CommandFailure(
        "\(base): HTTP \(status)"
          + (message.map { " (\(Self.oneLine($0)))" } ?? ""))
    }
  }

  /// A server's message on one short line (the output edge escapes anything unsafe in it).
  static func oneLine(_ text: String) -> String {
    String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(200))
  }

  /// `text` percent-encoded as one path segment or query value.
  static func escaped(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  static func reason(_ code: URLError.Code) -> String {
    switch code {
    case .cannotConnectToHost: "cannot connect"
    case .cannotFindHost, .dnsLookupFailed: "unknown host"
    case .timedOut: "timed out"
    case .networkConnectionLost: "the connection was lost"
    case .unsupportedURL: "not an http or https URL"
    default: "error \(code.rawValue)"
    }
  }
}
