import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer
import StoreTermTestSupport
import Testing

/// Finish Transaction, Get Transaction History V1 and the Retention Messaging API in process:
/// Apple's answers, and Apple's error for every bad input.
@Suite struct RetentionEndpointTests {
  static let image = "6f1c1d2e-0000-4000-8000-000000000001"
  static let bullet = "6f1c1d2e-0000-4000-8000-000000000002"
  static let message = "7a2b3c4d-0000-4000-8000-000000000001"

  /// A PNG as Upload Image reads it: signature, IHDR (colour type given), an IDAT, IEND.
  static func png(
    width: Int, height: Int, colorType: UInt8 = 2, transparency: Bool = false, padding: Int = 0
  ) -> [UInt8] {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let length = UInt32(data.count)
      return withUnsafeBytes(of: length.bigEndian, Array.init) + Array(type.utf8) + data
        + [0, 0, 0, 0]
    }
    func word(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).bigEndian, Array.init) }
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += chunk("IHDR", word(width) + word(height) + [8, colorType, 0, 0, 0])
    if transparency { bytes += chunk("tRNS", [0, 0]) }
    bytes += chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    if padding > 0 { bytes += chunk("tEXt", Array(repeating: 0x61, count: padding)) }
    bytes += chunk("IEND", [])
    return bytes
  }

  /// A request with raw bytes and a valid token.
  func put(_ harness: ServerHarness, _ path: String, bytes: [UInt8], query: String? = nil)
    throws -> HTTPResponse
  {
    harness.api.handle(
      HTTPRequest(
        method: "PUT", path: path, query: query.map { [(name: "imageSize", value: $0)] } ?? [],
        headers: [(name: "Authorization", value: "Bearer " + (try harness.token()))],
        body: bytes))
  }

  func code(_ response: HTTPResponse) -> Int? {
    if case .number(let text) = response.json["errorCode"] { Int(text) } else { nil }
  }

  @Test func finishTransactionFinishesWhatTheAppWouldAndVersionOneDropsFinishedConsumables()
    throws
  {
    let harness = try ServerHarness()
    let monthly = try harness.buy(Demo.monthly)
    let coins = try harness.buy(Demo.coins)
    #expect(
      try harness.engine.unfinished(customerID: Customer.defaultID).map(\.id) == [
        monthly.id, coins.id,
      ])
    let v1 = try harness.get("/inApps/v1/history/\(monthly.id)")
    #expect(v1.json["signedTransactions"]?.strings.count == 2)
    let finished = try harness.send("POST", "/inApps/v1/transactions/\(coins.id)/finish", body: "")
    #expect(finished.status == 200)
    #expect(finished.body.isEmpty)
    #expect(try harness.engine.unfinished(customerID: Customer.defaultID).map(\.id) == [monthly.id])
    // Again: still 200, nothing more changes.
    #expect(
      try harness.send("POST", "/inApps/v1/transactions/\(coins.id)/finish", body: "").status
        == 200)
    let after = try harness.get("/inApps/v1/history/\(monthly.id)")
    let ids = try after.json["signedTransactions"]?.strings.map {
      try harness.verified($0, as: JWSTransactionDecodedPayload.self).transactionId
    }
    #expect(ids == [String(monthly.id)])
    #expect(after.json["environment"] == .string("Sandbox"))
    // Version 2 keeps every transaction.
    #expect(
      try harness.get("/inApps/v2/history/\(monthly.id)").json["signedTransactions"]?.strings
        .count == 2)
    #expect(
      code(try harness.send("POST", "/inApps/v1/transactions/abc/finish", body: "")) == 4_000_006)
    #expect(
      code(try harness.send("POST", "/inApps/v1/transactions/99/finish", body: "")) == 4_040_010)
    #expect(try harness.get("/inApps/v1/transactions/\(coins.id)/finish").status == 405)
  }

  @Test func imagesAreCheckedAsAppleDocuments() throws {
    let harness = try ServerHarness()
    let path = "/inApps/v1/messaging/image/\(Self.image)"
    #expect(code(try put(harness, path, bytes: Array("not a png".utf8))) == 4_000_161)
    #expect(
      code(try put(harness, path, bytes: Self.png(width: 3840, height: 400, colorType: 6)))
        == 4_000_161)
    #expect(
      code(try put(harness, path, bytes: Self.png(width: 3840, height: 400, transparency: true)))
        == 4_000_161)
    #expect(code(try put(harness, path, bytes: Self.png(width: 3000, height: 400))) == 4_000_216)
    #expect(code(try put(harness, path, bytes: Self.png(width: 3840, height: 100))) == 4_000_216)
    #expect(
      code(try put(harness, path, bytes: Self.png(width: 3840, height: 400), query: "HUGE"))
        == 4_000_216)
    #expect(code(try put(harness, "/inApps/v1/messaging/image/nope", bytes: [])) == 4_000_000)
    #expect(try put(harness, path, bytes: Self.png(width: 3840, height: 2160)).status == 200)
    let again = try put(harness, path, bytes: Self.png(width: 3840, height: 2160))
    #expect(again.status == 409)
    #expect(code(again) == 4_090_000)
    #expect(
      try put(
        harness, "/inApps/v1/messaging/image/\(Self.bullet)",
        bytes: Self.png(width: 64, height: 64),
        query: "BULLET_POINT"
      ).status == 200)
    let list = try harness.get("/inApps/v1/messaging/image/list").json
    #expect(list["imageIdentifiers"]?[0]?["imageIdentifier"] == .string(Self.image))
    #expect(list["imageIdentifiers"]?[1]?["imageSize"] == .string("BULLET_POINT"))
    #expect(list["imageIdentifiers"]?[1]?["imageState"] == .string("APPROVED"))
    // Upper case names the same image.
    let upper = "/inApps/v1/messaging/image/\(Self.image.uppercased())"
    #expect(code(try put(harness, upper, bytes: Self.png(width: 3840, height: 400))) == 4_090_000)
    #expect(try harness.send("DELETE", path, body: "").status == 200)
    #expect(code(try harness.send("DELETE", path, body: "")) == 4_040_014)
    #expect(try harness.send("POST", path, body: "").status == 405)
  }

  @Test func messagesKeepAppleLimits() throws {
    let harness = try ServerHarness()
    _ = try put(
      harness, "/inApps/v1/messaging/image/\(Self.image)", bytes: Self.png(width: 3840, height: 400)
    )
    _ = try put(
      harness, "/inApps/v1/messaging/image/\(Self.bullet)", bytes: Self.png(width: 64, height: 64),
      query: "BULLET_POINT")
    let path = "/inApps/v1/messaging/message/\(Self.message)"
    func upload(_ body: String) throws -> HTTPResponse { try harness.send("PUT", path, body: body) }
    let long = String(repeating: "x", count: 67)
    #expect(code(try upload(#"{"header":"\#(long)","body":"b"}"#)) == 4_000_162)
    let body145 = String(repeating: "y", count: 145)
    #expect(code(try upload(#"{"header":"h","body":"\#(body145)"}"#)) == 4_000_163)
    #expect(
      code(try upload(#"{"header":"h","body":"b","headerPosition":"ABOVE_IMAGE"}"#)) == 4_000_224)
    let alt = String(repeating: "a", count: 151)
    #expect(
      code(
        try upload(
          #"{"header":"h","body":"b","image":{"imageIdentifier":"\#(Self.image)","altText":"\#(alt)"}}"#
        ))
        == 4_000_175)
    let point = #"{"text":"t","imageIdentifier":"\#(Self.bullet)","altText":"a"}"#
    let six = Array(repeating: point, count: 6).joined(separator: ",")
    #expect(code(try upload(#"{"header":"h","body":"b","bulletPoints":[\#(six)]}"#)) == 4_000_218)
    let longPoint = #"{"text":"\#(long)","imageIdentifier":"\#(Self.bullet)","altText":"a"}"#
    #expect(
      code(try upload(#"{"header":"h","body":"b","bulletPoints":[\#(longPoint)]}"#)) == 4_000_219)
    // A full-size image as a bullet point, or the reverse, is the wrong size.
    let wrong = #"{"text":"t","imageIdentifier":"\#(Self.image)","altText":"a"}"#
    #expect(code(try upload(#"{"header":"h","body":"b","bulletPoints":[\#(wrong)]}"#)) == 4_000_216)
    let missing = "6f1c1d2e-0000-4000-8000-0000000000ff"
    #expect(
      code(
        try upload(
          #"{"header":"h","body":"b","image":{"imageIdentifier":"\#(missing)","altText":"a"}}"#))
        == 4_040_014)
    #expect(code(try upload("[]")) == 4_000_000)
    #expect(code(try upload(#"{"header":"h"}"#)) == 4_000_000)
    #expect(
      try harness.get("/inApps/v1/messaging/message/list").json["messageIdentifiers"] == .array([]))
    let good =
      #"{"header":"h","body":"b","image":{"imageIdentifier":"\#(Self.image)","altText":"a"},"bulletPoints":[\#(point)],"headerPosition":"ABOVE_IMAGE"}"#
    #expect(try upload(good).status == 200)
    #expect(code(try upload(good)) == 4_090_001)
    #expect(
      code(try harness.send("DELETE", "/inApps/v1/messaging/image/\(Self.image)", body: ""))
        == 4_030_019)
    let stored = try RetentionStore(ledger: harness.ledger, identity: ServerHarness.identity)
      .message(id: Self.message)
    #expect(stored?.message.bulletPoints.first?.image.imageIdentifier == Self.bullet)
    #expect(stored?.message.headerPosition == .aboveImage)
    #expect(try harness.send("DELETE", path, body: "").status == 200)
    #expect(code(try harness.send("DELETE", path, body: "")) == 4_040_015)
  }

  @Test func defaultsAndTheRealtimeURLAnswerAppleErrors() throws {
    let harness = try ServerHarness()
    let message = "/inApps/v1/messaging/message/\(Self.message)"
    #expect(
      try harness.send("PUT", message, body: #"{"header":"Stay","body":"Please"}"#).status == 200)
    let defaultPath = "/inApps/v1/messaging/default/\(Demo.monthly)/en-US"
    #expect(code(try harness.get(defaultPath)) == 4_040_020)
    let configure = #"{"messageIdentifier":"\#(Self.message)"}"#
    #expect(
      code(
        try harness.send("PUT", "/inApps/v1/messaging/default/\(Demo.coins)/en-US", body: configure)
      ) == 4_000_023)
    #expect(
      code(
        try harness.send("PUT", "/inApps/v1/messaging/default/\(Demo.monthly)/e!", body: configure))
        == 4_000_164)
    let unknown = #"{"messageIdentifier":"7a2b3c4d-0000-4000-8000-0000000000ff"}"#
    #expect(code(try harness.send("PUT", defaultPath, body: unknown)) == 4_040_015)
    #expect(try harness.send("PUT", defaultPath, body: configure).status == 200)
    #expect(try harness.get(defaultPath).json["messageIdentifier"] == .string(Self.message))
    // Deleting the message takes its default configurations with it.
    #expect(try harness.send("DELETE", message, body: "").status == 200)
    #expect(code(try harness.get(defaultPath)) == 4_040_020)

    let url = "/inApps/v1/messaging/realtime/url"
    #expect(code(try harness.get(url)) == 4_040_021)
    for bad in [
      "ftp://x/y", "http://example.com/r", "not a url",
      "https://" + String(repeating: "a", count: 260),
    ] {
      #expect(code(try harness.send("PUT", url, body: #"{"realtimeURL":"\#(bad)"}"#)) == 4_000_215)
    }
    #expect(
      try harness.send("PUT", url, body: #"{"realtimeURL":"https://example.com/r"}"#).status == 200)
    #expect(try harness.get(url).json["realtimeURL"] == .string("https://example.com/r"))
    #expect(try harness.send("DELETE", url, body: "").status == 200)
    #expect(code(try harness.send("DELETE", url, body: "")) == 4_040_021)

    let test = "/inApps/v1/messaging/performanceTest"
    let monthly = try harness.buy(Demo.monthly)
    #expect(
      code(try harness.send("POST", test, body: #"{"originalTransactionId":"\#(monthly.id)"}"#))
        == 4_040_021)
    #expect(
      code(try harness.send("POST", test, body: #"{"originalTransactionId":"x"}"#)) == 4_000_211)
    let coins = try harness.buy(Demo.coins)
    #expect(
      code(try harness.send("POST", test, body: #"{"originalTransactionId":"\#(coins.id)"}"#))
        == 4_000_211)
    // A test whose server stopped before it ended is failed, and another may start.
    let store = RetentionStore(ledger: harness.ledger, identity: ServerHarness.identity)
    try store.setRealtimeURL("http://127.0.0.1:9/retention")
    try store.startPerformanceTest(
      requestID: Self.image, originalTransactionID: String(monthly.id),
      target: "http://127.0.0.1:9/retention", date: harness.clock.now())
    let started = try harness.send(
      "POST", test, body: #"{"originalTransactionId":"\#(monthly.id)"}"#)
    #expect(started.status == 200)
    #expect(started.json["config"]?["totalRequests"] == .integer(50))
    let abandoned = try harness.get("\(test)/result/\(Self.image)").json
    #expect(abandoned["result"] == .string("FAIL"))
    #expect(abandoned["numPending"] == .integer(50))
    #expect(code(try harness.get("\(test)/result/nope")) == 4_000_212)
    #expect(code(try harness.get("\(test)/result/\(Self.message)")) == 4_040_018)
  }

  @Test func imageUploadsMayBeLargerThanOtherBodiesUpToTheirOwnBound() async throws {
    let harness = try ServerHarness()
    let api = harness.api
    let server = try HTTPServer(
      host: "127.0.0.1", port: 0,
      bodyLimitFor: { method, path in
        AppStoreServerAPI.bodyLimit(method: method, path: path, standard: 64 * 1024)
      }, handler: { api.handle($0) })
    defer { server.stop() }
    func put(_ path: String, _ body: [UInt8]) async throws -> Int {
      let request = BoundedHTTP.Request(
        url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!, method: "PUT",
        headers: [("Authorization", "Bearer \(try harness.token())")], body: body)
      return try await BoundedHTTP.send(request, bodyLimit: 4096, deadline: 30).status
    }
    let image = "/inApps/v1/messaging/image/\(Self.image)"
    #expect(try await put(image, Self.png(width: 3840, height: 400, padding: 300_000)) == 200)
    let tooBig = Self.png(width: 3840, height: 400, padding: AppStoreServerAPI.maximumImageBytes)
    #expect(try await put("/inApps/v1/messaging/image/\(Self.bullet)", tooBig) == 413)
    let message = "/inApps/v1/messaging/message/\(Self.message)"
    #expect(try await put(message, Array(repeating: 0x20, count: 100_000)) == 413)
  }

  @Test func countsStopAtTheLimit() throws {
    let harness = try ServerHarness()
    let store = RetentionStore(ledger: harness.ledger, identity: ServerHarness.identity)
    let text = RetentionMessage(header: "h", body: "b")
    try store.addMessage(
      RetentionMessageRecord(id: Self.message, state: "APPROVED", message: text), limit: 1,
      date: harness.clock.now())
    #expect(throws: RetentionRefusal.limitReached) {
      try store.addMessage(
        RetentionMessageRecord(id: Self.bullet, state: "APPROVED", message: text), limit: 1,
        date: harness.clock.now())
    }
    let record = RetentionImageRecord(
      id: Self.image, size: "FULL_SIZE", state: "APPROVED", width: 3840, height: 400)
    try store.addImage(record, png: [1], limit: 1, date: harness.clock.now())
    var other = record
    other.id = Self.bullet
    #expect(throws: RetentionRefusal.limitReached) {
      try store.addImage(other, png: [1], limit: 1, date: harness.clock.now())
    }
    // Another environment's app has its own count.
    let xcode = RetentionStore(ledger: harness.ledger, identity: SignedDataConfiguration())
    try xcode.addImage(other, png: [1], limit: 1, date: harness.clock.now())
    #expect(try xcode.images().map(\.id) == [Self.bullet])
    #expect(try store.images().map(\.id) == [Self.image])
  }

  @Test func takeOfferIsOnlyForAutoRenewOff() throws {
    let directory = try TestPaths.temporaryDirectory()
    let outcome = try StoreTermProcess.run([
      "--db", directory.appending(path: "ledger.sqlite").path, "manage", "approve", "1",
      "--take-offer",
    ])
    #expect(outcome.status == 64)
    #expect(
      outcome.error.hasPrefix(
        "storeterm: --take-offer: only auto-renew-off shows a retention offer\n"))
  }

  @Test func theRealtimeChoiceMustNameWhatIsConfigured() throws {
    let harness = try ServerHarness()
    let store = RetentionStore(ledger: harness.ledger, identity: ServerHarness.identity)
    let text = RetentionMessage(header: "Stay", body: "3 months at 2.99")
    try store.addMessage(
      RetentionMessageRecord(id: Self.message, state: "APPROVED", message: text), limit: 10,
      date: harness.clock.now())
    let callout = RetentionCallout(
      store: store, signer: harness.authority.makeSigner(), clock: harness.clock,
      catalog: harness.engine.catalog)
    func choice(_ json: String) -> RetentionOffer.Proposal? {
      callout.choice(try! JSONParser.parse(Array(json.utf8)), productID: Demo.monthly)?.proposal
    }
    let id = Self.message
    #expect(choice(#"{"message":{"messageIdentifier":"\#(id)"}}"#) == .message)
    #expect(
      choice(#"{"alternateProduct":{"messageIdentifier":"\#(id)","productId":"\#(Demo.lite)"}}"#)
        == .alternateProduct(productID: Demo.lite, billingPlanType: nil))
    // Another group's product, the current one, or two choices at once: unusable.
    #expect(
      choice(#"{"alternateProduct":{"messageIdentifier":"\#(id)","productId":"\#(Demo.cloud)"}}"#)
        == nil)
    #expect(
      choice(#"{"alternateProduct":{"messageIdentifier":"\#(id)","productId":"\#(Demo.monthly)"}}"#)
        == nil)
    #expect(choice(#"{"message":{"messageIdentifier":"\#(id)"},"alternateProduct":{}}"#) == nil)
    let v1 =
      #"{"promotionalOffer":{"messageIdentifier":"\#(id)","promotionalOfferSignatureV1":{"productId":"\#(Demo.monthly)","offerIdentifier":"plus.monthly.comeback","nonce":"x","timestamp":1,"keyId":"K","encodedSignature":"s"}}}"#
    #expect(
      choice(v1) == .promotionalOffer(productID: Demo.monthly, offerID: "plus.monthly.comeback"))
    let claims = Base64.urlEncode(
      Array(#"{"productId":"\#(Demo.monthly)","offerIdentifier":"nope"}"#.utf8))
    #expect(
      choice(
        #"{"promotionalOffer":{"messageIdentifier":"\#(id)","promotionalOfferSignatureV2":"e30.\#(claims).c2ln"}}"#
      )
        == nil)
    #expect(
      choice(#"{"message":{"messageIdentifier":"7a2b3c4d-0000-4000-8000-0000000000ff"}}"#) == nil)
    #expect(choice("{}") == nil)
  }
}
