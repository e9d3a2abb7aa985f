/// ASCII stand-ins for terminals whose locale is not UTF-8, where curses cannot show other
/// characters.
enum AsciiFallback {
  /// An ASCII character for `scalar`: itself when ASCII, a line or corner for box drawing,
  /// `?` otherwise.
  static func character(for scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII { return scalar }
    switch scalar {
    case "─", "━", "═": return "-"
    case "│", "┃", "║": return "|"
    case "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼": return "+"
    case "▸", "›", "→": return ">"
    case "←", "‹": return "<"
    case "…": return "."
    case "·", "•": return "*"
    case "✓": return "v"
    case "✗": return "x"
    case "\u{A0}": return " "
    default: return "?"
    }
  }
}
