import CCurlLoader
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP exchange with bounds, for every client storeterm runs (`import --server`, webhook
/// delivery, the retention call-out): no redirect is followed, the body is capped, and the whole
/// exchange has a deadline.
///
/// A redirect's target would receive the request's `Authorization` header (libcurl forwards it)
/// or an empty POST; a peer answering forever, streaming without end or dripping a byte a second
/// held storeterm as long as it liked. The deadline bounds the whole exchange, connecting
/// included, not the time between two bytes.
///
/// The exchange runs on libcurl's easy interface, loaded the first time a command needs it
/// (`CCurlLoader`): a command that never talks to a peer loads neither libcurl nor Foundation's
/// `URLSession`, whose libraries were about a third of a short command's start-up.
public enum BoundedHTTP {
  /// What to send.
  public struct Request: Sendable {
    /// The `http` or `https` URL.
    public var url: URL
    /// The method, such as `GET`, `POST` or `PUT`.
    public var method: String
    /// Header fields in the order sent.
    public var headers: [(name: String, value: String)]
    /// The body; nil sends none.
    public var body: [UInt8]?

    /// A request for `url`: `GET` with no header and no body unless given.
    public init(
      url: URL, method: String = "GET", headers: [(name: String, value: String)] = [],
      body: [UInt8]? = nil
    ) {
      self.url = url
      self.method = method
      self.headers = headers
      self.body = body
    }

    /// Sets the header `name` (replacing any of that name, whatever its case).
    public mutating func setHeader(_ name: String, _ value: String) {
      headers.removeAll { $0.name.lowercased() == name.lowercased() }
      headers.append((name, value))
    }
  }

  /// What came back: the status and the body (a 3xx comes back as it is, never followed).
  public struct Answer: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The body, at most the limit asked for.
    public var body: [UInt8]
  }

  /// Why there is no answer.
  public enum Failure: Error, Sendable, Equatable {
    /// The body passed `limit` bytes.
    case tooLarge(limit: Int)
    /// The exchange passed its deadline (seconds).
    case deadline(TimeInterval)
    /// The transport failed (no connection, connection lost …), with the code Foundation's
    /// `URLSession` gives the same failure.
    case transport(URLError.Code)
  }

  /// Sends `request` and returns its answer, within `deadline` seconds and `bodyLimit` bytes.
  public static func send(
    _ request: Request, bodyLimit: Int, deadline: TimeInterval
  ) async throws(Failure) -> Answer {
    // Each exchange closes its connection: a kept-alive one would outlive it and, a hundred
    // exchanges later, fill the peer's connection table. `Expect:` empty: a body is sent at
    // once, never after waiting for a `100 Continue` a peer may not send.
    var request = request
    request.setHeader("Connection", "close")
    request.setHeader("Expect", "")
    let exchange = request
    let result = await withCheckedContinuation { continuation in
      // libcurl's easy interface blocks for the whole exchange: a thread of its own, so no
      // thread of Swift's cooperative pool waits on a peer.
      Thread.detachNewThread {
        continuation.resume(
          returning: perform(exchange, bodyLimit: bodyLimit, deadline: deadline))
      }
    }
    return try result.get()
  }

  /// The exchange, on the calling thread.
  private static func perform(
    _ request: Request, bodyLimit: Int, deadline: TimeInterval
  ) -> Result<Answer, Failure> {
    guard st_curl_load() == nil else { return .failure(.transport(.unknown)) }
    guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return .failure(.transport(.unsupportedURL)) }
    let sink = BodySink(limit: bodyLimit)
    let context = Unmanaged.passUnretained(sink).toOpaque()
    let lines = request.headers.map { header in
      // An empty value is sent as `Name:` and removes the header libcurl would add.
      header.value.isEmpty ? "\(header.name):" : "\(header.name): \(header.value)"
    }
    let milliseconds = max(1, Int(min(deadline, 86_400) * 1_000))
    let emptyBody: [UInt8] = [0]
    let outcome = withCStringArray(lines) { headers in
      withExtendedLifetime(sink) {
        (request.body ?? emptyBody).withUnsafeBufferPointer { bytes in
          // A present but empty body still makes a POST: a non-null pointer of length 0.
          let pointer = request.body == nil ? nil : bytes.baseAddress
          return st_curl_perform(
            request.url.absoluteString, request.method, headers, lines.count, pointer,
            request.body?.count ?? 0, milliseconds, bodySinkWrite, context)
        }
      }
    }
    if sink.overflowed { return .failure(.tooLarge(limit: bodyLimit)) }
    switch outcome.code {
    case 0: return .success(Answer(status: outcome.status, body: sink.body))
    case 28: return .failure(.deadline(deadline))
    default:
      return .failure(.transport(urlErrorCode(curl: outcome.code, errno: outcome.os_errno)))
    }
  }

  /// The `URLError` code of a libcurl failure, as `URLSession` gives it.
  ///
  /// swift-corelibs-foundation runs the same libcurl and maps its codes this way, so the same
  /// sentences and `sendAttemptResult` values follow. TLS failures are named (`URLSession` left
  /// them `unknown`), so a webhook's reads `TLS_ISSUE`.
  static func urlErrorCode(curl code: Int32, errno: Int) -> URLError.Code {
    if errno == Int(ECONNREFUSED) { return .cannotConnectToHost }
    switch code {
    case 1: return .unsupportedURL  // CURLE_UNSUPPORTED_PROTOCOL
    case 3: return .badURL  // CURLE_URL_MALFORMAT
    case 6: return .cannotFindHost  // CURLE_COULDNT_RESOLVE_HOST
    case 7: return errno == Int(ETIMEDOUT) ? .timedOut : .cannotConnectToHost
    case 52: return .badServerResponse  // CURLE_GOT_NOTHING
    case 55, 56:  // CURLE_SEND_ERROR, CURLE_RECV_ERROR
      return errno == Int(ECONNRESET) ? .networkConnectionLost : .unknown
    case 35: return .secureConnectionFailed  // CURLE_SSL_CONNECT_ERROR
    case 60: return .serverCertificateUntrusted  // CURLE_PEER_FAILED_VERIFICATION
    default: return .unknown
    }
  }
}

/// Collects an answer's body up to its limit (libcurl's write callback writes into it).
private final class BodySink {
  let limit: Int
  var body: [UInt8] = []
  var overflowed = false

  init(limit: Int) { self.limit = limit }
}

/// libcurl's write callback: appends to the `BodySink`, or stops the exchange past its limit.
private let bodySinkWrite: st_curl_write_callback = { data, size, count, context in
  guard let context else { return 0 }
  let sink = Unmanaged<BodySink>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  guard sink.body.count + length <= sink.limit else {
    sink.overflowed = true
    return 0
  }
  if let data, length > 0 {
    data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
      sink.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
    }
  }
  return length
}

/// Calls `body` with `strings` as an array of C strings, alive for the call.
private func withCStringArray<T>(
  _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
) -> T {
  let copies = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  let pointers = copies.map { UnsafePointer($0) } + [nil]
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
