import StoreCore
import StoreKit
import TerminalUI

/// The Customers screen's detail (`Enter` on a customer): the explainer's lines (access yes or
/// no, and why) and the timeline, in the wording of `storeterm customer`, scrollable.
public enum CustomerDetailView {
  /// The detail's keys; the screen keys and the shared ones follow.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "scroll up", group: "Customer",
      showsInHintBar: false, action: .move(-1)),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "scroll down", group: "Customer",
      showsInHintBar: false, action: .move(1)),
    KeyBinding(
      [.pageUp], description: "up a page", group: "Customer", showsInHintBar: false,
      action: .move(-10)),
    KeyBinding(
      [.pageDown], description: "down a page", group: "Customer", showsInHintBar: false,
      action: .move(10)),
    KeyBinding(
      [.home], description: "top", group: "Customer", showsInHintBar: false,
      action: .moveToFirst),
    KeyBinding(
      [.end], description: "bottom", group: "Customer", showsInHintBar: false,
      action: .moveToLast),
    KeyBinding(
      [.escape], description: "back to the customers", group: "Customer",
      action: .support(.close)),
  ])

  /// One line of the detail.
  public enum Line: Sendable, Equatable {
    /// Plain text in a role.
    case text(String, StyleRole)
    /// The access table's header.
    case accessHeader
    /// An explainer row: name, `yes`/`no`, sentence; whether it grants access.
    case access([String], hasAccess: Bool)
    /// The rest of an explainer sentence too long for its column, under the sentence.
    case accessMore(String)
    /// The timeline's header.
    case timelineHeader
    /// A timeline row: when, event name, and the label unless it has a line of its own.
    case timeline([String])
    /// A timeline label on its own line, below the event it names (narrow terminals).
    case timelineLabel(String)
  }

  /// The access table's columns.
  static let accessColumns: [TableView.Column] = [
    .init("Product", width: .fit(max: 26)), .init("Access", width: .fixed(6)),
    .init("Why", width: .flexible(min: 12)),
  ]

  /// The timeline's columns: the date, the whole event name, and the label in what is left.
  static let timelineColumns: [TableView.Column] = [
    .init("When (UTC)", width: .fixed(17)), .init("Event", width: .fit(max: 60)),
    .init("What", width: .flexible(min: 12)),
  ]

  /// Where a timeline label starts when it has a line of its own: under the event name.
  static let labelIndent = 19

  /// Whether the timeline's rows fit `width` on one line each with the event names whole;
  /// else each label goes on a line of its own, since the names are what support looks up.
  static func timelineFitsOneLine(_ rows: [[String]], width: Int) -> Bool {
    let name = rows.map { DisplayWidth.of($0[1]) }.max() ?? 0
    let label = rows.map { DisplayWidth.of($0[2]) }.max() ?? 0
    return 17 + 2 + name + 2 + min(label, 24) <= width
  }

  /// Every line of `detail` drawn `width` columns wide, top to bottom.
  public static func lines(_ detail: CustomerDetail, width: Int) -> [Line] {
    var lines: [Line] = [
      .text(
        SupportPresentation.header(
          customerID: detail.customerID, name: detail.name, email: detail.email,
          storefront: detail.storefront, familyGroup: detail.familyGroup), .title),
      .text(SupportPresentation.asOf(detail.asOf), .dim),
      .text("", .normal),
    ]
    if detail.explanations.isEmpty {
      lines.append(.text("No purchases.", .dim))
    } else {
      lines.append(.accessHeader)
      let rows = SupportPresentation.explanationRows(detail.explanations)
      let widths = TableView(columns: accessColumns, rows: rows).columnWidths(totalWidth: width)
      let room = max(12, width - widths[0] - widths[1] - 4)
      // The sentence is the answer support gives, so it wraps rather than being cut.
      for (row, line) in zip(rows, detail.explanations) {
        let parts = TextWrap.lines(row[2], width: room)
        lines.append(.access([row[0], row[1], parts.first ?? ""], hasAccess: line.hasAccess))
        lines += parts.dropFirst().map(Line.accessMore)
      }
    }
    lines.append(.text("", .normal))
    if detail.timeline.isEmpty {
      lines.append(.text("No events.", .dim))
    } else {
      lines.append(.timelineHeader)
      let rows = SupportPresentation.timelineRows(detail.timeline)
      if timelineFitsOneLine(rows, width: width) {
        lines += rows.map(Line.timeline)
      } else {
        lines += rows.flatMap { [Line.timeline(Array($0.prefix(2))), .timelineLabel($0[2])] }
      }
    }
    return lines
  }

  /// The rows of detail visible in a terminal of `size`: the body less the panel's frame.
  static func visibleHeight(_ size: Size) -> Int { max(1, size.height - 3 - 2) }

  /// The columns the detail's lines get in a terminal `width` wide: less the frame and margins.
  static func contentWidth(_ width: Int) -> Int { max(1, width - 4) }

  /// Paints `detail` scrolled by `scroll` lines into `canvas`.
  static func render(_ detail: CustomerDetail, scroll: Int, in canvas: inout Canvas) {
    let lines = lines(detail, width: contentWidth(canvas.size.width))
    let height = max(1, canvas.size.height - 2)
    let first = min(scroll, max(0, lines.count - height))
    let last = min(lines.count, first + height)
    var title = "Customer \(detail.customerID)"
    if lines.count > height { title += " · lines \(first + 1)–\(last) of \(lines.count)" }
    let inside = canvas.panel(canvas.bounds, title: title, focused: true)
    let area = inside.insetBy(dx: 1, dy: 0)
    let accessRows = SupportPresentation.explanationRows(detail.explanations)
    let accessWidths = TableView(columns: accessColumns, rows: accessRows)
      .columnWidths(totalWidth: area.width)
    let timelineRows = SupportPresentation.timelineRows(detail.timeline)
    let timelineWidths =
      timelineFitsOneLine(timelineRows, width: area.width)
      ? TableView(columns: timelineColumns, rows: timelineRows).columnWidths(totalWidth: area.width)
      : [17, area.width - labelIndent]
    canvas.within(area) { area in
      for (y, line) in lines[first..<last].enumerated() {
        switch line {
        case .text(let text, let role):
          area.text(text, at: Point(x: 0, y: y), role: role)
        case .accessHeader:
          paint(accessColumns.map(\.title), widths: accessWidths, roles: [.title], y: y, in: &area)
        case .access(let cells, let hasAccess):
          paint(
            cells, widths: accessWidths, roles: [.normal, hasAccess ? .success : .error, .normal],
            y: y, in: &area)
        case .accessMore(let text):
          let x = accessWidths[0] + accessWidths[1] + 4
          area.text(text, at: Point(x: x, y: y), role: .normal)
        case .timelineHeader:
          let titles = timelineColumns.map(\.title).prefix(timelineWidths.count)
          paint(Array(titles), widths: timelineWidths, roles: [.title], y: y, in: &area)
        case .timeline(let cells):
          paint(cells, widths: timelineWidths, roles: [.dim, .key, .normal], y: y, in: &area)
        case .timelineLabel(let label):
          area.text(label, at: Point(x: labelIndent, y: y), role: .normal)
        }
      }
    }
  }

  /// Paints one row's cells into columns of `widths`, two blanks apart; the last role given
  /// serves the remaining cells.
  private static func paint(
    _ cells: [String], widths: [Int], roles: [StyleRole], y: Int, in canvas: inout Canvas
  ) {
    var x = 0
    for (index, cell) in cells.enumerated() where index < widths.count {
      let width = min(widths[index], canvas.size.width - x)
      guard width > 0 else { break }
      canvas.text(
        cell, at: Point(x: x, y: y), width: width, alignment: .leading,
        role: roles[min(index, roles.count - 1)])
      x += widths[index] + 2
    }
  }
}
