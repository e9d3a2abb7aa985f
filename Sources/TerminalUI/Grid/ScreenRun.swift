/// A horizontal stretch of cells that changed between two frames, starting at `origin`.
///
/// A run never starts on the second half of a wide character and never ends between its halves,
/// so a renderer can draw it left to right without reading the rest of the row.
public struct ScreenRun: Hashable, Sendable {
  /// The first cell of the run.
  public let origin: Point
  /// The cells, left to right (continuation cells included).
  public let cells: [Cell]

  /// Creates a run.
  public init(origin: Point, cells: [Cell]) {
    self.origin = origin
    self.cells = cells
  }

  /// The row's visible text of the run (continuation cells skipped).
  public var text: String { String(cells.filter { !$0.isContinuation }.map(\.grapheme)) }
}
