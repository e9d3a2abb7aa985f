/// The one-line list of keys at the bottom of a screen: `q quit  ? help  b buy`.
public struct HintBar: Hashable, Sendable {
  /// The keys shown, in order.
  public var entries: [HelpEntry]

  /// Creates a hint bar from entries (usually ``Keymap/hintBarEntries(in:)``).
  public init(entries: [HelpEntry]) {
    self.entries = entries
  }

  /// Paints the bar on row `y` of `canvas`; entries that do not fit whole are left out.
  public func render(in canvas: inout Canvas, row y: Int) {
    let width = canvas.size.width
    canvas.fill(Rect(x: 0, y: y, width: width, height: 1), role: .keyHint)
    var x = 1
    for entry in entries {
      let needed = DisplayWidth.of(entry.label) + 1 + DisplayWidth.of(entry.description)
      guard x + needed <= width else { break }
      x += canvas.raw(entry.label, at: Point(x: x, y: y), role: .key) + 1
      x += canvas.raw(entry.description, at: Point(x: x, y: y), role: .keyHint) + 2
    }
  }
}
