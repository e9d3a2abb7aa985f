import TerminalUI

/// The key help (`?`): from 100 columns laid out in as many columns as the terminal's height
/// needs; below that in one column whose descriptions wrap, scrolled with marks on the frame
/// where it does not fit (60×18 is readable, never cut).
///
/// It shows the same ``HelpSection``s as TerminalUI's single-column `HelpOverlay`, which the
/// transaction manager's twenty-odd keys overflow.
struct HelpView {
  /// The sections, from ``Keymap/helpSections(in:)``.
  var sections: [HelpSection]
  /// The frame's title, `Keys` in English.
  var title = "Keys"
  /// Lines the one-column layout is scrolled down by (clamped when painted).
  var scroll = 0
  /// The scroll marks' words (see ``ScrollMarks/more``).
  var more = "%@ more"

  /// Below this width the help is one column.
  static let columnsFrom = 100

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
    if canvas.size.width < Self.columnsFrom {
      renderOneColumn(in: &canvas)
      return
    }
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

  /// One line of the one-column layout: a heading, a key with the start of its description,
  /// or the rest of a description under its start.
  private enum WrappedLine {
    case heading(String)
    case key(HelpEntry, String)
    case more(String, disabled: Bool)
  }

  /// The one-column layout's lines when descriptions get `width` columns after the labels.
  private func wrappedLines(width: Int, labelWidth: Int) -> [WrappedLine] {
    var lines: [WrappedLine] = []
    for (index, section) in sections.enumerated() {
      if index > 0 { lines.append(.heading("")) }
      lines.append(.heading(section.title))
      for entry in section.entries {
        let parts = TextWrap.lines(Self.describe(entry), width: max(1, width - labelWidth - 2))
        lines.append(.key(entry, parts.first ?? ""))
        lines += parts.dropFirst().map { .more($0, disabled: entry.disabledReason != nil) }
      }
    }
    return lines
  }

  /// How many lines the one-column layout has in a terminal of `size`, for scrolling.
  func lineCount(in size: Size) -> Int {
    let width = max(1, size.width - 4)
    return wrappedLines(width: width, labelWidth: labelWidth(width: width)).count
  }

  private func labelWidth(width: Int) -> Int {
    min(width / 3, sections.flatMap(\.entries).map { DisplayWidth.of($0.label) }.max() ?? 0)
  }

  private func renderOneColumn(in canvas: inout Canvas) {
    let width = max(1, canvas.size.width - 4)
    let labelWidth = labelWidth(width: width)
    let lines = wrappedLines(width: width, labelWidth: labelWidth)
    TextOverlay.renderPanel(
      lineCount: lines.count, width: width, scroll: scroll, title: title, more: more, in: &canvas
    ) { area, y, index in
      switch lines[index] {
      case .heading(let text):
        area.raw(text, at: Point(x: 0, y: y), role: .title)
      case .key(let entry, let text):
        let disabled = entry.disabledReason != nil
        area.text(
          entry.label, at: Point(x: 0, y: y), role: disabled ? .keyHintDisabled : .key,
          width: labelWidth)
        area.raw(
          text, at: Point(x: labelWidth + 2, y: y), role: disabled ? .keyHintDisabled : .keyHint)
      case .more(let text, let disabled):
        area.raw(
          text, at: Point(x: labelWidth + 2, y: y), role: disabled ? .keyHintDisabled : .keyHint)
      }
    }
  }
}
