import TerminalUI

/// The frame shared by the sheets where a value is typed or picked from a list (Join Family,
/// Redeem Code): the field on the first row, a rule, the list, a rule, then the sheet's lines.
enum FieldSheetLayout {
  /// Paints a `width`-column sheet titled `title` centred over `canvas`, `fixedRows` high
  /// besides its `listHeight`-row list; `footer` gets the row where its lines start.
  static func render(
    title: String, width: Int, listHeight: Int, fixedRows: Int, in canvas: inout Canvas,
    field: (inout Canvas) -> Void, list: (inout Canvas) -> Void,
    footer: (_ y: Int, _ area: inout Canvas) -> Void
  ) {
    let frame = canvas.bounds.centered(Size(width: width, height: listHeight + fixedRows))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(frame, title: title, role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      field(&area)
      area.rule(at: Point(x: 0, y: 1), width: area.size.width)
      area.within(Rect(x: 0, y: 2, width: area.size.width, height: listHeight), list)
      area.rule(at: Point(x: 0, y: 2 + listHeight), width: area.size.width)
      footer(3 + listHeight, &area)
    }
  }
}
