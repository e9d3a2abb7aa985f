extension Screen {
  /// The runs of cells that differ from `previous`, top to bottom and left to right.
  ///
  /// With no previous frame, or one of another size, every row is one run: the backend must
  /// repaint everything. Runs are widened so they never split a wide character.
  public func diff(from previous: Screen?) -> [ScreenRun] {
    guard let previous, previous.size == size else {
      return (0..<size.height).map { ScreenRun(origin: Point(x: 0, y: $0), cells: Array(row($0))) }
    }
    var runs: [ScreenRun] = []
    for y in 0..<size.height {
      let new = row(y)
      let old = previous.row(y)
      var x = 0
      while x < size.width {
        guard new[new.startIndex + x] != old[old.startIndex + x] else {
          x += 1
          continue
        }
        var start = x
        var end = x + 1
        while end < size.width && new[new.startIndex + end] != old[old.startIndex + end] {
          end += 1
        }
        // Keep both halves of a wide character inside the run.
        if start > 0 && new[new.startIndex + start].isContinuation { start -= 1 }
        if end < size.width && new[new.startIndex + end].isContinuation { end += 1 }
        runs.append(
          ScreenRun(
            origin: Point(x: start, y: y),
            cells: Array(new[(new.startIndex + start)..<(new.startIndex + end)])))
        x = end
      }
    }
    return runs
  }
}
