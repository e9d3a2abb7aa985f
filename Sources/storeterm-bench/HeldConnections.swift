import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Loopback connections a hostile or broken peer holds open while the benchmark measures:
/// `idle` ones connect and send nothing; `slow` ones send a request line, then one header
/// byte every two seconds, never finishing the request (a slowloris), from one thread.
final class HeldConnections: @unchecked Sendable {
  enum Kind: String { case idle, slow }

  private let descriptors: [Int32]
  private let kind: Kind
  private let stopped = NSCondition()
  private var isStopped = false
  private var thread: Thread?

  /// Opens `count` connections to 127.0.0.1:`port`.
  init(_ count: Int, kind: Kind, port: UInt16) throws {
    self.kind = kind
    HeldConnections.raiseOpenFileLimit(to: count + 512)
    var opened: [Int32] = []
    for _ in 0..<count {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard descriptor >= 0 else {
        opened.forEach { _ = Glibc.close($0) }
        throw BenchmarkError("socket failed after \(opened.count) connections (errno \(errno))")
      }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else {
        _ = Glibc.close(descriptor)
        opened.forEach { _ = Glibc.close($0) }
        throw BenchmarkError("connect failed after \(opened.count) connections (errno \(errno))")
      }
      if kind == .slow {
        Self.send(
          "GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", descriptor)
      }
      opened.append(descriptor)
    }
    descriptors = opened
    if kind == .slow {
      let thread = Thread { [self] in drip() }
      self.thread = thread
      thread.start()
    }
  }

  /// How many of the held connections the server has not closed.
  var open: Int {
    descriptors.filter { descriptor in
      var byte: UInt8 = 0
      let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
      return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }.count
  }

  /// Sends one more header byte on every slow connection every two seconds until stopped.
  private func drip() {
    stopped.lock()
    defer { stopped.unlock() }
    while !isStopped {
      _ = stopped.wait(until: Date().addingTimeInterval(2))
      if isStopped { break }
      for descriptor in descriptors { Self.send("x", descriptor) }
    }
  }

  /// Stops dripping and closes every connection.
  func close() {
    stopped.lock()
    isStopped = true
    stopped.signal()
    stopped.unlock()
    descriptors.forEach { _ = Glibc.close($0) }
  }

  private static func send(_ text: String, _ descriptor: Int32) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes {
      Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    }
  }

  /// Raises the soft open-file limit to at least `wanted` (at most the hard limit), as
  /// `storeterm serve` does for its own connections.
  static func raiseOpenFileLimit(to wanted: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    guard limit.rlim_cur < rlim_t(wanted) else { return }
    limit.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }
}
