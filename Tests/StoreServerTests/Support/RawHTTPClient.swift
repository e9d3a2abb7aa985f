import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback TCP client that writes exact bytes and reads until the server closes: for tests
/// that need malformed, oversized or slow requests no HTTP library would send.
struct RawHTTPClient {
  let port: UInt16
  private(set) var descriptor: Int32 = -1

  /// Connects to 127.0.0.1:`port`.
  init(port: UInt16) throws {
    self.port = port
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw RawHTTPError("socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(descriptor)
      throw RawHTTPError("connect to port \(port) failed")
    }
  }

  /// Writes `bytes` whole.
  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { throw RawHTTPError("send failed") }
      offset += written
    }
  }

  /// Writes `text` as UTF-8.
  func send(_ text: String) throws { try send(Array(text.utf8)) }

  /// Reads until the server closes the connection (or 20 s pass).
  func receiveAll() -> String {
    var data = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Closes the connection.
  func close() { Glibc.close(descriptor) }

  /// Sends one request with `Connection: close` and returns the whole response.
  static func exchange(port: UInt16, _ request: String) throws -> RawHTTPResponse {
    let client = try RawHTTPClient(port: port)
    defer { client.close() }
    try client.send(request)
    return RawHTTPResponse(text: client.receiveAll())
  }
}

/// A response read by `RawHTTPClient`: the status line's code, the headers and the body.
struct RawHTTPResponse {
  var status: Int
  var headers: [String: String]
  var body: String

  init(text: String) {
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts.first ?? ""
    body = parts.dropFirst().joined(separator: "\r\n\r\n")
    let lines = head.components(separatedBy: "\r\n")
    status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    self.headers = headers
  }
}

struct RawHTTPError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
