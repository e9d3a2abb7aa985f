import TerminalUI

/// A plain-text table with a header row, aligned by display width (so CJK names line up).
struct TextTable {
  /// Column titles.
  var headers: [String]
  /// Rows of cells, one per column.
  var rows: [[String]] = []

  /// The table as lines, columns separated by two spaces, trailing spaces trimmed.
  ///
  /// A cell is one line: a newline or tab inside one (from a file or imported data) is escaped
  /// here, since the output edge keeps them for the layout.
  func render() -> String {
    let all = ([headers] + rows).map { row in
      row.map { TerminalSafeText.escaped($0, keepingLayout: false) }
    }
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
