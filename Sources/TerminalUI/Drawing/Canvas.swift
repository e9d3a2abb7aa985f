/// A clipped painter over a ``Screen``: positions are relative to the canvas origin and nothing
/// is drawn outside its clip rectangle.
///
/// Views build a frame by painting into a canvas and then taking ``screen``. Sub-areas (a panel's
/// inside, a table column) are painted through ``within(_:_:)``, which moves the origin and
/// narrows the clip, so a widget never needs to know where it sits on the screen.
public struct Canvas: Sendable {
  /// The frame being painted.
  public private(set) var screen: Screen
  /// Where this canvas's (0, 0) lies on the screen.
  public let origin: Point
  /// The screen cells this canvas may paint, in screen coordinates.
  public let clip: Rect

  /// A canvas over a blank screen of `size`.
  public init(size: Size) {
    self.init(screen: Screen(size: size))
  }

  /// A canvas over `screen`, covering all of it.
  public init(screen: Screen) {
    self.screen = screen
    self.origin = .zero
    self.clip = screen.bounds
  }

  private init(screen: Screen, origin: Point, clip: Rect) {
    self.screen = screen
    self.origin = origin
    self.clip = clip
  }

  /// The canvas's own area: its size, at (0, 0) in its coordinates.
  public var bounds: Rect {
    Rect(
      x: 0, y: 0, width: clip.maxX - origin.x,
      height: clip.maxY - origin.y)
  }

  /// The size of the paintable area.
  public var size: Size { bounds.size }

  /// Paints inside `rect` (in this canvas's coordinates) through a canvas whose origin is the
  /// rectangle's corner and whose clip is the part of `rect` this canvas may paint.
  public mutating func within(_ rect: Rect, _ paint: (inout Canvas) -> Void) {
    let absolute = Rect(origin: origin.offsetBy(dx: rect.minX, dy: rect.minY), size: rect.size)
    var inner = Canvas(screen: screen, origin: absolute.origin, clip: clip.intersection(absolute))
    // Hand the screen over instead of copying it, so painting stays in place.
    screen = Screen(size: .zero)
    paint(&inner)
    screen = inner.screen
  }

  // MARK: - Cells

  /// Writes one character at `point` if it lies inside the clip; returns the columns it took.
  ///
  /// A wide character whose second half falls outside the clip is written as one blank cell.
  @discardableResult
  public mutating func put(_ character: Character, at point: Point, role: StyleRole) -> Int {
    let absolute = point.offsetBy(dx: origin.x, dy: origin.y)
    let width = DisplayWidth.of(character)
    guard width > 0 else { return 0 }
    let visible = Canvas.printable(character)
    if width == 2 {
      let first = clip.contains(absolute)
      let second = clip.contains(absolute.offsetBy(dx: 1))
      switch (first, second) {
      case (true, true): screen.put(visible, role: role, at: absolute)
      case (true, false): screen.put(" ", role: role, at: absolute)
      case (false, true): screen.put(" ", role: role, at: absolute.offsetBy(dx: 1))
      case (false, false): break
      }
      return 2
    }
    if clip.contains(absolute) { screen.put(visible, role: role, at: absolute) }
    return 1
  }

  /// Control characters would move the real cursor, bidi controls reorder the line; they are
  /// shown as `?` instead (the rule is ``TerminalSafeText``, shared with line output).
  private static func printable(_ character: Character) -> Character {
    guard let scalar = character.unicodeScalars.first else { return "?" }
    return TerminalSafeText.isUnsafe(scalar) ? "?" : character
  }

  // MARK: - Text

  /// Writes `text` from `point`, cut with an ellipsis to fit `width` columns (by default up to
  /// the right edge of the canvas); returns the columns written.
  @discardableResult
  public mutating func text(
    _ text: String, at point: Point, role: StyleRole = .normal, width: Int? = nil
  ) -> Int {
    let room = min(width ?? Int.max, bounds.maxX - point.x)
    let shown = DisplayWidth.truncated(text, toWidth: room)
    return raw(shown, at: point, role: role)
  }

  /// Writes `text` from `point` with no truncation: whatever falls outside the clip is not
  /// drawn (a wide character cut by an edge leaves a blank); returns the columns written.
  @discardableResult
  public mutating func raw(_ text: String, at point: Point, role: StyleRole = .normal) -> Int {
    var x = point.x
    for character in text {
      x += put(character, at: Point(x: x, y: point.y), role: role)
    }
    return x - point.x
  }

  /// Writes `text` aligned inside a field of `width` columns starting at `point`, padding with
  /// blanks in `role` and truncating with an ellipsis when it does not fit.
  public mutating func text(
    _ text: String, at point: Point, width: Int, alignment: Alignment, role: StyleRole = .normal
  ) {
    guard width > 0 else { return }
    fill(Rect(origin: point, size: Size(width: width, height: 1)), role: role)
    let shown = DisplayWidth.truncated(text, toWidth: width)
    let slack = width - DisplayWidth.of(shown)
    let offset =
      switch alignment {
      case .leading: 0
      case .center: slack / 2
      case .trailing: slack
      }
    raw(shown, at: point.offsetBy(dx: offset), role: role)
  }

  // MARK: - Shapes

  /// Fills `rect` with `character` in `role`.
  public mutating func fill(_ rect: Rect, with character: Character = " ", role: StyleRole) {
    let step = max(1, DisplayWidth.of(character))
    if step == 1 {
      // Narrow fills go row by row straight into the grid, clipped once.
      let absolute = Rect(origin: origin.offsetBy(dx: rect.minX, dy: rect.minY), size: rect.size)
      let area = clip.intersection(absolute)
      let cell = Cell(Canvas.printable(character), role: role)
      for y in area.minY..<max(area.minY, area.maxY) {
        screen.fill(cell, row: y, columns: area.minX..<area.maxX)
      }
      return
    }
    for y in rect.minY..<max(rect.minY, rect.maxY) {
      var x = rect.minX
      while x + step <= rect.maxX {
        put(character, at: Point(x: x, y: y), role: role)
        x += step
      }
    }
  }

  /// Fills the whole canvas with blanks in `role`.
  public mutating func clear(role: StyleRole = .normal) {
    fill(bounds, role: role)
  }

  /// Draws a horizontal rule of `width` columns from `point`.
  public mutating func rule(at point: Point, width: Int, role: StyleRole = .border) {
    fill(Rect(origin: point, size: Size(width: width, height: 1)), with: "─", role: role)
  }

  /// Draws a single-line frame around `rect` with an optional title in its top edge; returns the
  /// inside of the frame.
  @discardableResult
  public mutating func box(
    _ rect: Rect, title: String? = nil, role: StyleRole = .border, titleRole: StyleRole = .title
  ) -> Rect {
    guard rect.width >= 2, rect.height >= 2 else { return Rect(origin: rect.origin, size: .zero) }
    let right = rect.maxX - 1
    let bottom = rect.maxY - 1
    rule(at: Point(x: rect.minX + 1, y: rect.minY), width: rect.width - 2, role: role)
    rule(at: Point(x: rect.minX + 1, y: bottom), width: rect.width - 2, role: role)
    for y in (rect.minY + 1)..<bottom {
      put("│", at: Point(x: rect.minX, y: y), role: role)
      put("│", at: Point(x: right, y: y), role: role)
    }
    put("┌", at: rect.origin, role: role)
    put("┐", at: Point(x: right, y: rect.minY), role: role)
    put("└", at: Point(x: rect.minX, y: bottom), role: role)
    put("┘", at: Point(x: right, y: bottom), role: role)
    if let title, !title.isEmpty, rect.width >= 5 {
      // "┌ Title ─┐": one blank either side of the title, at least one rule cell before the corner.
      let room = rect.width - 5
      let shown = DisplayWidth.truncated(title, toWidth: room)
      raw(" \(shown) ", at: Point(x: rect.minX + 1, y: rect.minY), role: titleRole)
    }
    return rect.insetBy(dx: 1, dy: 1)
  }

  /// Draws a titled panel and returns its inside.
  ///
  /// A focused panel's frame uses the focused-border role.
  @discardableResult
  public mutating func panel(_ rect: Rect, title: String?, focused: Bool) -> Rect {
    box(rect, title: title, role: focused ? .borderFocused : .border)
  }
}

/// Horizontal placement of text inside a wider field.
public enum Alignment: Hashable, Sendable {
  /// Flush left.
  case leading
  /// Centred (extra column on the right).
  case center
  /// Flush right.
  case trailing
}
