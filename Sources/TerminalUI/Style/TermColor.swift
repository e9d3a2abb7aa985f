/// A terminal color: the terminal's own default, one of the 16 ANSI colors, or a 256-color index.
public enum TermColor: Hashable, Sendable {
  /// Whatever the terminal uses when no color is set.
  case `default`
  /// One of the 16 ANSI colors: 0–7 normal, 8–15 bright.
  case ansi(UInt8)
  /// A color of the 256-color palette.
  case indexed(UInt8)

  /// The names a theme file may use for the 16 ANSI colors, by number.
  public static let ansiNames = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
    "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue",
    "bright-magenta", "bright-cyan", "bright-white",
  ]

  /// Reads a theme-file color word: an ANSI name, `default`, or a palette index `0`…`255`.
  public init?(name: String) {
    if name == "default" {
      self = .default
    } else if let index = TermColor.ansiNames.firstIndex(of: name) {
      self = .ansi(UInt8(index))
    } else if let number = UInt8(name), String(number) == name {
      self = .indexed(number)
    } else {
      return nil
    }
  }

  /// The palette number a terminal with `colors` colors can show, or nil for the default color.
  ///
  /// 256-color indices fall back to their nearest of the 8 basic colors on an 8- or 16-color
  /// terminal, and bright ANSI colors to their normal ones on an 8-color terminal.
  public func paletteIndex(colors: Int) -> Int? {
    switch self {
    case .default: return nil
    case .ansi(let value): return colors >= 16 ? Int(value) : Int(value % 8)
    case .indexed(let value):
      if colors >= 256 { return Int(value) }
      if value < 16 { return colors >= 16 ? Int(value) : Int(value % 8) }
      return TermColor.basicApproximation(of: value)
    }
  }

  private static func basicApproximation(of index: UInt8) -> Int {
    if index >= 232 { return index >= 244 ? 7 : 0 }
    let cube = Int(index) - 16
    let (red, green, blue) = (cube / 36, (cube / 6) % 6, cube % 6)
    // Each cube channel 0…5; a channel counts as lit from 3 up.
    return (red >= 3 ? 1 : 0) | (green >= 3 ? 2 : 0) | (blue >= 3 ? 4 : 0)
  }
}
