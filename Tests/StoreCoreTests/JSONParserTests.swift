import Testing

@testable import StoreCore

/// The strict JSON reader behind every file storeterm loads.
@Suite struct JSONParserTests {
  @Test func valuesKeepTheirExactTextAndOrder() throws {
    let value = try JSONParser.parse(
      #"{"b": 4.990, "a": [true, null, "x\u00e9\ud83d\ude00\n"], "c": -0.5e3}"#)
    #expect(
      value
        == .object([
          JSONMember("b", .number("4.990")),
          JSONMember("a", .array([.bool(true), .null, .string("xé😀\n")])),
          JSONMember("c", .number("-0.5e3")),
        ]))
    #expect(value.compactText == #"{"b":4.990,"a":[true,null,"xé😀\n"],"c":-0.5e3}"#)
  }

  @Test func prettyTextIndentsByTwoSpaces() throws {
    let value = try JSONParser.parse(#"{"a": [1, {"b": []}], "c": {}}"#)
    #expect(
      value.prettyText
        == "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    }\n  ],\n  \"c\": {}\n}")
  }

  @Test(arguments: [
    ("{\"a\" 1}", "expected ':' after the member name at line 1, column 6"),
    ("[01]", "numbers cannot have leading zeros at line 1, column 3"),
    ("\"abc", "unterminated string at line 1, column 5"),
    ("[1] x", "unexpected text after the JSON value at line 1, column 5"),
    ("// hi\n{}", "comments are not allowed in JSON at line 1, column 1"),
    ("\"\\q\"", "invalid escape sequence '\\q' at line 1, column 3"),
    ("[tru]", "unexpected character 't', expected a value at line 1, column 2"),
    ("{\"a\":\n  ü}", "unexpected character 0xC3, expected a value at line 2, column 3"),
  ])
  func syntaxErrorsNameTheirPosition(text: String, message: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    do {
      _ = try JSONParser.parse(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func deepNestingIsRefusedInsteadOfOverflowingTheStack() {
    let text = String(repeating: "[", count: 100_000)
    do {
      _ = try JSONParser.parse(text)
      Issue.record("parsed")
    } catch {
      #expect(error.reason == "nesting deeper than 256 levels")
    }
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
  }

  /// Strings are written in runs between escapes: every escape, a combining mark after a quote,
  /// non-ASCII text and text with nothing to escape come out exactly, and parse back.
  @Test func stringsAreEscapedExactly() throws {
    let text = "a\"\u{301}b\\c\n\r\t\u{1}\u{1B}]0;x\u{7}é😀"
    let written = JSONValue.string(text).compactText
    #expect(written == #""a\"\#u{301}b\\c\n\r\t\u0001\u001b]0;x\u0007é😀""#)
    #expect(try JSONParser.parse(written) == .string(text))
    #expect(
      JSONValue.string("eyJhbGciOiJFUzI1NiJ9.e30.c2ln").compactText
        == #""eyJhbGciOiJFUzI1NiJ9.e30.c2ln""#)
    #expect(JSONValue.string("").compactText == #""""#)
  }

  /// The eight-bytes-at-a-time scan finds exactly the bytes that need an escape, wherever they
  /// sit in a word, among ASCII and non-ASCII neighbours.
  @Test func theEscapeScanFindsEveryByteThatNeedsOne() {
    var misses: [String] = []
    for filler in [UInt8(ascii: "a"), 0xC3, 0xFF, 0x7F] {
      for position in 0..<19 {
        for byte in UInt8.min...UInt8.max {
          var bytes = [UInt8](repeating: filler, count: 19)
          bytes[position] = byte
          let expected = byte < 0x20 || byte == 0x22 || byte == 0x5C ? position : 19
          let found = bytes.withUnsafeBufferPointer { JSONEscapeScan.firstEscape(in: $0, from: 0) }
          if found != expected { misses.append("\(filler) \(position) \(byte): \(found)") }
        }
      }
    }
    #expect(misses.isEmpty)
  }

  /// The bytes a server sends are the compact text's UTF-8, escapes and nesting included.
  @Test func compactUTF8IsTheCompactTextsBytes() {
    let value = JSONValue.object([
      JSONMember("a\"é", .array([.string("x\n😀"), .number("1.5"), .bool(false), .null])),
      JSONMember("empty", .object([])), JSONMember("list", .array([])),
    ])
    #expect(
      value.compactUTF8 == Array(#"{"a\"é":["x\n😀",1.5,false,null],"empty":{},"list":[]}"#.utf8))
    #expect(value.compactUTF8 == Array(value.compactText.utf8))
  }
}
