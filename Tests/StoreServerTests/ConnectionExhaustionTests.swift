import Foundation
import StoreCore
import StoreServer
import Testing

/// Issue 27, item 3: a thousand idle or slow connections (each a socket that sent half a
/// request) no longer starve the server: authenticated requests are still answered, and past
/// the shedding point the answer is Apple's retryable 503, not a reset.
@Suite struct ConnectionExhaustionTests {
  /// Opens `count` connections that each send a request line and one header, then wait.
  private func holdHalfOpen(_ count: Int, port: UInt16) throws -> [RawHTTPClient] {
    try (0..<count).map { _ in
      let client = try RawHTTPClient(port: port)
      try client.send("GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: x\r\n")
      return client
    }
  }

  @Test func aThousandSlowConnectionsLeaveAuthenticatedRequestsAnswered() throws {
    let harness = try ServerHarness()
    try harness.buy(Demo.lifetime)
    let api = harness.api
    let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: { api.handle($0) })
    let token = try harness.token()
    let held = try holdHalfOpen(1_000, port: server.port)
    defer { held.forEach { $0.close() } }
    for _ in 0..<20 {
      let answer = try RawHTTPClient.exchange(
        port: server.port,
        "GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
          + "Connection: close\r\n\r\n")
      #expect(answer.status == 200)
    }
  }

  @Test func pastTheSheddingPointTheAnswerIsApplesRetryable503() throws {
    let server = try HTTPServer(
      host: "127.0.0.1", port: 0, connectionLimit: 64, perAddressLimit: 64, shedAbove: 8,
      handler: { _ in .empty(status: 200) })
    let held = try holdHalfOpen(10, port: server.port)
    defer { held.forEach { $0.close() } }
    let answer = try RawHTTPClient.exchange(
      port: server.port, "GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(answer.status == 503)
    #expect(answer.headers["content-type"] == "application/json")
    #expect(answer.headers["retry-after"] == "1")
    #expect(
      answer.body
        == #"{"errorCode":5000001,"errorMessage":"An unknown error occurred. Please try again."}"#)
  }
}
