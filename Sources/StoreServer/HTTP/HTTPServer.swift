import CMicroHTTPD
import CMicroHTTPDLoader
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
  /// Work for a connection's thread once a response has been sent whole.
  public typealias SpareTime = @Sendable () -> Void

  /// The IPv4 address listened on, such as `127.0.0.1`.
  public let host: String
  /// The port listened on (the one the system chose when 0 was asked for).
  public let port: UInt16
  /// The largest request body accepted, in bytes.
  public var bodyLimit: Int { context.bodyLimit }

  private let context: HTTPServerContext
  private let daemon: OpaquePointer
  /// The TLS key and certificate as C strings, kept for the daemon's life (it copies neither).
  private let tlsStrings:
    (key: UnsafeMutablePointer<CChar>, certificate: UnsafeMutablePointer<CChar>)?
  private let stopped = Atomic<Bool>(false)

  /// Starts listening on `host:port` (IPv4; port 0 lets the system choose).
  ///
  /// Connections are polled by a pool of `threads` threads, so 1,000 idle or slow connections
  /// hold sockets, not threads, and requests keep being answered. Past `shedAbove` connections
  /// each request is answered 503 with Apple's retryable error body (`5000001`) and the
  /// connection closed, rather than reset; past `connectionLimit` (or `perAddressLimit` from
  /// one address) libmicrohttpd refuses new connections.
  ///
  /// With `tls` (a PEM private key and certificate chain) it speaks HTTPS only, through
  /// libmicrohttpd's GnuTLS.
  ///
  /// `afterResponse` runs on a connection's thread once a response has been sent whole, before
  /// that thread turns to its next request: work for spare time, kept short (its connections
  /// wait for it).
  ///
  /// - Throws: `HTTPServerError` when the address is not IPv4 or cannot be bound, or TLS is
  ///   asked of a libmicrohttpd built without it.
  public init(
    host: String, port: UInt16, bodyLimit: Int = 64 * 1024, threads: UInt32 = 4,
    connectionLimit: UInt32 = 4096, perAddressLimit: UInt32 = 2048, shedAbove: UInt32 = 3072,
    idleTimeout: UInt32 = 10, tls: (keyPEM: String, certificatePEM: String)? = nil,
    bodyLimitFor: (@Sendable (_ method: String, _ path: String) -> Int)? = nil,
    afterResponse: SpareTime? = nil, handler: @escaping Handler
  ) throws(HTTPServerError) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw HTTPServerError("\(host): not an IPv4 address such as 127.0.0.1")
    }
    self.host = host
    // libmicrohttpd (and GnuTLS under it) is loaded by the first server, not at every start.
    if let failure = st_microhttpd_load() {
      throw HTTPServerError("\(host):\(port): cannot listen (\(String(cString: failure)))")
    }
    let context = HTTPServerContext(
      handler: handler, bodyLimit: bodyLimit, shedAbove: shedAbove, bodyLimitFor: bodyLimitFor,
      afterResponse: afterResponse)
    self.context = context
    // The daemon holds the context unretained: `stop()` (run by deinit at the latest) stops the
    // daemon, and so every call into it, before the context goes.
    let pointer = Unmanaged.passUnretained(context).toOpaque()
    if tls != nil, mh_supports_tls() == 0 {
      throw HTTPServerError("this libmicrohttpd was built without TLS")
    }
    let strings = tls.map { (key: strdup($0.keyPEM)!, certificate: strdup($0.certificatePEM)!) }
    tlsStrings = strings
    let started = withUnsafePointer(to: &address) { addressPointer in
      addressPointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        if let strings {
          mh_start_tls_daemon(
            socketAddress, httpAccessHandler, pointer, httpRequestCompleted, pointer, threads,
            connectionLimit, perAddressLimit, idleTimeout, strings.key, strings.certificate)
        } else {
          mh_start_daemon(
            socketAddress, httpAccessHandler, pointer, httpRequestCompleted, pointer, threads,
            connectionLimit, perAddressLimit, idleTimeout)
        }
      }
    }
    guard let started else {
      if let strings {
        free(strings.key)
        free(strings.certificate)
      }
      let reason = errno == 0 ? "the address is in use or not available" : Self.message(errno)
      throw HTTPServerError("\(host):\(port): cannot listen (\(reason))")
    }
    daemon = started
    context.daemon.store(Int(bitPattern: UnsafeRawPointer(started)), ordering: .releasing)
    self.port = mh_daemon_port(started)
  }

  deinit {
    stop()
    if let tlsStrings {
      // Scrubbed first: the key stays in no freed memory.
      memset(tlsStrings.key, 0, strlen(tlsStrings.key))
      free(tlsStrings.key)
      free(tlsStrings.certificate)
    }
  }

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
  /// A larger (or smaller) limit for some requests, by method and raw path.
  let bodyLimitFor: (@Sendable (String, String) -> Int)?
  /// Connections past which requests are answered 503.
  let shedAbove: UInt32
  /// Run on a connection's thread once a response has been sent whole.
  let afterResponse: HTTPServer.SpareTime?
  /// The daemon's address, once started (a worker's own count covers only its connections).
  let daemon = Atomic<Int>(0)

  /// The body limit of a request.
  func limit(method: String, path: String) -> Int {
    bodyLimitFor?(method, path) ?? bodyLimit
  }

  /// Whether the daemon holds more connections than `shedAbove`.
  var isOverloaded: Bool {
    guard let daemon = OpaquePointer(bitPattern: daemon.load(ordering: .acquiring)) else {
      return false
    }
    return mh_connection_count(daemon) > shedAbove
  }

  init(
    handler: @escaping HTTPServer.Handler, bodyLimit: Int, shedAbove: UInt32,
    bodyLimitFor: (@Sendable (String, String) -> Int)? = nil,
    afterResponse: HTTPServer.SpareTime? = nil
  ) {
    self.handler = handler
    self.afterResponse = afterResponse
    self.bodyLimit = bodyLimit
    self.bodyLimitFor = bodyLimitFor
    self.shedAbove = shedAbove
  }
}

/// Why the server could not start, as one sentence naming the address.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
  /// The sentence.
  public let description: String

  init(_ description: String) { self.description = description }
}
