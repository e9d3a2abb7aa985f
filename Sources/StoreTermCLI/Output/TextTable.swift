import TerminalUI

/// A plain-text table with a header row, aligned by display width (so CJK names line up).
struct TextTable {
  /// Column titles.
  var headers: [String]
  /// Rows of cells, one per column.
  var rows: [[String]] = []

  /// The table as lines, columns separated by two spaces, trailing spaces trimmed.
  func render() -> String {
    let all = [headers] + rows
    let widths = headers.indices.map { column in
      all.map { DisplayWidth.of($0[column]) }.max() ?? 0
    }
    return all.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        line += cell
        if column < row.count - 1 {
          line += String(repeating: " ", count: widths[column] - DisplayWidth.of(cell) + 2)
        }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line + "\n"
    }.joined()
  }
}
