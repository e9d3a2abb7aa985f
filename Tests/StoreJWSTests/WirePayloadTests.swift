import Foundation
import StoreCore
import Testing

@Suite("Wire payloads")
struct WirePayloadTests {
  @Test func transactionUsesApplesNamesAndValues() throws {
    let json = try JSONParser.parse(Samples.transaction(.autoRenewableSubscription).jsonBytes())
    #expect(json["type"] == .string("Auto-Renewable Subscription"))
    #expect(json["inAppOwnershipType"] == .string("PURCHASED"))
    #expect(json["environment"] == .string("Xcode"))
    #expect(json["transactionReason"] == .string("PURCHASE"))
    #expect(json["offerType"] == .number("1"))
    #expect(json["offerDiscountType"] == .string("FREE_TRIAL"))
    #expect(json["purchaseDate"] == .number("1764500400000"))
    #expect(json["appAccountToken"] == .string("00000000-0000-4000-8000-000000000001"))
    #expect(json["deviceVerificationNonce"] == .string("3f2504e0-4f89-41d3-9a0c-0305e82c3301"))
    #expect(json["revocationDate"] == nil)  // absent fields are left out, not null
  }

  @Test func revocationAndRenewalEnumsAreNumbers() throws {
    var payload = Samples.transaction(.nonConsumable)
    payload.revocationReason = .refundedForOtherReason
    payload.revocationDate = Samples.signedDate
    payload.revocationType = .refundFull
    let json = try JSONParser.parse(payload.jsonBytes())
    #expect(json["revocationReason"] == .number("0"))
    #expect(json["revocationType"] == .string("REFUND_FULL"))
    let renewal = try JSONParser.parse(Samples.renewalInfo().jsonBytes())
    #expect(renewal["autoRenewStatus"] == .number("1"))
    #expect(renewal["priceIncreaseStatus"] == .number("0"))
  }

  @Test func everyKindRoundTripsThroughJSON() throws {
    for type in InAppProductType.allCases {
      let payload = Samples.transaction(type)
      #expect(try JWSTransactionDecodedPayload(jsonBytes: payload.jsonBytes()) == payload)
    }
    let renewal = Samples.renewalInfo()
    #expect(try JWSRenewalInfoDecodedPayload(jsonBytes: renewal.jsonBytes()) == renewal)
    let app = Samples.appTransaction()
    #expect(try JWSAppTransactionDecodedPayload(jsonBytes: app.jsonBytes()) == app)
    let notification = try Samples.notification(signer: SharedAuthority.signer)
    #expect(try ResponseBodyV2DecodedPayload(jsonBytes: notification.jsonBytes()) == notification)
  }

  @Test func stringsAreEscaped() throws {
    var payload = Samples.transaction(.consumable)
    payload.productId = "a\"b\\c\nd\u{01}é"
    let json = try JSONParser.parse(payload.jsonBytes())
    #expect(json["productId"] == .string("a\"b\\c\nd\u{01}é"))
  }

  @Test(
    "strict decoding names the field",
    arguments: [
      (
        #"{"transactionId": 5}"#,
        WireDecodingError.invalidValue(
          field: "transactionId", reason: "expected a string, found the number 5")
      ),
      (#"[]"#, .notAnObject(field: "JWSTransactionDecodedPayload")),
    ])
  func strictDecoding(text: String, expected: WireDecodingError) {
    #expect(throws: expected) { try JWSTransactionDecodedPayload(jsonBytes: Array(text.utf8)) }
  }

  @Test func coercionsApplesLibraryAllowsAreErrorsHere() throws {
    func decode(_ change: (inout [JSONMember]) -> Void) throws {
      guard
        case .object(var members) = try JSONParser.parse(
          Samples.transaction(.consumable).jsonBytes())
      else { return }
      change(&members)
      _ = try JWSTransactionDecodedPayload(json: .object(members))
    }
    #expect(throws: WireDecodingError.self) {
      try decode { $0.append(JSONMember("price", .number("9.99"))) }
    }
    #expect(throws: WireDecodingError.self) {
      try decode { $0.append(JSONMember("type", .string("Consumable Product"))) }
    }
    #expect(throws: WireDecodingError.missingField("bundleId")) {
      try decode { $0.removeAll { $0.key == "bundleId" } }
    }
    // Unknown members are ignored, as Apple adds fields over time.
    try decode { $0.append(JSONMember("someFutureField", .bool(true))) }
  }

  @Test func configurationFromOptionText() throws {
    let defaults = try SignedDataConfiguration(bundleIdText: nil, environmentText: nil)
    #expect(
      defaults == SignedDataConfiguration(bundleId: "dev.storeterm.demo", environment: .xcode))
    let sandbox = try SignedDataConfiguration(
      bundleIdText: "com.example.app", environmentText: "Sandbox")
    #expect(sandbox.environment == .sandbox)
    #expect(throws: SignedDataConfigurationError.self) {
      try SignedDataConfiguration(bundleIdText: nil, environmentText: "Production")
    }
    #expect(throws: SignedDataConfigurationError.self) {
      try SignedDataConfiguration(bundleIdText: "has space", environmentText: nil)
    }
  }
}
