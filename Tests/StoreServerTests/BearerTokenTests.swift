import Foundation
import StoreCore
import StoreJWS
import StoreServer
import Testing

/// Authentication as the App Store Server API does it: every bad token gets a bare 401 and no
/// data; good ones get through.
@Suite struct BearerTokenTests {
  func status(_ harness: ServerHarness, authorization: String?) -> HTTPResponse {
    harness.api.handle(
      HTTPRequest(
        method: "GET", path: "/inApps/v1/transactions/1",
        headers: authorization.map { [(name: "Authorization", value: $0)] } ?? []))
  }

  @Test func aTokenAsApplesLibraryMakesItIsAccepted() throws {
    let harness = try ServerHarness()
    try harness.buy(Demo.lifetime)
    let response = status(harness, authorization: "Bearer " + (try harness.token()))
    #expect(response.status == 200)
    // With iat, as Apple documents it, too.
    let seconds = Int(harness.realNow.timeIntervalSince1970)
    let withIssued = try harness.token(claims: [
      "iat": .integer(seconds), "exp": .integer(seconds + 3600),
    ])
    #expect(status(harness, authorization: "Bearer " + withIssued).status == 200)
  }

  @Test(arguments: [
    "missing header", "not bearer", "not a JWS", "unknown kid", "alg none", "wrong key",
    "foreign bundle", "wrong audience", "wrong issuer", "expired", "no exp",
    "exp over 60 minutes ahead", "iat in the future", "lives over 60 minutes", "tampered claims",
    "revoked key", "crit header", "nbf in the future",
  ])
  func badTokensGet401AndNoData(_ scenario: String) throws {
    let harness = try ServerHarness()
    try harness.buy(Demo.lifetime)
    let seconds = Int(harness.realNow.timeIntervalSince1970)
    let authorization: String?
    switch scenario {
    case "missing header": authorization = nil
    case "not bearer": authorization = "Basic " + (try harness.token())
    case "not a JWS": authorization = "Bearer abc.def"
    case "unknown kid":
      authorization = "Bearer " + (try harness.token(header: ["kid": .string("NOPE")]))
    case "alg none":
      authorization = "Bearer " + (try harness.token(header: ["alg": .string("none")]))
    case "wrong key":
      authorization = "Bearer " + (try harness.token(signingKey: try P256PrivateKey.generate()))
    case "foreign bundle":
      authorization = "Bearer " + (try harness.token(claims: ["bid": .string("com.example.other")]))
    case "wrong audience":
      authorization =
        "Bearer " + (try harness.token(claims: ["aud": .string("appstoreconnect-v2")]))
    case "wrong issuer":
      authorization = "Bearer " + (try harness.token(claims: ["iss": .string("someone-else")]))
    case "expired":
      authorization = "Bearer " + (try harness.token(claims: ["exp": .integer(seconds - 120)]))
    case "no exp": authorization = "Bearer " + (try harness.token(claims: ["exp": nil]))
    case "exp over 60 minutes ahead":
      authorization =
        "Bearer " + (try harness.token(claims: ["exp": .integer(seconds + 3600 + 120)]))
    case "iat in the future":
      authorization = "Bearer " + (try harness.token(claims: ["iat": .integer(seconds + 600)]))
    case "lives over 60 minutes":
      authorization =
        "Bearer "
        + (try harness.token(claims: [
          "iat": .integer(seconds - 1000), "exp": .integer(seconds + 2700),
        ]))
    case "tampered claims":
      let parts = try harness.token().split(separator: ".")
      let other = try harness.token(claims: ["bid": .string("com.example.other")]).split(
        separator: ".")
      authorization = "Bearer \(parts[0]).\(other[1]).\(parts[2])"
    case "crit header":
      authorization =
        "Bearer " + (try harness.token(header: ["crit": .array([.string("exp")])]))
    case "nbf in the future":
      authorization = "Bearer " + (try harness.token(claims: ["nbf": .integer(seconds + 600)]))
    default:
      #expect(try harness.keys.revokeKey(harness.serverKey.keyID, date: harness.realNow))
      authorization = "Bearer " + (try harness.token())
    }
    let response = status(harness, authorization: authorization)
    #expect(response.status == 401)
    #expect(response.text == "Unauthenticated\n")
  }

  /// A token seen before skips its signature check and nothing else: the same bytes are refused
  /// once they expire or their key is revoked.
  @Test func aTokenSeenBeforeIsCheckedAgainForItsKeyAndTimes() throws {
    let harness = try ServerHarness()
    try harness.buy(Demo.lifetime)
    let token = "Bearer " + (try harness.token())
    #expect(status(harness, authorization: token).status == 200)
    #expect(status(harness, authorization: token).status == 200)
    let verifier = BearerTokenVerifier(bundleID: ServerHarness.identity.bundleId) {
      [keys = harness.keys] in try keys.key($0)
    }
    try verifier.verify(authorization: token, now: harness.realNow)
    #expect(throws: BearerTokenVerifier.Refusal.expired) {
      try verifier.verify(authorization: token, now: harness.realNow.addingTimeInterval(600))
    }
    try verifier.verify(authorization: token, now: harness.realNow)
    #expect(try harness.keys.revokeKey(harness.serverKey.keyID, date: harness.realNow))
    #expect(status(harness, authorization: token).status == 401)
    #expect(throws: BearerTokenVerifier.Refusal.revokedKey(harness.serverKey.keyID)) {
      try verifier.verify(authorization: token, now: harness.realNow)
    }
    // A forged token reusing a seen token's header and claims is not the seen token.
    let parts = token.split(separator: ".")
    let forged = "\(parts[0]).\(parts[1]).\(String(parts[2].reversed()))"
    #expect(throws: BearerTokenVerifier.Refusal.self) {
      try verifier.verify(authorization: forged, now: harness.realNow)
    }
  }

  @Test func unknownPathsAndMethodsAreCheckedAfterAuthentication() throws {
    let harness = try ServerHarness()
    let anonymous = harness.api.handle(HTTPRequest(method: "GET", path: "/nowhere"))
    #expect(anonymous.status == 401)
    let unknown = try harness.get("/inApps/v1/nowhere/1")
    #expect(unknown.status == 404)
    #expect(unknown.json["errorCode"] == .integer(4_040_000))
    let wrongMethod = harness.api.handle(
      HTTPRequest(
        method: "DELETE", path: "/inApps/v1/transactions/1",
        headers: [(name: "Authorization", value: "Bearer " + (try harness.token()))]))
    #expect(wrongMethod.status == 405)
  }
}
