import Foundation
import StoreCore
import Testing

@testable import StoreServer

/// The history answers are written with their JWS signed straight into the body: the bytes
/// must be those the JSON writer gives for the same members.
@Suite struct SignedItemsAnswerTests {
  /// Signs by labelling: `h.<payload in base64url>.s`, the same every time.
  struct LabelSigner: Signer {
    func sign(_ payload: some SignedPayload) throws -> String {
      try sign(payloadJSON: payload.jsonBytes())
    }

    func sign(payloadJSON: [UInt8]) throws -> String {
      "h." + Base64.urlEncode(payloadJSON) + ".s"
    }
  }

  /// Returns text a JSON string must escape, as no real signer does.
  struct QuotingSigner: Signer {
    func sign(_ payload: some SignedPayload) throws -> String {
      try sign(payloadJSON: payload.jsonBytes())
    }

    func sign(payloadJSON: [UInt8]) throws -> String { "a\"b\\c\u{1}" }
  }

  @Test func aSignerReturningTextToEscapeStillGivesJSON() throws {
    let answer = try SignedItemsAnswer.response(
      [.signed("signedTransactions", [[UInt8(ascii: "{"), UInt8(ascii: "}")]])],
      signer: QuotingSigner())
    #expect(
      try JSONParser.parse(answer.body)
        == .object([JSONMember("signedTransactions", .array([.string("a\"b\\c\u{1}")]))]))
  }

  @Test(arguments: [0, 1, 3])
  func theBodyIsWhatTheJSONWriterWrites(items: Int) throws {
    let signer = LabelSigner()
    let payloads = (0..<items).map { Array(#"{"transactionId":"\#($0)","n":[1,2]}"#.utf8) }
    let answer = try SignedItemsAnswer.response(
      [
        .value("revision", .string("r\"1\\\n")),
        .signed("signedTransactions", payloads),
        .value("hasMore", .bool(true)),
        .value("environment", .string("Sandbox")),
      ], signer: signer)
    let expected = JSONValue.object([
      JSONMember("revision", .string("r\"1\\\n")),
      JSONMember(
        "signedTransactions",
        .array(try payloads.map { .string(try signer.sign(payloadJSON: $0)) })),
      JSONMember("hasMore", .bool(true)),
      JSONMember("environment", .string("Sandbox")),
    ])
    #expect(answer.status == 200)
    #expect(answer.contentType == "application/json")
    #expect(answer.body == expected.compactUTF8)
    #expect(try JSONParser.parse(answer.body) == expected)
  }
}
