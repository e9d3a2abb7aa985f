/// Rows of text in aligned columns under a header, one row optionally selected.
public struct TableView: Sendable {
  /// One column: its title, width rule and alignment.
  public struct Column: Hashable, Sendable {
    /// How wide a column is.
    public enum Width: Hashable, Sendable {
      /// Exactly this many columns.
      case fixed(Int)
      /// As wide as its widest cell or title, up to the maximum.
      case fit(max: Int)
      /// Whatever room is left, shared with the other flexible columns, at least `min`.
      case flexible(min: Int)
    }

    /// The header text.
    public var title: String
    /// How wide the column is.
    public var width: Width
    /// Where text sits in the column.
    public var alignment: Alignment
    /// The narrowest table that still shows the column: below it the column is left out, so
    /// the informative columns keep their room (as htop and k9s drop columns).
    public var shownFrom: Int

    /// Creates a column.
    public init(
      _ title: String, width: Width, alignment: Alignment = .leading, shownFrom: Int = 0
    ) {
      self.title = title
      self.width = width
      self.alignment = alignment
      self.shownFrom = shownFrom
    }
  }

  /// The columns, left to right.
  public var columns: [Column]
  /// The cells, one array per row.
  public var rows: [[String]]
  /// The selection and scroll position (rows only, not the header).
  public var selection: ListSelection?
  /// Whether the table has focus.
  public var focused: Bool
  /// Blank columns between two columns.
  public var spacing: Int = 2

  /// Creates a table.
  public init(
    columns: [Column], rows: [[String]], selection: ListSelection? = nil, focused: Bool = true
  ) {
    self.columns = columns
    self.rows = rows
    self.selection = selection
    self.focused = focused
  }

  /// The width of each column when the table is `width` columns wide.
  public func columnWidths(totalWidth width: Int) -> [Int] {
    var widths = columns.enumerated().map { index, column -> Int in
      switch column.width {
      case .fixed(let value): return value
      case .fit(let maximum):
        let widest = rows.map { index < $0.count ? DisplayWidth.of($0[index]) : 0 }.max() ?? 0
        return min(maximum, max(widest, DisplayWidth.of(column.title)))
      case .flexible(let minimum): return minimum
      }
    }
    let flexible = columns.indices.filter {
      if case .flexible = columns[$0].width { return true } else { return false }
    }
    let used = widths.reduce(0, +) + spacing * max(0, columns.count - 1)
    if !flexible.isEmpty && used < width {
      let extra = width - used
      for (order, index) in flexible.enumerated() {
        widths[index] += extra / flexible.count + (order < extra % flexible.count ? 1 : 0)
      }
    }
    return widths
  }

  /// The table as shown `width` columns wide: the columns whose ``Column/shownFrom`` is above
  /// `width` are left out, with their cells.
  public func fitted(toWidth width: Int) -> TableView {
    let kept = columns.indices.filter { columns[$0].shownFrom <= width }
    guard kept.count < columns.count else { return self }
    var table = self
    table.columns = kept.map { columns[$0] }
    table.rows = rows.map { row in kept.map { $0 < row.count ? row[$0] : "" } }
    return table
  }

  /// Paints the header on the first row and the visible rows below it into all of `canvas`;
  /// columns too wide for it are left out (see ``fitted(toWidth:)``).
  public func render(in canvas: inout Canvas) {
    let size = canvas.size
    guard size.height > 0 else { return }
    let fitted = fitted(toWidth: size.width)
    guard fitted.columns.count == columns.count else { return fitted.render(in: &canvas) }
    let widths = columnWidths(totalWidth: size.width)
    paint(columns.map(\.title), widths: widths, y: 0, role: .title, in: &canvas)
    let offset = selection?.offset ?? 0
    for y in 1..<max(1, size.height) {
      let index = offset + y - 1
      guard index < rows.count else { break }
      let selected = index == selection?.selected
      let role: StyleRole = selected ? (focused ? .selection : .selectionInactive) : .normal
      canvas.fill(Rect(x: 0, y: y, width: size.width, height: 1), role: role)
      paint(rows[index], widths: widths, y: y, role: role, in: &canvas)
    }
  }

  private func paint(
    _ cells: [String], widths: [Int], y: Int, role: StyleRole, in canvas: inout Canvas
  ) {
    var x = 0
    for (index, column) in columns.enumerated() {
      let text = index < cells.count ? cells[index] : ""
      let width = min(widths[index], canvas.size.width - x)
      guard width > 0 else { break }
      canvas.text(
        text, at: Point(x: x, y: y), width: width, alignment: column.alignment, role: role)
      x += widths[index] + spacing
    }
  }
}
