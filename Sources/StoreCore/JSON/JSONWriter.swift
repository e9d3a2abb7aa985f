extension JSONValue {
  /// The value as compact JSON on one line.
  public var compactText: String { String(decoding: compactUTF8, as: UTF8.self) }

  /// The value as compact JSON on one line, as UTF-8 bytes: what a server sends, without a
  /// `String` in between.
  public var compactUTF8: [UInt8] {
    var output: [UInt8] = []
    // Room for the whole text at once: a 34 KB history page grew its buffer eight times.
    output.reserveCapacity(compactSizeHint)
    write(into: &output, indent: nil, level: 0)
    return output
  }

  /// About the length of the compact text (exact when no string needs an escape).
  private var compactSizeHint: Int {
    switch self {
    case .null: 4
    case .bool: 5
    case .number(let text): text.utf8.count
    case .string(let text): text.utf8.count + 2
    case .array(let elements): elements.reduce(2) { $0 + $1.compactSizeHint + 1 }
    case .object(let members):
      members.reduce(2) { $0 + $1.key.utf8.count + 4 + $1.value.compactSizeHint }
    }
  }

  /// The value as JSON indented by two spaces, keys in their stored order.
  public var prettyText: String {
    var output: [UInt8] = []
    write(into: &output, indent: "  ", level: 0)
    return String(decoding: output, as: UTF8.self)
  }

  private func write(into output: inout [UInt8], indent: String?, level: Int) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let text): output.append(contentsOf: text.utf8)
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
        output.append(contentsOf: (indent == nil ? ":" : ": ").utf8)
        member.value.write(into: &output, indent: indent, level: level + 1)
      }
    }
  }

  private func writeContainer<Element>(
    _ elements: [Element], open: Unicode.Scalar, close: Unicode.Scalar,
    into output: inout [UInt8], indent: String?, level: Int,
    writeElement: (Element, inout [UInt8]) -> Void
  ) {
    output.append(UInt8(ascii: open))
    guard !elements.isEmpty else {
      output.append(UInt8(ascii: close))
      return
    }
    for (index, element) in elements.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      if let indent {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<(level + 1) { output.append(contentsOf: indent.utf8) }
      }
      writeElement(element, &output)
    }
    if let indent {
      output.append(UInt8(ascii: "\n"))
      for _ in 0..<level { output.append(contentsOf: indent.utf8) }
    }
    output.append(UInt8(ascii: close))
  }

  private static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Runs that need no escape (nearly all text: a JWS, an identifier) are copied whole;
    // appending scalar by scalar made a 34 KB history page cost the server milliseconds. The
    // bytes that need one are ASCII, so every run starts and ends on a scalar boundary (runs are
    // cut as UTF-8, not as characters: a `"` may begin a character with a combining mark). The
    // scan reads the string's contiguous UTF-8 where it has some (a native string always does).
    let utf8 = text.utf8
    let scanned: Void? = utf8.withContiguousStorageIfAvailable { bytes in
      var run = 0
      while true {
        let next = JSONEscapeScan.firstEscape(in: bytes, from: run)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<next]))
        guard next < bytes.count else { break }
        appendEscape(bytes[next], into: &output)
        run = next + 1
      }
    }
    if scanned == nil {
      for byte in utf8 {
        if JSONEscapeScan.needsEscape(byte) {
          appendEscape(byte, into: &output)
        } else {
          output.append(byte)
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  private static func appendEscape(_ byte: UInt8, into output: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
    case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
    case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
    case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
    case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
    default:
      let hex = String(byte, radix: 16)
      output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
    }
  }
}
