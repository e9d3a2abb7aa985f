import CNCurses
import TerminalUI

/// The curses attribute and color pair for each style role, with color pairs allocated once per
/// distinct foreground/background combination.
///
/// > Important: Create and use it on the curses thread only.
struct StylePalette {
  private struct PairKey: Hashable {
    var foreground: Int
    var background: Int
  }

  private var rendition: [StyleRole: (attributes: attr_t, pair: Int16)] = [:]

  /// Builds the table for `theme`; without color support only attributes are used.
  init(theme: Theme) {
    let colors = has_colors() ? Int(cn_colors()) : 0
    let usable = colors >= 8 ? theme : theme.withoutColors
    var pairs: [PairKey: Int16] = [:]
    let pairLimit = min(Int(cn_color_pairs()), Int(Int16.max))
    // With use_default_colors, -1 is the terminal's own color; otherwise white on black.
    let defaults = colors >= 8 && use_default_colors() == OK
    for role in StyleRole.allCases {
      let style = usable[role]
      var pair: Int16 = 0
      if colors >= 8, style.foreground != .default || style.background != .default {
        let key = PairKey(
          foreground: style.foreground.paletteIndex(colors: colors) ?? (defaults ? -1 : 7),
          background: style.background.paletteIndex(colors: colors) ?? (defaults ? -1 : 0))
        if let existing = pairs[key] {
          pair = existing
        } else if pairs.count + 1 < pairLimit {
          pair = Int16(pairs.count + 1)
          init_pair(pair, Int16(key.foreground), Int16(key.background))
          pairs[key] = pair
        }
      }
      rendition[role] = (StylePalette.attributes(style.attributes), pair)
    }
  }

  /// The attributes and pair for `role`.
  subscript(role: StyleRole) -> (attributes: attr_t, pair: Int16) {
    rendition[role] ?? (cn_a_normal(), 0)
  }

  private static func attributes(_ attributes: TextAttributes) -> attr_t {
    var result = cn_a_normal()
    if attributes.contains(.bold) { result |= cn_a_bold() }
    if attributes.contains(.dim) { result |= cn_a_dim() }
    if attributes.contains(.reverse) { result |= cn_a_reverse() }
    if attributes.contains(.underline) { result |= cn_a_underline() }
    if attributes.contains(.italic) { result |= cn_a_italic() }
    return result
  }
}
