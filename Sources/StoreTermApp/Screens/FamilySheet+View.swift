import StoreCore
import TerminalUI

extension FamilySheet {
  /// Rows of the sheet besides the list, frame included.
  private static let fixedRows = 8

  /// Paints the Join Family sheet centred over `canvas`.
  static func render(_ sheet: FamilySheetState, snapshot: StoreSnapshot, in canvas: inout Canvas) {
    let groups = snapshot.family.groups
    let room = max(1, canvas.size.height - 2 - fixedRows)
    let listHeight = min(max(1, groups.count), room)
    FieldSheetLayout.render(
      title: snapshot.localized("Join Family"), width: min(canvas.size.width - 4, 56),
      listHeight: listHeight,
      fixedRows: fixedRows, in: &canvas, field: { nameField(sheet, snapshot, in: &$0) },
      list: { list(sheet, groups: groups, snapshot, in: &$0) },
      footer: { messageLines(sheet, snapshot, y: $0, in: &$1) })
  }

  /// `Family group: …▏`, showing the end of a name too long for the field.
  private static func nameField(
    _ sheet: FamilySheetState, _ snapshot: StoreSnapshot, in area: inout Canvas
  ) {
    TextFieldView.draw(
      label: snapshot.localized("Family group: "), text: sheet.name,
      isEntering: sheet.isEntering, in: &area)
  }

  /// The ledger's groups, one line each with how full they are; the field's group is
  /// highlighted and kept in view.
  private static func list(
    _ sheet: FamilySheetState, groups: [FamilyStatus.Group], _ snapshot: StoreSnapshot,
    in area: inout Canvas
  ) {
    guard !groups.isEmpty else {
      area.text(snapshot.localized("No family groups yet."), at: Point(x: 0, y: 0), role: .dim)
      return
    }
    let visible = max(1, area.size.height)
    let first = max(0, (sheet.selected ?? 0) - visible + 1)
    let width = area.size.width
    for (y, index) in (first..<min(groups.count, first + visible)).enumerated() {
      let group = groups[index]
      let selected = index == sheet.selected
      let base: StyleRole = selected ? .selection : .normal
      area.fill(Rect(x: 0, y: y, width: width, height: 1), role: base)
      area.raw(selected ? "▸" : " ", at: Point(x: 0, y: y), role: base)
      let full = group.memberCount >= FamilyStatus.limit
      let size =
        snapshot.localized("%1$@ of %2$@", "\(group.memberCount)", "\(FamilyStatus.limit)")
        + (full ? " · " + snapshot.localized("full") : "")
      let sizeWidth = DisplayWidth.of(size)
      area.text(
        size, at: Point(x: max(2, width - sizeWidth), y: y),
        role: selected ? base : full ? .warning : .dim)
      area.text(
        group.name, at: Point(x: 2, y: y), role: base, width: max(1, width - sizeWidth - 3))
    }
  }

  private static func messageLines(
    _ sheet: FamilySheetState, _ snapshot: StoreSnapshot, y: Int, in area: inout Canvas
  ) {
    let message: (String, StyleRole)
    switch sheet.phase {
    case .entering:
      message =
        sheet.problem.map { ($0, .error) }
        ?? (snapshot.localized("Type a name to start a group, or pick one with ↑/↓."), .dim)
    case .joining:
      message = (
        snapshot.localized("Joining family group %1$@ as %2$@…", sheet.name, snapshot.customerID),
        .warning
      )
    }
    for (offset, line) in TextWrap.lines(message.0, width: max(1, area.size.width)).prefix(2)
      .enumerated()
    {
      area.text(line, at: Point(x: 0, y: y + offset), role: message.1)
    }
    if sheet.isEntering {
      area.text(
        snapshot.localized("Enter to join · Esc to cancel"), at: Point(x: 0, y: y + 2),
        role: .keyHint)
    }
  }

  /// The App Store's refusal as the screen shows it: the engine's sentence, then "Nothing
  /// changed".
  ///
  /// The engine words it as a lower-case clause, as the command line prints it after `error:`;
  /// the screen capitalizes it and ends it with a full stop.
  public static func refusal(_ reason: String, _ snapshot: StoreSnapshot = StoreSnapshot())
    -> String
  {
    let nothing = snapshot.localized("Nothing changed.")
    guard let first = reason.first else { return nothing }
    let sentence = first.uppercased() + reason.dropFirst()
    return (sentence.hasSuffix(".") ? sentence : sentence + ".") + " " + nothing
  }

  /// The "leave the family?" question.
  static func leaveDialog(_ state: AppState) -> Dialog {
    let snapshot = state.snapshot
    let group = snapshot.family.group ?? "?"
    return Dialog(
      title: snapshot.localized("Leave Family?"),
      message: snapshot.localized(
        "Leave family %1$@? Purchases shared with %2$@ and theirs with the family are revoked.",
        group, snapshot.customerID),
      buttons: [snapshot.localized("y Leave"), snapshot.localized("n Stay")], focusedButton: 0,
      messageRole: .warning)
  }
}
