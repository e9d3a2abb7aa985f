/// The one rule for text that reaches a terminal: which characters may be sent as they are.
///
/// C0 and C1 controls, DEL and the bidirectional controls are never sent raw: the first two
/// start escape sequences (a title change, a colour, a cursor move), DEL and `\r` rewrite what
/// is shown, and bidi controls make a line read differently from its bytes. The screen shows each
/// as `?` in its cell; line output (the command line, the log) writes it escaped, as `\u{1B}`.
public enum TerminalSafeText {
  /// How `escaped(_:style:)` writes a character it will not send raw.
  public enum EscapeStyle: Sendable {
    /// Swift-style `\u{1B}`, for text meant to be read.
    case visible
    /// JSON's `\u001b`, for JSON output: inside a string it decodes to the same character.
    case json
  }

  /// Whether `scalar` must never reach the terminal raw (newline and tab included).
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Arabic letter mark, LRM/RLM, the embeddings and overrides, the isolates.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Whether `text` holds no unsafe character other than newline and tab.
  public static func isSafe(_ text: String) -> Bool {
    !text.unicodeScalars.contains { isUnsafe($0) && $0 != "\n" && $0 != "\t" }
  }

  /// `text` with every unsafe character escaped; newline and tab stay when `keepingLayout`.
  public static func escaped(
    _ text: String, style: EscapeStyle = .visible, keepingLayout: Bool = true
  ) -> String {
    // Nearly all output is safe; it is returned without copying.
    if keepingLayout ? isSafe(text) : !text.unicodeScalars.contains(where: isUnsafe) {
      return text
    }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if !isUnsafe(scalar) || (keepingLayout && (scalar == "\n" || scalar == "\t")) {
        result.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16, uppercase: style == .visible)
      let escape =
        switch style {
        case .visible: "\\u{\(hex)}"
        case .json: "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
      result.append(contentsOf: escape.unicodeScalars)
    }
    return String(result)
  }
}
