extension JSONValue {
  /// The value as compact JSON on one line.
  public var compactText: String {
    var output = ""
    write(into: &output, indent: nil, level: 0)
    return output
  }

  /// The value as JSON indented by two spaces, keys in their stored order.
  public var prettyText: String {
    var output = ""
    write(into: &output, indent: "  ", level: 0)
    return output
  }

  private func write(into output: inout String, indent: String?, level: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): JSONValue.writeString(text, into: &output)
    case .array(let elements):
      writeContainer(
        elements, open: "[", close: "]", into: &output, indent: indent, level: level
      ) { element, output in
        element.write(into: &output, indent: indent, level: level + 1)
      }
    case .object(let members):
      writeContainer(
        members, open: "{", close: "}", into: &output, indent: indent, level: level
      ) { member, output in
        JSONValue.writeString(member.key, into: &output)
        output += indent == nil ? ":" : ": "
        member.value.write(into: &output, indent: indent, level: level + 1)
      }
    }
  }

  private func writeContainer<Element>(
    _ elements: [Element], open: String, close: String, into output: inout String,
    indent: String?, level: Int, writeElement: (Element, inout String) -> Void
  ) {
    output += open
    guard !elements.isEmpty else {
      output += close
      return
    }
    for (index, element) in elements.enumerated() {
      if index > 0 { output += "," }
      if let indent {
        output += "\n" + String(repeating: indent, count: level + 1)
      }
      writeElement(element, &output)
    }
    if let indent {
      output += "\n" + String(repeating: indent, count: level)
    }
    output += close
  }

  private static func writeString(_ text: String, into output: inout String) {
    output += "\""
    // Runs that need no escape (nearly all text: a JWS, an identifier) are appended whole;
    // appending scalar by scalar made a 34 KB history page cost the server milliseconds. The
    // bytes that need one are ASCII, so every run starts and ends on a scalar boundary (runs are
    // cut as UTF-8, not as characters: a `"` may begin a character with a combining mark). The
    // scan reads the string's contiguous UTF-8 where it has some (a native string always does):
    // stepping `String.UTF8View` indices was most of the server's JSON time.
    let utf8 = text.utf8
    let scanned: Void? = utf8.withContiguousStorageIfAvailable { bytes in
      var run = 0
      for offset in bytes.indices where needsEscape(bytes[offset]) {
        appendRun(utf8, from: run, to: offset, into: &output)
        appendEscape(bytes[offset], into: &output)
        run = offset + 1
      }
      appendRun(utf8, from: run, to: bytes.count, into: &output)
    }
    if scanned == nil {
      var run = utf8.startIndex
      var index = run
      while index != utf8.endIndex {
        let byte = utf8[index]
        guard needsEscape(byte) else {
          index = utf8.index(after: index)
          continue
        }
        output += Substring(utf8[run..<index])
        appendEscape(byte, into: &output)
        index = utf8.index(after: index)
        run = index
      }
      output += Substring(utf8[run..<utf8.endIndex])
    }
    output += "\""
  }

  /// Whether `byte` is written escaped inside a JSON string.
  @inline(__always)
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Appends the UTF-8 bytes `start..<end` of `utf8` (both on scalar boundaries).
  private static func appendRun(
    _ utf8: String.UTF8View, from start: Int, to end: Int, into output: inout String
  ) {
    guard end > start else { return }
    let lower = utf8.index(utf8.startIndex, offsetBy: start)
    let upper = utf8.index(lower, offsetBy: end - start)
    output += Substring(utf8[lower..<upper])
  }

  private static func appendEscape(_ byte: UInt8, into output: inout String) {
    switch byte {
    case UInt8(ascii: "\""): output += "\\\""
    case UInt8(ascii: "\\"): output += "\\\\"
    case UInt8(ascii: "\n"): output += "\\n"
    case UInt8(ascii: "\r"): output += "\\r"
    case UInt8(ascii: "\t"): output += "\\t"
    default:
      let hex = String(byte, radix: 16)
      output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }
}
