/// The one-line list of keys at the bottom of a screen: `q quit  ? help  b buy`.
public struct HintBar: Hashable, Sendable {
  /// The keys shown, in order.
  public var entries: [HelpEntry]
  /// How many entries at the end stay when not all fit (help and quit, which every screen
  /// ends with): the entries before them are left out first.
  public var pinnedTrailing: Int

  /// Creates a hint bar from entries (usually ``Keymap/hintBarEntries(in:)``).
  public init(entries: [HelpEntry], pinnedTrailing: Int = 0) {
    self.entries = entries
    self.pinnedTrailing = min(max(0, pinnedTrailing), entries.count)
  }

  /// Paints the bar on row `y` of `canvas`; entries that do not fit whole are left out, the
  /// pinned ones last.
  public func render(in canvas: inout Canvas, row y: Int) {
    let width = canvas.size.width
    canvas.fill(Rect(x: 0, y: y, width: width, height: 1), role: .keyHint)
    let pinned = entries.suffix(pinnedTrailing)
    let reserved = pinned.reduce(0) { $0 + Self.width(of: $1) + 2 }
    let fitsWhole = 1 + entries.reduce(0) { $0 + Self.width(of: $1) + 2 } - 2 <= width
    var x = 1
    for entry in entries.dropLast(pinnedTrailing) {
      let needed = Self.width(of: entry)
      guard x + needed + (fitsWhole ? 0 : reserved) <= width else { break }
      x = draw(entry, at: x, row: y, in: &canvas)
    }
    for entry in pinned {
      guard x + Self.width(of: entry) <= width else { break }
      x = draw(entry, at: x, row: y, in: &canvas)
    }
  }

  /// The columns `entry` takes: its label, a space, its description.
  private static func width(of entry: HelpEntry) -> Int {
    DisplayWidth.of(entry.label) + 1 + DisplayWidth.of(entry.description)
  }

  /// Draws `entry` at column `x`; returns where the next one starts.
  private func draw(_ entry: HelpEntry, at x: Int, row y: Int, in canvas: inout Canvas) -> Int {
    var x = x + canvas.raw(entry.label, at: Point(x: x, y: y), role: .key) + 1
    x += canvas.raw(entry.description, at: Point(x: x, y: y), role: .keyHint) + 2
    return x
  }
}
