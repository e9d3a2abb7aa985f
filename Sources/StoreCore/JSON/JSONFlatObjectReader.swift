/// Reads the members of one JSON object straight from its bytes.
///
/// No tree of values and no string for a member's name: for payloads decoded by the thousand (a
/// history page decodes ten of a ledger no cache holds), building the tree was half of decoding.
///
/// It reads only the common shape — names and strings without escapes, JSON's own whitespace —
/// and answers `false` for anything else (an escape, a byte order mark, text that is not JSON),
/// so the caller can read the text again with `JSONParser`, which accepts every JSON text and
/// names the first error. A nested object or array is handed over parsed by `JSONParser`.
enum JSONFlatObjectReader {
  /// Calls `visit` with each member's name (its bytes) and value, in document order; `false` if
  /// the text is not of the common shape or `visit` answers `false`.
  static func read(
    _ bytes: UnsafeBufferPointer<UInt8>,
    visit: (_ name: UnsafeBufferPointer<UInt8>, _ value: JSONValue) -> Bool
  ) -> Bool {
    walk(bytes) { scanner, name, _ in
      guard let value = scanner.value() else { return false }
      return visit(name, value)
    }
  }

  /// One member found by ``members(_:visit:)``: offsets into the text.
  struct MemberSpan {
    /// Where the member's name starts (its opening quote).
    var start: Int
    /// The name's bytes, between the quotes.
    var name: UnsafeBufferPointer<UInt8>
    /// The value's bytes, from its first byte to just past its last.
    var value: Range<Int>
  }

  /// Calls `visit` with each member's span, in document order, without making a value of it;
  /// `false` if the text is not of the common shape, holds a string that is not ASCII, or
  /// `visit` answers `false`.
  ///
  /// ASCII only, so that text copied from it unread is valid UTF-8 whatever it holds.
  static func members(
    _ bytes: UnsafeBufferPointer<UInt8>, visit: (MemberSpan) -> Bool
  ) -> Bool {
    walk(bytes) { scanner, name, start in
      let valueStart = scanner.offset
      guard scanner.skipASCIIValue() else { return false }
      return visit(MemberSpan(start: start, name: name, value: valueStart..<scanner.offset))
    }
  }

  /// Walks the members of the object that is the whole text: `member` gets the scanner at each
  /// member's value, the member's name and where the member starts, and moves the scanner past
  /// the value; `false` if the text is not of the common shape or `member` answers `false`.
  private static func walk(
    _ bytes: UnsafeBufferPointer<UInt8>,
    member: (inout Scanner, _ name: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool
  ) -> Bool {
    var scanner = Scanner(bytes: bytes)
    scanner.skipWhitespace()
    guard scanner.take(UInt8(ascii: "{")) else { return false }
    scanner.skipWhitespace()
    if !scanner.take(UInt8(ascii: "}")) {
      while true {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard let name = scanner.plainString() else { return false }
        scanner.skipWhitespace()
        guard scanner.take(UInt8(ascii: ":")) else { return false }
        scanner.skipWhitespace()
        guard member(&scanner, name, start) else { return false }
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: ",")) { continue }
        guard scanner.take(UInt8(ascii: "}")) else { return false }
        break
      }
    }
    scanner.skipWhitespace()
    return scanner.offset == bytes.count
  }

  /// The value that is exactly `bytes` (a span ``members(_:visit:)`` found), read as ``read``
  /// reads values; nil where ``read`` would answer `false`.
  static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
    var scanner = Scanner(bytes: bytes)
    guard let value = scanner.value(), scanner.offset == bytes.count else { return nil }
    return value
  }

  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var next: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
      guard next == byte else { return false }
      offset += 1
      return true
    }

    mutating func skipWhitespace() {
      while let byte = next, JSONGrammar.isWhitespace(byte) { offset += 1 }
    }

    /// The bytes between the quotes of an ASCII string with nothing escaped; nil for anything
    /// else.
    ///
    /// ASCII only: every caller gives up on other strings (the parser validates them and names
    /// invalid UTF-8 with its position), and one pass finds both.
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = offset
      let end = JSONEscapeScan.firstEscapeOrNonASCII(in: bytes, from: start)
      guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
      offset = end + 1
      return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    mutating func value() -> JSONValue? {
      guard let first = next else { return nil }
      switch first {
      case UInt8(ascii: "\""):
        // ASCII, nearly every string, needs no validation (the generic validating initializer
        // was a quarter of a payload's decoding).
        guard let run = plainString() else { return nil }
        return .string(String(decoding: run, as: UTF8.self))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
      case UInt8(ascii: "t"): return literal("true", .bool(true))
      case UInt8(ascii: "f"): return literal("false", .bool(false))
      case UInt8(ascii: "n"): return literal("null", .null)
      case UInt8(ascii: "{"), UInt8(ascii: "["): return container()
      default: return nil
      }
    }

    /// Past one value whose strings are all ASCII; `false` where ``value()`` would fail or a
    /// string is not ASCII.
    mutating func skipASCIIValue() -> Bool {
      guard let first = next else { return false }
      switch first {
      case UInt8(ascii: "\""):
        return plainString() != nil
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let (end, failure) = JSONGrammar.numberEnd(in: bytes, from: offset)
        offset = end
        return failure == nil
      case UInt8(ascii: "t"): return literal("true", .bool(true)) != nil
      case UInt8(ascii: "f"): return literal("false", .bool(false)) != nil
      case UInt8(ascii: "n"): return literal("null", .null) != nil
      // A nested object is parsed, as ``value()`` does, so it is checked as well as skipped.
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let start = offset
        guard container() != nil else { return false }
        return bytes[start..<offset].allSatisfy { $0 < 0x80 }
      default: return false
      }
    }

    /// A number in JSON's grammar, kept as its text as `JSONParser` keeps it.
    private mutating func number() -> JSONValue? {
      let start = offset
      let (end, failure) = JSONGrammar.numberEnd(in: bytes, from: start)
      guard failure == nil else { return nil }
      offset = end
      return .number(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
      let count = word.utf8CodeUnitCount
      guard bytes.count - offset >= count,
        word.withUTF8Buffer({ $0.elementsEqual(bytes[offset..<offset + count]) })
      else { return nil }
      offset += count
      return value
    }

    /// A nested object or array, its end found here and its text parsed by `JSONParser`.
    private mutating func container() -> JSONValue? {
      let start = offset
      var depth = 0
      while offset < bytes.count {
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          guard depth <= JSONParser.maximumDepth else { return nil }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            return try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
          }
        case UInt8(ascii: "\""):
          // Past the string, escapes included: a quote or bracket inside it is text.
          while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
            offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
          }
          offset += 1
        default: break
        }
      }
      return nil
    }

  }
}
