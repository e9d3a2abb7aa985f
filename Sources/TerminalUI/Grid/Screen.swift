/// A frame: a row-major grid of cells of a fixed size.
///
/// Screens are values. Views build one per frame; backends compare it with the frame they drew
/// last (``diff(from:)``) and draw only what changed.
public struct Screen: Hashable, Sendable {
  /// Columns and rows.
  public let size: Size
  /// The cells, row after row.
  public private(set) var cells: [Cell]

  /// A screen of `size` filled with `fill`.
  public init(size: Size, fill: Cell = .blank) {
    self.size = size
    self.cells = Array(repeating: fill, count: size.area)
  }

  /// The whole screen as a rectangle.
  public var bounds: Rect { Rect(size: size) }

  /// The cell at column `x`, row `y`; reading outside gives a blank, writing outside is ignored.
  ///
  /// This stores the cell as given; use ``put(_:role:at:)`` to keep wide characters whole.
  public subscript(x: Int, y: Int) -> Cell {
    get {
      guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
      return cells[y * size.width + x]
    }
    set {
      guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
      cells[y * size.width + x] = newValue
    }
  }

  /// The cells of row `y`.
  public func row(_ y: Int) -> ArraySlice<Cell> {
    cells[(y * size.width)..<((y + 1) * size.width)]
  }

  /// The visible text of row `y`, continuation cells skipped, trailing spaces kept.
  public func text(ofRow y: Int) -> String {
    String(row(y).filter { !$0.isContinuation }.map(\.grapheme))
  }

  /// Every row's text with trailing spaces removed, as a terminal capture shows it.
  public var lines: [String] {
    (0..<size.height).map { y in
      var line = text(ofRow: y)
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  /// Writes `grapheme` at `point` taking `DisplayWidth.of(grapheme)` columns, repairing any wide
  /// character it partly overwrites; returns the columns used (0 when nothing was written).
  ///
  /// A wide character that does not fit before the right edge is written as a blank, since half of
  /// it cannot be shown.
  @discardableResult
  public mutating func put(_ grapheme: Character, role: StyleRole, at point: Point) -> Int {
    let width = DisplayWidth.of(grapheme)
    guard width > 0, point.y >= 0, point.y < size.height, point.x >= 0, point.x < size.width
    else { return 0 }
    if width == 2 && point.x + 1 >= size.width {
      place(.blank(role), at: point)
      return 1
    }
    place(Cell(grapheme, role: role, width: UInt8(width)), at: point)
    if width == 2 {
      place(.continuation(role), at: point.offsetBy(dx: 1))
    }
    return width
  }

  /// Sets `columns` of row `y` (clamped to the screen) to the narrow cell `cell`, blanking the
  /// halves of wide characters cut at either end; the fast path for fills.
  public mutating func fill(_ cell: Cell, row y: Int, columns: Range<Int>) {
    let start = max(0, columns.lowerBound)
    let end = min(size.width, columns.upperBound)
    guard cell.width == 1, y >= 0, y < size.height, start < end else { return }
    place(cell, at: Point(x: start, y: y))
    if end - 1 > start { place(cell, at: Point(x: end - 1, y: y)) }
    let base = y * size.width
    for index in (base + start + 1)..<max(base + start + 1, base + end - 1) {
      cells[index] = cell
    }
  }

  /// Stores one cell, first blanking the other half of any wide character it breaks.
  private mutating func place(_ cell: Cell, at point: Point) {
    let old = self[point.x, point.y]
    if old.isContinuation {
      let leading = self[point.x - 1, point.y]
      self[point.x - 1, point.y] = .blank(leading.role)
    } else if old.width == 2 && !(cell.isContinuation) {
      let trailing = self[point.x + 1, point.y]
      if trailing.isContinuation { self[point.x + 1, point.y] = .blank(trailing.role) }
    }
    self[point.x, point.y] = cell
  }
}
