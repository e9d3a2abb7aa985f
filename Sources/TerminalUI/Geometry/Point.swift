/// A cell position: column `x` from the left, row `y` from the top, both from zero.
public struct Point: Hashable, Sendable {
  /// Column.
  public var x: Int
  /// Row.
  public var y: Int

  /// Creates a point.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// The top-left corner.
  public static let zero = Point(x: 0, y: 0)

  /// This point moved by `dx` columns and `dy` rows.
  public func offsetBy(dx: Int = 0, dy: Int = 0) -> Point { Point(x: x + dx, y: y + dy) }
}
