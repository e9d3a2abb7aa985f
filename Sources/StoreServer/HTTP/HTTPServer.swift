import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP/1.1 server over GNU libmicrohttpd: one thread per connection, one handler for every
/// request, a limit on request bodies.
///
/// libmicrohttpd parses HTTP; this wrapper only collects a request's headers, query and body,
/// calls the handler on the connection's thread and sends its response. A slow client holds
/// only its own thread and is dropped after `idleTimeout` seconds; a body larger than
/// `bodyLimit` is answered 413 without being kept.
public final class HTTPServer: @unchecked Sendable {
  // @unchecked: `daemon` is set once in init and never changed; `stopped` is atomic, and
  // libmicrohttpd's own calls are thread-safe.
  /// What the server answers for every request.
  public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

  /// The IPv4 address listened on, such as `127.0.0.1`.
  public let host: String
  /// The port listened on (the one the system chose when 0 was asked for).
  public let port: UInt16
  /// The largest request body accepted, in bytes.
  public var bodyLimit: Int { context.bodyLimit }

  private let context: HTTPServerContext
  private let daemon: OpaquePointer
  private let stopped = Atomic<Bool>(false)

  /// Starts listening on `host:port` (IPv4; port 0 lets the system choose).
  ///
  /// - Throws: `HTTPServerError` when the address is not IPv4 or cannot be bound.
  public init(
    host: String, port: UInt16, bodyLimit: Int = 64 * 1024, connectionLimit: UInt32 = 128,
    idleTimeout: UInt32 = 10, handler: @escaping Handler
  ) throws(HTTPServerError) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw HTTPServerError("\(host): not an IPv4 address such as 127.0.0.1")
    }
    self.host = host
    let context = HTTPServerContext(handler: handler, bodyLimit: bodyLimit)
    self.context = context
    // The daemon holds the context unretained: `stop()` (run by deinit at the latest) stops the
    // daemon, and so every call into it, before the context goes.
    let pointer = Unmanaged.passUnretained(context).toOpaque()
    let started = withUnsafePointer(to: &address) { addressPointer in
      addressPointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        mh_start_daemon(
          socketAddress, httpAccessHandler, pointer, httpRequestCompleted, nil, connectionLimit,
          idleTimeout)
      }
    }
    guard let started else {
      let reason = errno == 0 ? "the address is in use or not available" : Self.message(errno)
      throw HTTPServerError("\(host):\(port): cannot listen (\(reason))")
    }
    daemon = started
    self.port = mh_daemon_port(started)
  }

  deinit { stop() }

  /// Stops listening and waits for the connection threads to end.
  public func stop() {
    if !stopped.exchange(true, ordering: .acquiringAndReleasing) { MHD_stop_daemon(daemon) }
  }

  private static func message(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}

/// What the connection threads need: the handler and the body limit.
final class HTTPServerContext: Sendable {
  let handler: HTTPServer.Handler
  let bodyLimit: Int

  init(handler: @escaping HTTPServer.Handler, bodyLimit: Int) {
    self.handler = handler
    self.bodyLimit = bodyLimit
  }
}

/// Why the server could not start, as one sentence naming the address.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
  /// The sentence.
  public let description: String

  init(_ description: String) { self.description = description }
}
