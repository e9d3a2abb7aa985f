import Foundation
import StoreCore
import Testing

/// A stored payload read for the server must give the facts and the bytes to sign that the
/// decoded payload gives, whichever way it was read.
@Suite("Stored transaction payloads signed again by the server")
struct StoredTransactionPayloadTests {
  /// 2025-12-01T00:00:00Z, the new `signedDate`.
  static let now: Int64 = 1_764_547_200_000

  /// What the decoded path signs for `bytes`: decode whole, then as the server sends it.
  static func decodedJSON(_ bytes: [UInt8]) throws -> [UInt8] {
    try JWSTransactionDecodedPayload(jsonBytes: bytes).asServerSends(signedDate: now).jsonBytes()
  }

  /// The consumable sample's compact JSON text with `edit` applied to it.
  static func sample(_ edit: (String) -> String = { $0 }) -> [UInt8] {
    Array(edit(String(decoding: Samples.transaction(.consumable).jsonBytes(), as: UTF8.self)).utf8)
  }

  @Test func everyProductTypeIsReadFromItsTextAndSignsTheDecodedBytes() throws {
    for type in InAppProductType.allCases {
      var payload = Samples.transaction(type)
      payload.revocationDate = Samples.signedDate
      payload.commitmentInfo = TransactionCommitmentInfo(
        billingPeriodNumber: 2, commitmentExpiresDate: Samples.signedDate + 300 * Samples.day,
        commitmentPrice: 59_880, totalBillingPeriods: 12)
      let stored = try StoredTransactionPayload(jsonBytes: payload.jsonBytes())
      #expect(stored.facts == TransactionHistoryFacts(payload))
      #expect(stored.facts.id == 2_000_000_000_000_002)
      #expect(
        stored.serverJSON(signedDate: Self.now) == (try Self.decodedJSON(payload.jsonBytes())))
      // Read from the text: not the decoded payload's form.
      #expect(stored != StoredTransactionPayload(payload))
    }
  }

  @Test func theServerBytesLeaveOutDeviceVerificationAndCarryTheNewDate() throws {
    let json = StoredTransactionPayload(Samples.transaction(.consumable))
    let text = String(
      decoding: try StoredTransactionPayload(jsonBytes: Self.sample()).serverJSON(
        signedDate: Self.now), as: UTF8.self)
    #expect(text.contains("\"signedDate\":1764547200000,"))
    #expect(!text.contains("deviceVerification"))
    #expect(text.hasSuffix("\"appTransactionId\":\"704289572311227000\"}"))
    #expect(Array(text.utf8) == json.serverJSON(signedDate: Self.now))
  }

  @Test(
    "device verification is left out wherever it stands, whitespace or not",
    arguments: [
      // Both first, then the rest.
      { (text: String) in
        let start = text.range(of: ",\"deviceVerification\":")!.lowerBound
        return "{" + text[text.index(after: start)..<text.index(before: text.endIndex)] + ","
          + text[text.index(after: text.startIndex)..<start] + "}"
      },
      // One first, one in the middle.
      { (text: String) in
        let start = text.range(of: ",\"deviceVerificationNonce\":")!.lowerBound
        let nonce = text[text.index(after: start)..<text.index(before: text.endIndex)]
        let rest = text[text.index(after: text.startIndex)..<start]
        let dividing = rest.range(of: ",\"deviceVerification\":")!.lowerBound
        return "{" + nonce + "," + rest[..<dividing] + rest[dividing...] + "}"
      },
      // Whitespace everywhere JSON allows it.
      { (text: String) in
        text.replacingOccurrences(of: ",", with: " ,\n\t ")
          .replacingOccurrences(of: ":", with: " : ").replacingOccurrences(of: "{", with: "\r{ ")
      },
    ] as [@Sendable (String) -> String])
  func deviceMembersAnywhere(edit: @Sendable (String) -> String) throws {
    let bytes = Self.sample(edit)
    let stored = try StoredTransactionPayload(jsonBytes: bytes)
    #expect(stored != StoredTransactionPayload(try JWSTransactionDecodedPayload(jsonBytes: bytes)))
    let signed = stored.serverJSON(signedDate: Self.now)
    #expect(
      try JWSTransactionDecodedPayload(jsonBytes: signed)
        == Samples.transaction(.consumable).asServerSends(signedDate: Self.now))
    #expect(!String(decoding: signed, as: UTF8.self).contains("deviceVerification"))
  }

  @Test(
    "texts of other shapes are decoded whole",
    arguments: [
      { $0.replacingOccurrences(of: "\"productId\":\"", with: "\"productId\":\"\\u00e9\\n") },
      { $0.replacingOccurrences(of: "\"storefront\":\"", with: "\"storefront\":\"é") },
      { $0.replacingOccurrences(of: "{", with: "{\"productId\":\"first\",") },
      { $0.replacingOccurrences(of: "{", with: "{\"future\":[1],") },
      { $0.replacingOccurrences(of: "{", with: "{\"expiresDate\":null,") },
      { "\u{FEFF}" + $0 },
    ] as [@Sendable (String) -> String])
  func otherShapes(edit: @Sendable (String) -> String) throws {
    let bytes = Self.sample(edit)
    let stored = try StoredTransactionPayload(jsonBytes: bytes)
    let decoded = try JWSTransactionDecodedPayload(jsonBytes: bytes)
    #expect(stored == StoredTransactionPayload(decoded))
    #expect(stored.serverJSON(signedDate: Self.now) == (try Self.decodedJSON(bytes)))
  }

  @Test(
    "a text the decoder refuses gives the decoder's error",
    arguments: [
      { $0.replacingOccurrences(of: "\"storefront\":\"USA\",", with: "") },
      { $0.replacingOccurrences(of: "\"signedDate\":1764504000000", with: "\"signedDate\":1.5") },
      { $0.replacingOccurrences(of: "\"type\":\"Consumable\"", with: "\"type\":\"Coins\"") },
      { $0.replacingOccurrences(of: "\"productId\":\"", with: "\"productId\":7,\"x\":\"") },
      { $0.replacingOccurrences(of: "\"purchaseDate\":", with: "\"purchaseDate\":\"") },
      { $0 + "x" },
      { _ in "" },
    ] as [@Sendable (String) -> String])
  func refusals(edit: @Sendable (String) -> String) {
    let bytes = Self.sample(edit)
    let expected = Result { () throws(WireDecodingError) in
      try JWSTransactionDecodedPayload(jsonBytes: bytes)
    }
    #expect(throws: WireDecodingError.self) { try expected.get() }
    let stored = Result { () throws(WireDecodingError) in
      try StoredTransactionPayload(jsonBytes: bytes)
    }
    #expect(stored.map(\.facts) == expected.map(TransactionHistoryFacts.init))
  }
}
