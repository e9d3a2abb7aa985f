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
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
