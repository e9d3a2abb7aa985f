import TerminalUI

/// The key help (`?`) laid out in as many columns as the terminal's height needs, so every key
/// of the busiest screen fits at 80×24 and at 60×18.
///
/// It shows the same ``HelpSection``s as TerminalUI's single-column `HelpOverlay`, which the
/// transaction manager's twenty-odd keys overflow.
struct HelpView {
  /// The sections, from ``Keymap/helpSections(in:)``.
  var sections: [HelpSection]
  /// The frame's title, `Keys` in English.
  var title = "Keys"

  private enum Line {
    case heading(String)
    case entry(HelpEntry)
  }

  /// The lines of each column: sections are kept whole where they fit, split where they do not.
  private func columns(height: Int) -> [[Line]] {
    var columns: [[Line]] = [[]]
    for section in sections {
      let lines = [Line.heading(section.title)] + section.entries.map(Line.entry)
      let current = columns[columns.count - 1]
      // Start a new column when the section does not fit below the current one (a blank row
      // separates sections), unless the column is empty.
      if !current.isEmpty, current.count + 1 + lines.count > height {
        columns.append([])
      } else if !current.isEmpty {
        columns[columns.count - 1].append(.heading(""))
      }
      for line in lines {
        if columns[columns.count - 1].count >= height { columns.append([]) }
        columns[columns.count - 1].append(line)
      }
    }
    return columns
  }

  private static func describe(_ entry: HelpEntry) -> String {
    entry.disabledReason.map { "\(entry.description) — \($0)" } ?? entry.description
  }

  /// Paints the help centred over `canvas`, clearing what lies beneath it.
  func render(in canvas: inout Canvas) {
    let height = max(1, canvas.size.height - 4)
    let columns = columns(height: height)
    let labelWidths = columns.map { column in
      column.map { line -> Int in
        if case .entry(let entry) = line { DisplayWidth.of(entry.label) } else { 0 }
      }.max() ?? 0
    }
    var widths = zip(columns, labelWidths).map { column, labelWidth in
      column.map { line -> Int in
        switch line {
        case .heading(let title): DisplayWidth.of(title)
        case .entry(let entry): labelWidth + 2 + DisplayWidth.of(Self.describe(entry))
        }
      }.max() ?? 0
    }
    // Narrow the widest columns until everything fits inside the frame.
    let room = canvas.size.width - 4 - 3 * (columns.count - 1)
    while widths.reduce(0, +) > room,
      let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
      widths[widest] > labelWidths[widest] + 4
    {
      widths[widest] -= 1
    }
    let tallest = columns.map(\.count).max() ?? 0
    let frame = canvas.bounds.centered(
      Size(
        width: min(canvas.size.width, widths.reduce(0, +) + 3 * (columns.count - 1) + 4),
        height: tallest + 2))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(frame, title: title, role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      var x = 0
      for (index, column) in columns.enumerated() {
        for (y, line) in column.enumerated() {
          switch line {
          case .heading(let title):
            area.text(title, at: Point(x: x, y: y), role: .title, width: widths[index])
          case .entry(let entry):
            let disabled = entry.disabledReason != nil
            area.text(
              entry.label, at: Point(x: x, y: y), role: disabled ? .keyHintDisabled : .key,
              width: labelWidths[index])
            area.text(
              Self.describe(entry), at: Point(x: x + labelWidths[index] + 2, y: y),
              role: disabled ? .keyHintDisabled : .keyHint,
              width: widths[index] - labelWidths[index] - 2)
          }
        }
        x += widths[index] + 3
      }
    }
  }
}
