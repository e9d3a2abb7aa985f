import Foundation
import StoreCore
import Testing

/// A transaction payload read straight from its bytes must mean exactly what the parser's tree
/// means: the same payload, or the same error.
@Suite("Transaction payloads read from their bytes")
struct PayloadDirectDecodingTests {
  /// What the payload decoder gave before it read bytes directly: parse, then decode the tree.
  static func throughTheTree(_ bytes: [UInt8]) -> Result<
    JWSTransactionDecodedPayload, WireDecodingError
  > {
    Result { () throws(WireDecodingError) in
      let value: JSONValue
      do {
        value = try JSONParser.parse(bytes)
      } catch let error as JSONSyntaxError {
        throw .invalidValue(field: "payload", reason: "not JSON: \(error.description)")
      } catch {
        throw .invalidValue(field: "payload", reason: "\(error)")
      }
      return try JWSTransactionDecodedPayload(json: value)
    }
  }

  static func direct(_ bytes: [UInt8]) -> Result<JWSTransactionDecodedPayload, WireDecodingError> {
    Result { () throws(WireDecodingError) in try JWSTransactionDecodedPayload(jsonBytes: bytes) }
  }

  /// The consumable sample's compact JSON text with `edit` applied to it.
  static func sample(_ edit: (String) -> String = { $0 }) -> [UInt8] {
    Array(edit(String(decoding: Samples.transaction(.consumable).jsonBytes(), as: UTF8.self)).utf8)
  }

  @Test func everyProductTypeDecodesToTheSamePayload() throws {
    for type in InAppProductType.allCases {
      let payload = Samples.transaction(type)
      #expect(Self.direct(payload.jsonBytes()) == .success(payload))
    }
  }

  @Test(
    "texts of other shapes decode as the parser reads them",
    arguments: [
      // Whitespace everywhere JSON allows it.
      { (text: String) in
        text.replacingOccurrences(of: ",", with: " ,\n\t ")
          .replacingOccurrences(of: ":", with: " : ").replacingOccurrences(of: "{", with: "\r{ ")
      },
      // Unknown members of every kind, nested ones with brackets and quotes inside strings.
      {
        "{\"future\":{\"a\":[1,{\"b\":\"}]\\\"\"}],\"c\":null},\"list\":[],\"yes\":true,\"no\":false,"
          + "\"n\":-0.5e+3,\"z\":null," + $0.dropFirst()
      },
      // A repeated member: the last one counts.
      { $0.replacingOccurrences(of: "{", with: "{\"productId\":\"first\",") },
      // Escapes, non-ASCII text and a byte order mark: read through the parser.
      { $0.replacingOccurrences(of: "\"productId\":\"", with: "\"productId\":\"\\u00e9\\n") },
      { $0.replacingOccurrences(of: "\"productId\":\"", with: "\"productId\":\"é") },
      { "\u{FEFF}" + $0 },
      { $0.replacingOccurrences(of: "{", with: "{\"pro\\u0064uctId\":\"escaped name\",") },
      // A null member counts as absent.
      { $0.replacingOccurrences(of: "{", with: "{\"expiresDate\":null,") },
    ] as [@Sendable (String) -> String])
  func otherShapes(edit: @Sendable (String) -> String) throws {
    let bytes = Self.sample(edit)
    let expected = Self.throughTheTree(bytes)
    #expect(throws: Never.self) { try expected.get() }
    #expect(Self.direct(bytes) == expected)
  }

  @Test(
    "a text the decoder refuses gives the parser's or the tree's error",
    arguments: [
      { $0 + "x" },
      { $0 + "}" },
      { String($0.dropLast()) },
      { $0.replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\":01") },
      { $0.replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\":3.") },
      { $0.replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\":\"1\"") },
      { $0.replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\":tru") },
      { $0.replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\":[1,]") },
      { $0.replacingOccurrences(of: "\"quantity\":3,", with: "") },
      { $0.replacingOccurrences(of: "\"productId\":\"", with: "\"productId\":\"\u{01}") },
      // A wrong member first and broken JSON after it: the text is not JSON, as before.
      { $0.replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\":\"1\"") + "," },
      { "[" + $0 + "]" },
      { _ in "" },
    ] as [@Sendable (String) -> String])
  func refusals(edit: @Sendable (String) -> String) {
    let bytes = Self.sample(edit)
    let expected = Self.throughTheTree(bytes)
    #expect(throws: WireDecodingError.self) { try expected.get() }
    #expect(Self.direct(bytes) == expected)
  }

  @Test func invalidUTF8IsRefusedWithTheParsersPosition() {
    var bytes = Self.sample()
    let quote = bytes.firstIndex(of: UInt8(ascii: "\""))!
    bytes.insert(contentsOf: [0xC3, 0x28], at: quote + 1)
    let expected = Self.throughTheTree(bytes)
    #expect(throws: WireDecodingError.self) { try expected.get() }
    #expect(Self.direct(bytes) == expected)
  }

  @Test func uuidTextReadsWhatFoundationReadsAndNothingLooser() {
    let wellFormed = [
      "3f2504e0-4f89-41d3-9a0c-0305e82c3301", "3F2504E0-4F89-41D3-9A0C-0305E82C3301",
      "3F2504E0-4f89-41D3-9a0C-0305E82C3301", "00000000-0000-0000-0000-000000000000",
    ]
    for text in wellFormed {
      #expect(UUIDText.parse(text) != nil, "\(text)")
      #expect(UUIDText.parse(text) == UUID(uuidString: text), "\(text)")
    }
    // Foundation on Linux reads each group with `sscanf`, so it also takes a sign, a `0x` or
    // a space inside a group (and reads " f2504e0" as F2504E00); Darwin's `uuid_parse` and this
    // reader take only hexadecimal digits.
    let malformed = [
      "3f2504e0-4f89-41d3-9a0c-0305e82c330", "3f2504e0-4f89-41d3-9a0c-0305e82c33011",
      "3f2504e0+4f89-41d3-9a0c-0305e82c3301", "3f2504e04-f89-41d3-9a0c-0305e82c3301",
      "3g2504e0-4f89-41d3-9a0c-0305e82c3301", "", "{3f2504e0-4f89-41d3-9a0c-0305e82c3301}",
      "3f2504e0-4f89-41d3-9a0c-0305e82c33é", "+f2504e0-4f89-41d3-9a0c-0305e82c3301",
      "0x2504e0-4f89-41d3-9a0c-0305e82c3301", " f2504e0-4f89-41d3-9a0c-0305e82c3301",
    ]
    for text in malformed { #expect(UUIDText.parse(text) == nil, "\(text)") }
  }

}
