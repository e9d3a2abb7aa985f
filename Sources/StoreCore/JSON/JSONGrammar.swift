/// The parts of JSON's grammar both readers apply byte by byte: `JSONParser` and the
/// `JSONFlatObjectReader` that reads payloads without a tree.
enum JSONGrammar {
  /// Whether `byte` is whitespace between JSON tokens.
  @inline(__always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
      || byte == UInt8(ascii: "\r")
  }

  /// Where the number starting at `start` ends, or where and why it stops being one.
  static func numberEnd(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (end: Int, failure: String?) {
    var offset = start
    func next() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
    func isDigit(_ byte: UInt8?) -> Bool {
      byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false
    }
    func skipDigits() { while isDigit(next()) { offset += 1 } }
    if next() == UInt8(ascii: "-") { offset += 1 }
    guard isDigit(next()) else { return (offset, "expected a digit in a number") }
    if next() == UInt8(ascii: "0") {
      offset += 1
      if isDigit(next()) { return (offset, "numbers cannot have leading zeros") }
    } else {
      skipDigits()
    }
    if next() == UInt8(ascii: ".") {
      offset += 1
      guard isDigit(next()) else { return (offset, "expected a digit after '.'") }
      skipDigits()
    }
    if next() == UInt8(ascii: "e") || next() == UInt8(ascii: "E") {
      offset += 1
      if next() == UInt8(ascii: "+") || next() == UInt8(ascii: "-") { offset += 1 }
      guard isDigit(next()) else { return (offset, "expected a digit in the exponent") }
      skipDigits()
    }
    return (offset, nil)
  }

  /// The value of the hexadecimal digit `byte` (either case), or nil.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
