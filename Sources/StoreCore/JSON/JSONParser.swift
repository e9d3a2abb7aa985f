/// Why a text is not valid JSON, with the line and column where reading stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong, such as `expected ',' or '}' after an object member`.
  public var reason: String
  /// The 1-based line of the offending character.
  public var line: Int
  /// The 1-based column (in characters) of the offending character.
  public var column: Int

  /// `"<reason> at line L, column C"`.
  public var description: String { "\(reason) at line \(line), column \(column)" }
}

/// A strict RFC 8259 JSON parser that reports the position of the first error.
///
/// Objects keep their members in document order. Nesting is limited so that hostile input cannot
/// exhaust the stack.
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  public static let maximumDepth = 256

  private let bytes: [UInt8]
  private var index = 0

  /// Parses one JSON document from UTF-8 bytes.
  public static func parse(_ bytes: some Sequence<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(bytes))
    return try parser.parseDocument()
  }

  /// Parses one JSON document from a string.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(text.utf8)
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    guard index < bytes.count else { throw error("the text is empty, expected a JSON value") }
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard index == bytes.count else { throw error("unexpected text after the JSON value") }
    return value
  }

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth < JSONParser.maximumDepth else {
      throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
    }
    guard let byte = peek() else { throw error("unexpected end of text, expected a value") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
    default: throw error("unexpected character \(describe(byte)), expected a value")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var members: [JSONMember] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else {
        throw error(
          peek() == UInt8(ascii: "}")
            ? "trailing comma before '}'" : "expected a quoted member name")
      }
      let key = try parseString()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
      index += 1
      skipWhitespace()
      members.append(JSONMember(key, try parseValue(depth: depth + 1)))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      default: throw error("expected ',' or '}' after an object member")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if peek() == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw error("expected ',' or ']' after an array element")
      }
    }
  }

  private mutating func parseLiteral(
    _ word: String, _ value: JSONValue
  ) throws(JSONSyntaxError) -> JSONValue {
    let wordBytes = Array(word.utf8)
    guard bytes.count - index >= wordBytes.count,
      Array(bytes[index..<index + wordBytes.count]) == wordBytes
    else { throw error("unexpected character \(describe(bytes[index])), expected a value") }
    index += wordBytes.count
    return value
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    let (end, failure) = bytes.withUnsafeBufferPointer {
      JSONGrammar.numberEnd(in: $0, from: start)
    }
    index = end
    if let failure { throw error(failure) }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    let start = index
    // Fast path: most strings have no escapes and decode straight from their bytes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return try validated(from: start, to: index - 1)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    var scalars = String.UnicodeScalarView()
    var runStart = start
    while true {
      guard let byte = peek() else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        try appendRun(from: runStart, to: index, into: &scalars)
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        try appendRun(from: runStart, to: index, into: &scalars)
        index += 1
        scalars.append(try parseEscape())
        runStart = index
      case 0..<0x20:
        throw error("control character \(describe(byte)) must be escaped inside a string")
      default:
        index += 1
      }
    }
  }

  private func appendRun(
    from start: Int, to end: Int, into scalars: inout String.UnicodeScalarView
  ) throws(JSONSyntaxError) {
    guard start < end else { return }
    scalars.append(contentsOf: try validated(from: start, to: end).unicodeScalars)
  }

  /// The string of `bytes[start..<end]`; invalid UTF-8 is an error, never silently replaced by
  /// U+FFFD, so a file or a signed payload means exactly what its bytes say.
  private func validated(from start: Int, to end: Int) throws(JSONSyntaxError) -> String {
    let run = bytes[start..<end]
    // ASCII, nearly every string in practice, needs no validation.
    if run.allSatisfy({ $0 < 0x80 }) { return String(decoding: run, as: UTF8.self) }
    guard let text = String(validating: run, as: UTF8.self) else {
      throw error("invalid UTF-8 in a string")
    }
    return text
  }

  private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    guard let byte = peek() else { throw error("unterminated escape sequence") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try parseHex4()
      if (0xD800..<0xDC00).contains(unit) {
        guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { return "\u{FFFD}" }
        index += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else { return "\u{FFFD}" }
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
      }
      return Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}"
    default:
      index -= 1
      throw error("invalid escape sequence '\\\(describeBare(byte))'")
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = JSONGrammar.hexValue(byte) else {
        throw error("expected four hexadecimal digits after '\\u'")
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = peek(), JSONGrammar.isWhitespace(byte) { index += 1 }
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(describeBare(byte))'" }
    return "0x" + String(byte, radix: 16, uppercase: true)
  }

  private func describeBare(_ byte: UInt8) -> String {
    String(UnicodeScalar(byte))
  }

  /// An error at the current position, with the line and the column counted in characters.
  private func error(_ reason: String) -> JSONSyntaxError {
    let end = min(index, bytes.count)
    var line = 1
    var lineStart = 0
    for position in 0..<end where bytes[position] == UInt8(ascii: "\n") {
      line += 1
      lineStart = position + 1
    }
    let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
    return JSONSyntaxError(reason: reason, line: line, column: column)
  }
}
