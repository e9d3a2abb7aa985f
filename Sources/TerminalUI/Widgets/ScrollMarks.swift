import Foundation

/// The "more above / more below" marks of a list that scrolls: `↑ 3 more` on a frame's top
/// edge and `↓ 5 more` on its bottom edge, right-aligned, drawn only when rows are hidden.
public struct ScrollMarks: Hashable, Sendable {
  /// Rows hidden above the first visible one.
  public var above: Int
  /// Rows hidden below the last visible one.
  public var below: Int
  /// The words after the arrow, in the UI's language, `%@` standing for the count.
  public var more: String

  /// Whether more rows than ``above`` lie above, not yet read (a list read a page at a time).
  public var openAbove: Bool
  /// Whether more rows than ``below`` lie below, not yet read.
  public var openBelow: Bool

  /// Marks for a list of `count` rows showing `height` of them from `offset`; `openAbove` and
  /// `openBelow` say the list in hand is a window on a longer one (`↓ 3+ more`).
  public init(
    offset: Int, height: Int, count: Int, openAbove: Bool = false, openBelow: Bool = false,
    more: String = "%@ more"
  ) {
    above = max(0, min(offset, count))
    below = max(0, count - max(0, offset) - max(0, height))
    self.openAbove = openAbove
    self.openBelow = openBelow
    self.more = more
  }

  /// The text of the upper mark, or nil when nothing is hidden above.
  public var upperText: String? { text("↑", above, open: openAbove) }

  /// The text of the lower mark, or nil when nothing is hidden below.
  public var lowerText: String? { text("↓", below, open: openBelow) }

  private func text(_ arrow: String, _ count: Int, open: Bool) -> String? {
    guard count > 0 || open else { return nil }
    let number = count == 0 ? "" : open ? "\(count)+" : String(count)
    let words = more.replacingOccurrences(of: "%@", with: number)
      .trimmingCharacters(in: .whitespaces)
    return arrow + " " + words
  }

  /// Paints the marks into the top and bottom edges of `frame` (a box drawn in `canvas`),
  /// right-aligned one cell in from the corner, where they fit.
  public func render(onFrame frame: Rect, in canvas: inout Canvas, role: StyleRole = .dim) {
    func paint(_ text: String?, y: Int) {
      guard let text else { return }
      let label = " \(text) "
      let width = DisplayWidth.of(label)
      guard width + 4 <= frame.width else { return }
      canvas.raw(label, at: Point(x: frame.maxX - 2 - width, y: y), role: role)
    }
    paint(upperText, y: frame.minY)
    paint(lowerText, y: frame.maxY - 1)
  }

  /// Paints the marks on the first and last rows of `area` itself (a list without a frame),
  /// over what is there, right-aligned.
  public func render(inside area: Rect, in canvas: inout Canvas, role: StyleRole = .dim) {
    func paint(_ text: String?, y: Int) {
      guard let text, area.height > 0 else { return }
      let label = " \(text)"
      let width = DisplayWidth.of(label)
      guard width <= area.width else { return }
      canvas.raw(label, at: Point(x: area.maxX - width, y: y), role: role)
    }
    paint(upperText, y: area.minY)
    paint(lowerText, y: area.maxY - 1)
  }
}
