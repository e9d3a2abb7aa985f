import Foundation
import StoreCore
import StoreServer
import Synchronization
import Testing

/// The libmicrohttpd wrapper: what reaches the handler, what the client gets back, and that bad
/// or slow clients never stop the server from answering others.
@Suite struct HTTPServerTests {
  /// Echoes the request as JSON.
  static func echo(_ request: HTTPRequest) -> HTTPResponse {
    .json(
      .object([
        JSONMember("method", .string(request.method)),
        JSONMember("path", .string(request.path)),
        JSONMember(
          "query",
          .array(request.query.map { .array([.string($0.name), .string($0.value)]) })),
        JSONMember("auth", .string(request.header("Authorization") ?? "")),
        JSONMember("body", .string(String(decoding: request.body, as: UTF8.self))),
      ]))
  }

  func startEcho(bodyLimit: Int = 1024, idleTimeout: UInt32 = 10) throws -> HTTPServer {
    try HTTPServer(
      host: "127.0.0.1", port: 0, bodyLimit: bodyLimit, idleTimeout: idleTimeout,
      handler: Self.echo)
  }

  @Test func getWithRepeatedAndEncodedQueryReachesTheHandler() throws {
    let server = try startEcho()
    defer { server.stop() }
    #expect(server.port != 0)
    let response = try RawHTTPClient.exchange(
      port: server.port,
      "GET /inApps/v2/history/7?productType=AUTO_RENEWABLE&productType=CONSUMABLE&productId=a%2Bb"
        + "&revoked HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer abc\r\nConnection: close\r\n\r\n")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json")
    #expect(
      response.body
        == #"{"method":"GET","path":"/inApps/v2/history/7","query":[["productType","AUTO_RENEWABLE"],"#
        + #"["productType","CONSUMABLE"],["productId","a+b"],["revoked",""]],"auth":"Bearer abc","body":""}"#
    )
  }

  @Test func afterResponseRunsOnceForEachResponseSent() throws {
    let sent = DispatchSemaphore(value: 0)
    let count = Mutex(0)
    let server = try HTTPServer(
      host: "127.0.0.1", port: 0,
      afterResponse: {
        count.withLock { $0 += 1 }
        sent.signal()
      }, handler: Self.echo)
    defer { server.stop() }
    for path in ["/a", "/b"] {
      let response = try RawHTTPClient.exchange(
        port: server.port, "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      #expect(response.status == 200)
      #expect(sent.wait(timeout: .now() + 10) == .success)
    }
    #expect(count.withLock { $0 } == 2)
  }

  @Test func postBodyUpToTheLimitIsDelivered() throws {
    let server = try startEcho(bodyLimit: 16)
    defer { server.stop() }
    let response = try RawHTTPClient.exchange(
      port: server.port,
      "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 16\r\nConnection: close\r\n\r\n0123456789abcdef"
    )
    #expect(response.status == 200)
    #expect(response.body.hasSuffix(#""body":"0123456789abcdef"}"#))
  }

  @Test func oversizedBodiesAreRefusedWith413() throws {
    let server = try startEcho(bodyLimit: 16)
    defer { server.stop() }
    let declared = try RawHTTPClient.exchange(
      port: server.port,
      "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 17\r\nConnection: close\r\n\r\n0123456789abcdefg"
    )
    #expect(declared.status == 413)
    // Chunked: no length up front, so the limit is found while reading.
    let chunked = try RawHTTPClient.exchange(
      port: server.port,
      "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        + "10\r\n0123456789abcdef\r\n10\r\n0123456789abcdef\r\n0\r\n\r\n")
    #expect(chunked.status == 413)
    // The server still answers afterwards.
    let after = try RawHTTPClient.exchange(
      port: server.port, "GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(after.status == 200)
  }

  @Test func malformedRequestsGet400FromTheLibrary() throws {
    let server = try startEcho()
    defer { server.stop() }
    let garbage = try RawHTTPClient.exchange(port: server.port, "\u{1}\u{2}garbage\r\n\r\n")
    // Not even a request line: libmicrohttpd closes the connection without an answer.
    #expect(garbage.status == 0)
    #expect(garbage.body.isEmpty)
    let badHeader = try RawHTTPClient.exchange(
      port: server.port, "GET /x HTTP/1.1\r\nHost: x\r\nno colon here\r\nConnection: close\r\n\r\n")
    #expect(badHeader.status == 400)
    let after = try RawHTTPClient.exchange(
      port: server.port, "GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(after.status == 200)
  }

  @Test func slowClientsDoNotHoldUpOthers() throws {
    let server = try startEcho(idleTimeout: 2)
    defer { server.stop() }
    // Ten clients that send half a request line and then nothing.
    let slow = try (0..<10).map { _ in try RawHTTPClient(port: server.port) }
    for client in slow { try client.send("GET /slo") }
    for index in 0..<5 {
      let response = try RawHTTPClient.exchange(
        port: server.port, "GET /fast/\(index) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      #expect(response.status == 200)
      #expect(response.body.contains(#""path":"/fast/\#(index)""#))
    }
    // The idle ones are closed by the server after the timeout, with no response.
    for client in slow {
      #expect(client.receiveAll() == "")
      client.close()
    }
  }

  @Test func aNonIPv4AddressIsRefusedByName() {
    #expect(throws: HTTPServerError.self) {
      try HTTPServer(host: "localhost", port: 0, handler: Self.echo)
    }
    do {
      _ = try HTTPServer(host: "localhost", port: 0, handler: Self.echo)
    } catch {
      #expect(error.description == "localhost: not an IPv4 address such as 127.0.0.1")
    }
  }

  @Test func aPortInUseIsRefusedByName() throws {
    let first = try startEcho()
    defer { first.stop() }
    do {
      _ = try HTTPServer(host: "127.0.0.1", port: first.port, handler: Self.echo)
      Issue.record("a second server bound the same port")
    } catch {
      #expect(error.description.hasPrefix("127.0.0.1:\(first.port): cannot listen ("))
    }
  }
}
