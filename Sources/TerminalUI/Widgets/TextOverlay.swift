/// A framed overlay of paragraphs wrapped to its width (never cut), scrolled by whole lines,
/// with ``ScrollMarks`` on its frame when lines are hidden: the message log, long errors.
public struct TextOverlay: Hashable, Sendable {
  /// One paragraph: its text and role.
  public struct Paragraph: Hashable, Sendable {
    /// The text; newlines start new lines.
    public var text: String
    /// How it reads.
    public var role: StyleRole

    /// Creates a paragraph.
    public init(_ text: String, role: StyleRole = .normal) {
      self.text = text
      self.role = role
    }
  }

  /// The frame's title.
  public var title: String
  /// The paragraphs, top to bottom; a blank line separates two.
  public var paragraphs: [Paragraph]
  /// Lines scrolled off the top (clamped when painted).
  public var scroll: Int
  /// The widest the text gets, in columns.
  public var maximumWidth: Int
  /// The scroll marks' words, `%@` standing for the count (see ``ScrollMarks/more``).
  public var more = "%@ more"

  /// Creates an overlay.
  public init(title: String, paragraphs: [Paragraph], scroll: Int = 0, maximumWidth: Int = 72) {
    self.title = title
    self.paragraphs = paragraphs
    self.scroll = scroll
    self.maximumWidth = maximumWidth
  }

  /// The wrapped lines at `width` columns, each with its role.
  public func lines(width: Int) -> [(text: String, role: StyleRole)] {
    var result: [(text: String, role: StyleRole)] = []
    for (index, paragraph) in paragraphs.enumerated() {
      if index > 0 { result.append(("", .normal)) }
      result += TextWrap.lines(paragraph.text, width: width).map { ($0, paragraph.role) }
    }
    return result
  }

  /// The first line shown for `scroll` when `count` lines share `height` rows.
  public static func clampedScroll(_ scroll: Int, count: Int, height: Int) -> Int {
    max(0, min(scroll, count - height))
  }

  /// Paints the overlay centred over `canvas`, clearing what lies beneath it.
  public func render(in canvas: inout Canvas) {
    let width = max(1, min(maximumWidth, canvas.size.width - 4))
    let lines = lines(width: width)
    Self.renderPanel(
      lineCount: lines.count, width: width, scroll: scroll, title: title, more: more, in: &canvas
    ) { area, y, index in
      area.raw(lines[index].text, at: Point(x: 0, y: y), role: lines[index].role)
    }
  }

  /// Draws a centred, boxed panel `width` columns wide showing `lineCount` lines from `scroll`
  /// (clamped), with `↑/↓ N more` marks: `drawLine` paints line `index` on row `y` of the inside.
  ///
  /// The one frame the text overlays and the key help share.
  public static func renderPanel(
    lineCount: Int, width: Int, scroll: Int, title: String, more: String,
    in canvas: inout Canvas, drawLine: (inout Canvas, _ y: Int, _ index: Int) -> Void
  ) {
    let height = max(1, min(lineCount, canvas.size.height - 2))
    let first = clampedScroll(scroll, count: lineCount, height: height)
    let frame = canvas.bounds.centered(Size(width: width + 4, height: height + 2))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(frame, title: title, role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      for y in 0..<min(height, max(0, lineCount - first)) { drawLine(&area, y, first + y) }
    }
    ScrollMarks(offset: first, height: height, count: lineCount, more: more)
      .render(onFrame: frame, in: &canvas)
  }
}
