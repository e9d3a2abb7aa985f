/// How many terminal columns text occupies: East Asian wide characters and emoji take two,
/// combining marks none.
///
/// A fixed table, so layout does not depend on the machine's locale settings.
public enum DisplayWidth {
  /// The columns `text` takes.
  public static func of(_ text: String) -> Int {
    // Plain ASCII (no `\r\n`, which is one character) is one column per byte: no grapheme
    // breaking, which is most of a frame's drawing time.
    if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The columns one character takes (0, 1 or 2).
  public static func of(_ character: Character) -> Int {
    // Most text is ASCII; it skips the Unicode property lookups below.
    if character.isASCII { return 1 }
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.properties.generalCategory == .nonspacingMark
      || first.properties.generalCategory == .enclosingMark || first.value == 0x200B
    {
      return 0
    }
    if character.unicodeScalars.count > 1,
      first.properties.isEmojiPresentation
        || character.unicodeScalars.contains(where: { $0.value == 0xFE0F })
    {
      return 2
    }
    return isWide(first.value) ? 2 : 1
  }

  /// `text` cut to at most `width` columns, ending in `ellipsis` when anything was cut.
  ///
  /// A wide character that would straddle the limit is dropped whole, so the result can be one
  /// column narrower than `width`.
  public static func truncated(_ text: String, toWidth width: Int, ellipsis: String = "…")
    -> String
  {
    guard width > 0 else { return "" }
    // Measured only as far as the width: a 1 MB name costs no more than a short one.
    let fits = prefix(text, toWidth: width)
    if fits.utf8.count == text.utf8.count { return text }
    let room = width - of(ellipsis)
    guard room >= 0 else { return prefix(text, toWidth: width) }
    return prefix(text, toWidth: room) + ellipsis
  }

  /// The longest start of `text` that fits in `width` columns, never splitting a character.
  public static func prefix(_ text: String, toWidth width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let columns = of(character)
      if used + columns > width { break }
      result.append(character)
      used += columns
    }
    return result
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
      0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
      0x20000...0x3FFFD:
      true
    default: false
    }
  }
}
