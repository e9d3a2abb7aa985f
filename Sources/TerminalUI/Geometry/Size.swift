/// A width and height in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Creates a size; negative values count as zero.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// A size with no cells.
  public static let zero = Size(width: 0, height: 0)

  /// The number of cells.
  public var area: Int { width * height }

  /// `80x24`, the form snapshots and messages use.
  public var description: String { "\(width)x\(height)" }
}
