/// The full list of keys (`?`): a framed overlay, grouped, with disabled keys dimmed and their
/// reasons shown.
public struct HelpOverlay: Hashable, Sendable {
  /// The sections shown (usually ``Keymap/helpSections(in:)``).
  public var sections: [HelpSection]
  /// The frame's title.
  public var title: String

  /// Creates an overlay.
  public init(sections: [HelpSection], title: String = "Keys") {
    self.sections = sections
    self.title = title
  }

  private enum Line {
    case heading(String)
    case gap
    case entry(HelpEntry)
  }

  private var content: [Line] {
    var lines: [Line] = []
    for (index, section) in sections.enumerated() {
      if index > 0 { lines.append(.gap) }
      lines.append(.heading(section.title))
      lines += section.entries.map(Line.entry)
    }
    return lines
  }

  private var labelWidth: Int {
    sections.flatMap(\.entries).map { DisplayWidth.of($0.label) }.max() ?? 0
  }

  private func describe(_ entry: HelpEntry) -> String {
    guard let reason = entry.disabledReason else { return entry.description }
    return "\(entry.description) — \(reason)"
  }

  /// Paints the overlay centred over whatever `canvas` holds, clearing the area beneath it.
  public func render(in canvas: inout Canvas) {
    let lines = content
    let labelWidth = self.labelWidth
    let widest =
      lines.map { line -> Int in
        switch line {
        case .heading(let text): DisplayWidth.of(text)
        case .gap: 0
        case .entry(let entry): labelWidth + 2 + DisplayWidth.of(describe(entry))
        }
      }.max() ?? 0
    let frame = canvas.bounds.centered(
      Size(width: max(widest, DisplayWidth.of(title) + 3) + 4, height: lines.count + 2))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(frame, title: title, role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      for (y, line) in lines.enumerated() where y < area.size.height {
        switch line {
        case .heading(let text):
          area.text(text, at: Point(x: 0, y: y), role: .title)
        case .gap:
          break
        case .entry(let entry):
          let disabled = entry.disabledReason != nil
          area.text(
            entry.label, at: Point(x: 0, y: y), role: disabled ? .keyHintDisabled : .key,
            width: labelWidth)
          area.text(
            describe(entry), at: Point(x: labelWidth + 2, y: y),
            role: disabled ? .keyHintDisabled : .keyHint)
        }
      }
    }
  }
}
