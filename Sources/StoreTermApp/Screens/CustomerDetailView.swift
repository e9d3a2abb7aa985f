import StoreCore
import StoreKit
import TerminalUI

/// The Customers screen's detail (`Enter` on a customer): the explainer's lines (access yes or
/// no, and why) and the timeline, the facts of `storeterm customer` worded in the UI's
/// language, scrollable.
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

  /// Whether the timeline's rows fit `width` on one line each with the event names and labels
  /// whole; else each label goes on lines of its own, wrapped, since a cut label hides the
  /// reason support is looking for.
  static func timelineFitsOneLine(_ rows: [[String]], width: Int) -> Bool {
    let name = rows.map { DisplayWidth.of($0[1]) }.max() ?? 0
    let label = rows.map { DisplayWidth.of($0[2]) }.max() ?? 0
    return 17 + 2 + name + 2 + label <= width
  }

  /// Every line of `detail` drawn `width` columns wide, top to bottom, in `snapshot`'s language.
  public static func lines(
    _ detail: CustomerDetail, width: Int, snapshot: StoreSnapshot = StoreSnapshot()
  ) -> [Line] {
    keyedLines(detail, width: width, snapshot: snapshot).map(\.line)
  }

  /// The access table's rows in `snapshot`'s language.
  static func accessRows(_ detail: CustomerDetail, _ snapshot: StoreSnapshot) -> [[String]] {
    SupportPresentation.explanationRows(detail.explanations, wording: snapshot.say)
  }

  /// The timeline's rows in `snapshot`'s language, dates as the screens write them.
  static func timelineRows(_ detail: CustomerDetail, _ snapshot: StoreSnapshot) -> [[String]] {
    SupportPresentation.timelineRows(
      detail.timeline, wording: snapshot.say, minute: DateText.minute)
  }

  /// The column titles of `columns` in `snapshot`'s language.
  static func titles(_ columns: [TableView.Column], _ snapshot: StoreSnapshot) -> [String] {
    columns.map { snapshot.localized($0.title) }
  }

  /// Every line with the item it belongs to (the header, one access row, one timeline event),
  /// numbered top to bottom the same at every width: what keeps the scroll on resize.
  static func keyedLines(_ detail: CustomerDetail, width: Int, snapshot: StoreSnapshot)
    -> [(line: Line, item: Int)]
  {
    var lines: [(line: Line, item: Int)] = []
    var item = 0
    func add(_ new: [Line]) {
      lines += new.map { ($0, item) }
      item += 1
    }
    // Sentences wrap: the header names the customer, and no part of it may be cut.
    let header = SupportPresentation.header(
      customerID: detail.customerID, name: detail.name, email: detail.email,
      storefront: detail.storefront, familyGroup: detail.familyGroup, wording: snapshot.say)
    add(TextWrap.lines(header, width: width).map { .text($0, .title) })
    let asOf = SupportPresentation.asOf(detail.asOf, wording: snapshot.say)
    add(TextWrap.lines(asOf, width: width).map { .text($0, .dim) })
    add([.text("", .normal)])
    if detail.explanations.isEmpty {
      add([.text(snapshot.localized("No purchases."), .dim)])
    } else {
      add([.accessHeader])
      let rows = accessRows(detail, snapshot)
      let widths = TableView(columns: accessColumns, rows: rows).columnWidths(totalWidth: width)
      let room = max(12, width - widths[0] - widths[1] - 4)
      // The sentence is the answer support gives, so it wraps rather than being cut.
      for (row, line) in zip(rows, detail.explanations) {
        let parts = TextWrap.lines(row[2], width: room)
        add(
          [.access([row[0], row[1], parts.first ?? ""], hasAccess: line.hasAccess)]
            + parts.dropFirst().map(Line.accessMore))
      }
    }
    add([.text("", .normal)])
    if detail.timeline.isEmpty {
      add([.text(snapshot.localized("No events."), .dim)])
    } else {
      add([.timelineHeader])
      let rows = timelineRows(detail, snapshot)
      if timelineFitsOneLine(rows, width: width) {
        for row in rows { add([.timeline(row)]) }
      } else {
        let room = max(12, width - labelIndent)
        for row in rows {
          add(
            [.timeline(Array(row.prefix(2)))]
              + TextWrap.lines(row[2], width: room).map(Line.timelineLabel))
        }
      }
    }
    return lines
  }

  /// The scroll that shows, at `newWidth`, the item shown first at `oldWidth` with `scroll`.
  static func rescroll(
    _ scroll: Int, _ detail: CustomerDetail, fromWidth oldWidth: Int, toWidth newWidth: Int,
    snapshot: StoreSnapshot
  ) -> Int {
    let old = keyedLines(detail, width: oldWidth, snapshot: snapshot)
    guard scroll > 0, !old.isEmpty else { return 0 }
    let item = old[min(scroll, old.count - 1)].item
    return keyedLines(detail, width: newWidth, snapshot: snapshot).firstIndex { $0.item == item }
      ?? 0
  }

  /// The rows of detail visible in a terminal of `size`: the body less the panel's frame.
  static func visibleHeight(_ size: Size) -> Int { max(1, size.height - 3 - 2) }

  /// The columns the detail's lines get in a terminal `width` wide: less the frame and margins.
  public static func contentWidth(_ width: Int) -> Int { max(1, width - 4) }

  /// Paints `detail` scrolled by `scroll` lines into `canvas`.
  static func render(
    _ detail: CustomerDetail, scroll: Int, snapshot: StoreSnapshot, in canvas: inout Canvas
  ) {
    let lines = lines(detail, width: contentWidth(canvas.size.width), snapshot: snapshot)
    let height = max(1, canvas.size.height - 2)
    let first = min(scroll, max(0, lines.count - height))
    let last = min(lines.count, first + height)
    let title = snapshot.localized("Customer %@", detail.customerID)
    let inside = canvas.panel(canvas.bounds, title: title, focused: true)
    ScrollMarks(
      offset: first, height: height, count: lines.count, more: snapshot.localized("%@ more")
    )
    .render(onFrame: canvas.bounds, in: &canvas)
    let area = inside.insetBy(dx: 1, dy: 0)
    let accessRows = accessRows(detail, snapshot)
    let accessWidths = TableView(columns: accessColumns, rows: accessRows)
      .columnWidths(totalWidth: area.width)
    let timelineRows = timelineRows(detail, snapshot)
    let timelineWidths =
      timelineFitsOneLine(timelineRows, width: area.width)
      ? TableView(columns: timelineColumns, rows: timelineRows).columnWidths(totalWidth: area.width)
      : [17, area.width - labelIndent]
    canvas.within(area) { area in
      for (y, line) in lines[first..<last].enumerated() {
        switch line {
        case .text(let text, let role):
          area.raw(text, at: Point(x: 0, y: y), role: role)
        case .accessHeader:
          paint(
            titles(accessColumns, snapshot), widths: accessWidths, roles: [.title], y: y,
            in: &area)
        case .access(let cells, let hasAccess):
          paint(
            cells, widths: accessWidths, roles: [.normal, hasAccess ? .success : .error, .normal],
            y: y, in: &area)
        case .accessMore(let text):
          let x = accessWidths[0] + accessWidths[1] + 4
          area.raw(text, at: Point(x: x, y: y), role: .normal)
        case .timelineHeader:
          let titles = titles(timelineColumns, snapshot).prefix(timelineWidths.count)
          paint(Array(titles), widths: timelineWidths, roles: [.title], y: y, in: &area)
        case .timeline(let cells):
          paint(cells, widths: timelineWidths, roles: [.dim, .key, .normal], y: y, in: &area)
        case .timelineLabel(let label):
          area.raw(label, at: Point(x: labelIndent, y: y), role: .normal)
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
