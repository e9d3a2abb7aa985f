import TerminalUI

/// A sheet's one-line text field: a dim label, then the text (its end, after `…`, when it is
/// too long for the row) and a cursor while the user can type.
enum TextFieldView {
  /// Draws `label` and `text` on the first row of `area`.
  static func draw(label: String, text: String, isEntering: Bool, in area: inout Canvas) {
    let x = area.raw(label, at: Point(x: 0, y: 0), role: .dim)
    let room = area.size.width - x - 1
    var shown = text
    if DisplayWidth.of(shown) > room {
      while DisplayWidth.of(shown) > room - 1, !shown.isEmpty { shown.removeFirst() }
      shown = "…" + shown
    }
    let typed = area.raw(shown, at: Point(x: x, y: 0), role: isEntering ? .key : .normal)
    if isEntering { area.raw("▏", at: Point(x: x + typed, y: 0), role: .key) }
  }
}
