/// Which row of a list is selected and which row is at the top of its viewport.
///
/// Pure state: screens keep one per list and move it in their update function.
public struct ListSelection: Hashable, Sendable {
  /// The selected row, or nil when the list is empty.
  public private(set) var selected: Int?
  /// The first visible row.
  public private(set) var offset: Int = 0

  /// A selection on the first row of a list of `count` rows.
  public init(count: Int) {
    selected = count > 0 ? 0 : nil
  }

  /// Moves the selection by `delta` rows, clamped to the list, keeping it within `height` rows.
  public mutating func move(by delta: Int, count: Int, height: Int) {
    guard count > 0 else {
      selected = nil
      offset = 0
      return
    }
    select(min(max((selected ?? 0) + delta, 0), count - 1), count: count, height: height)
  }

  /// Selects `row` (clamped) and scrolls the least needed to show it in `height` rows.
  public mutating func select(_ row: Int, count: Int, height: Int) {
    guard count > 0 else {
      selected = nil
      offset = 0
      return
    }
    let row = min(max(row, 0), count - 1)
    selected = row
    let height = max(1, height)
    if row < offset { offset = row }
    if row >= offset + height { offset = row - height + 1 }
    offset = min(offset, max(0, count - height))
  }
}

/// A vertical list of rows with one selected; scrolls so the selection stays visible.
public struct ListView: Sendable {
  /// One row: its text and, optionally, a right-aligned detail in its own role.
  public struct Row: Hashable, Sendable {
    /// The main text.
    public var text: String
    /// Right-aligned extra text, such as a price.
    public var detail: String?
    /// The detail's role when the row is not selected.
    public var detailRole: StyleRole

    /// Creates a row.
    public init(_ text: String, detail: String? = nil, detailRole: StyleRole = .dim) {
      self.text = text
      self.detail = detail
      self.detailRole = detailRole
    }
  }

  /// The rows.
  public var rows: [Row]
  /// The selection and scroll position.
  public var selection: ListSelection
  /// Whether the list has focus (the selection uses the focused role).
  public var focused: Bool

  /// Creates a list view.
  public init(rows: [Row], selection: ListSelection, focused: Bool = true) {
    self.rows = rows
    self.selection = selection
    self.focused = focused
  }

  /// Paints the visible rows into all of `canvas`; the selected row is marked `▸` and
  /// highlighted across the full width.
  public func render(in canvas: inout Canvas) {
    let size = canvas.size
    for y in 0..<size.height {
      let index = selection.offset + y
      guard index < rows.count else { break }
      let row = rows[index]
      let selected = index == selection.selected
      let role: StyleRole = selected ? (focused ? .selection : .selectionInactive) : .normal
      canvas.fill(Rect(x: 0, y: y, width: size.width, height: 1), role: role)
      canvas.raw(selected ? "▸" : " ", at: Point(x: 0, y: y), role: role)
      var room = size.width - 2
      if let detail = row.detail {
        let detailWidth = min(DisplayWidth.of(detail), max(0, size.width - 2))
        canvas.text(
          detail, at: Point(x: size.width - detailWidth, y: y),
          role: selected ? role : row.detailRole,
          width: detailWidth)
        room -= detailWidth + 1
      }
      canvas.text(row.text, at: Point(x: 2, y: y), role: role, width: max(0, room))
    }
  }
}
