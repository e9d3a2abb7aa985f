/// Text attributes a terminal can show without color.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The bit set.
  public let rawValue: UInt8

  /// Creates attributes from their bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (or bright) text.
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Faint text.
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Foreground and background swapped.
  public static let reverse = TextAttributes(rawValue: 1 << 2)
  /// Underlined text.
  public static let underline = TextAttributes(rawValue: 1 << 3)
  /// Italic text.
  public static let italic = TextAttributes(rawValue: 1 << 4)

  /// The words a theme file uses for each attribute.
  public static let names: [(String, TextAttributes)] = [
    ("bold", .bold), ("dim", .dim), ("reverse", .reverse), ("underline", .underline),
    ("italic", .italic),
  ]
}
