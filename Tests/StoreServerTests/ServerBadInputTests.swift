import Foundation
import StoreCore
import StoreServer
import Testing

/// The App Store Server API behind the real HTTP server, fed what no library would send.
///
/// Oversized and malformed bodies, unknown paths, wrong methods, bad query values, slow and
/// silent clients: each gets its answer (Apple's body where Apple has one) and the server keeps
/// answering others throughout.
@Suite struct ServerBadInputTests {
  struct Served {
    let harness: ServerHarness
    let server: HTTPServer
    let token: String

    init(bodyLimit: Int = 64 * 1024, idleTimeout: UInt32 = 10) throws {
      harness = try ServerHarness()
      let api = harness.api
      server = try HTTPServer(
        host: "127.0.0.1", port: 0, bodyLimit: bodyLimit, idleTimeout: idleTimeout,
        handler: { api.handle($0) })
      token = try harness.token()
    }

    /// One request with the token and `Connection: close`.
    func exchange(_ method: String, _ target: String, body: String? = nil, length: Int? = nil)
      throws -> RawHTTPResponse
    {
      var head =
        "\(method) \(target) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
        + "Connection: close\r\n"
      if let body {
        head += "Content-Type: application/json\r\nContent-Length: \(length ?? body.utf8.count)\r\n"
      }
      return try RawHTTPClient.exchange(port: server.port, head + "\r\n" + (body ?? ""))
    }

    /// A valid request: the server still answers.
    func stillServes() throws -> Bool {
      let bought = try harness.buy(Demo.coins)
      return try exchange("GET", "/inApps/v1/transactions/\(bought.id)").status == 200
    }
  }

  @Test func anOversizedBodyIs413AndTheServerGoesOn() throws {
    let served = try Served(bodyLimit: 1024)
    defer { served.server.stop() }
    let big = String(repeating: "x", count: 4096)
    let response = try served.exchange(
      "PUT", "/inApps/v1/subscriptions/extend/1", body: #"{"requestIdentifier":"\#(big)"}"#)
    #expect(response.status == 413)
    #expect(response.body == "request body larger than 1024 bytes\n")
    #expect(try served.stillServes())
  }

  @Test func aMalformedJSONBodyIsApplesGeneralBadRequest() throws {
    let served = try Served()
    defer { served.server.stop() }
    let bought = try served.harness.buy(Demo.lite)
    for body in [
      #"{"extendByDays":"#, "\u{0}\u{1}", #"{"a":1}{"#, "[]", String(repeating: "[", count: 10_000),
    ] {
      let response = try served.exchange(
        "PUT", "/inApps/v1/subscriptions/extend/\(bought.id)", body: body)
      #expect(response.status == 400)
      #expect(response.headers["content-type"] == "application/json")
      #expect(response.body == #"{"errorCode":4000000,"errorMessage":"Bad request."}"#)
    }
    let history = try served.exchange(
      "POST", "/inApps/v1/notifications/history", body: "not json")
    #expect(history.status == 400)
    #expect(try served.stillServes())
  }

  @Test func unknownPathsAndWrongMethodsGetApplesBodies() throws {
    let served = try Served()
    defer { served.server.stop() }
    for target in ["/", "/inApps/v9/transactions/1", "/inApps/v1/transactions/1/2/3", "/%00"] {
      let response = try served.exchange("GET", target)
      #expect(response.status == 404, "\(target)")
      #expect(response.body == #"{"errorCode":4040000,"errorMessage":"Not found."}"#)
    }
    let wrong: [(String, String)] = [
      ("DELETE", "/inApps/v1/transactions/1"), ("POST", "/inApps/v2/history/1"),
      ("GET", "/inApps/v1/subscriptions/extend/1"), ("GET", "/inApps/v1/subscriptions/extend/mass"),
      ("POST", "/inApps/v1/transactions/1/appAccountToken"),
      ("GET", "/inApps/v2/transactions/consumption/1"),
    ]
    for (method, target) in wrong {
      let response = try served.exchange(method, target)
      #expect(response.status == 405, "\(method) \(target)")
      #expect(response.body == #"{"errorCode":4050000,"errorMessage":"Method not allowed."}"#)
    }
    #expect(try served.stillServes())
  }

  @Test(arguments: [
    ("sort=SIDEWAYS", 4_000_021), ("productType=BOOK", 4_000_022), ("revoked=maybe", 4_000_030),
    ("startDate=yesterday", 4_000_015), ("endDate=-", 4_000_016), ("revision=%FF%FE", 4_000_005),
    ("inAppOwnershipType=STOLEN", 4_000_026),
  ])
  func badQueryValuesGetApplesErrors(_ query: String, _ code: Int) throws {
    let served = try Served()
    defer { served.server.stop() }
    let bought = try served.harness.buy(Demo.coins)
    let response = try served.exchange("GET", "/inApps/v2/history/\(bought.id)?\(query)")
    #expect(response.status == 400)
    #expect(response.body.contains(#""errorCode":\#(code)"#), "\(response.body)")
  }

  @Test func aBadStatusFilterGetsApplesError() throws {
    let served = try Served()
    defer { served.server.stop() }
    let bought = try served.harness.buy(Demo.lite)
    for query in ["status=9", "status=one", "status="] {
      let response = try served.exchange("GET", "/inApps/v1/subscriptions/\(bought.id)?\(query)")
      #expect(response.body == #"{"errorCode":4000031,"errorMessage":"Invalid status."}"#)
    }
  }

  @Test func slowAndSilentClientsAreCutWhileOthersAreServed() throws {
    let served = try Served(idleTimeout: 1)
    defer { served.server.stop() }
    let bought = try served.harness.buy(Demo.lite)
    // One sends its headers and half of the body it announced, then nothing; one sends half a
    // request line; one connects and never speaks.
    let halfBody = try RawHTTPClient(port: served.server.port)
    try halfBody.send(
      "PUT /inApps/v1/subscriptions/extend/\(bought.id) HTTP/1.1\r\nHost: x\r\n"
        + "Authorization: Bearer \(served.token)\r\nContent-Length: 80\r\n\r\n{\"extendByDays\":")
    let halfLine = try RawHTTPClient(port: served.server.port)
    try halfLine.send("GET /inApps/v1/transa")
    let silent = try RawHTTPClient(port: served.server.port)
    // Others are answered meanwhile.
    for _ in 0..<3 { #expect(try served.stillServes()) }
    // The slow ones are closed at the idle timeout without an answer, and changed nothing.
    for client in [halfBody, halfLine, silent] {
      #expect(client.receiveAll() == "")
      client.close()
    }
    let state = try served.harness.engine.subscriptionStatuses(customerID: Customer.defaultID)
    #expect(state.first?.subscription.renewalExtensions.isEmpty == true)
    #expect(try served.stillServes())
  }
}
