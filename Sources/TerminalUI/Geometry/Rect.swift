/// A rectangle of cells: an origin and a size; `maxX` and `maxY` are one past the last cell.
public struct Rect: Hashable, Sendable {
  /// The top-left cell.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its left column, top row, width and height.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// A rectangle at the origin covering `size`.
  public init(size: Size) { self.init(origin: .zero, size: size) }

  /// The left column.
  public var minX: Int { origin.x }
  /// The top row.
  public var minY: Int { origin.y }
  /// One past the right column.
  public var maxX: Int { origin.x + size.width }
  /// One past the bottom row.
  public var maxY: Int { origin.y + size.height }
  /// The width.
  public var width: Int { size.width }
  /// The height.
  public var height: Int { size.height }
  /// Whether the rectangle covers no cell.
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }

  /// Whether `point` lies inside.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The cells both rectangles cover (empty, at the clamped origin, when they do not overlap).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(minX, other.minX)
    let top = max(minY, other.minY)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  /// This rectangle shrunk by `dx` columns on the left and right and `dy` rows on top and bottom.
  public func insetBy(dx: Int, dy: Int) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  /// A rectangle of `size` centred in this one (clamped to fit).
  public func centered(_ size: Size) -> Rect {
    let width = min(size.width, self.width)
    let height = min(size.height, self.height)
    return Rect(
      x: minX + (self.width - width) / 2, y: minY + (self.height - height) / 2, width: width,
      height: height)
  }
}
