import StoreCore
import StoreManager
import TerminalUI

extension RedeemCodeSheet {
  /// Rows of the sheet besides the list, frame included.
  private static let fixedRows = 8

  /// Paints the sheet centred over `canvas`.
  static func render(
    _ sheet: RedeemCodeSheetState, snapshot: StoreSnapshot, in canvas: inout Canvas
  ) {
    let codes = snapshot.offerCodes
    // Two lines per code; at least room for one code or the "no codes" line.
    let room = max(2, canvas.size.height - 2 - fixedRows)
    let listHeight = min(max(2, codes.count * 2), room - room % 2)
    FieldSheetLayout.render(
      title: snapshot.localized("Redeem Code"), width: min(canvas.size.width - 4, 64),
      listHeight: listHeight,
      fixedRows: fixedRows, in: &canvas, field: { codeField(sheet, snapshot, in: &$0) },
      list: { list(sheet, codes: codes, snapshot, in: &$0) },
      footer: { phaseLines(sheet, snapshot: snapshot, y: $0, in: &$1) })
  }

  /// `Code: …▏`, showing the end of a code too long for the field.
  private static func codeField(
    _ sheet: RedeemCodeSheetState, _ snapshot: StoreSnapshot, in area: inout Canvas
  ) {
    TextFieldView.draw(
      label: snapshot.localized("Code: "), text: sheet.code, isEntering: sheet.isEntering,
      in: &area)
  }

  /// The catalog's codes, two lines each: the code and its product, then its terms and who may
  /// redeem it; the field's code is highlighted and kept in view.
  private static func list(
    _ sheet: RedeemCodeSheetState, codes: [OfferCode], _ snapshot: StoreSnapshot,
    in area: inout Canvas
  ) {
    guard !codes.isEmpty else {
      area.text(
        snapshot.localized("This app's catalog has no offer codes."), at: Point(x: 0, y: 0),
        role: .dim)
      return
    }
    let visible = max(1, area.size.height / 2)
    let first = max(0, (sheet.selected ?? 0) - visible + 1)
    let width = area.size.width
    for (row, index) in (first..<min(codes.count, first + visible)).enumerated() {
      let code = codes[index]
      let y = row * 2
      let selected = index == sheet.selected
      let base: StyleRole = selected ? .selection : .normal
      area.fill(Rect(x: 0, y: y, width: width, height: 2), role: base)
      area.raw(selected ? "▸" : " ", at: Point(x: 0, y: y), role: base)
      let nameWidth = DisplayWidth.of(code.productName)
      area.text(
        code.productName, at: Point(x: max(2, width - nameWidth), y: y),
        role: selected ? base : .title)
      area.text(
        code.referenceName, at: Point(x: 2, y: y), role: base,
        width: max(1, width - min(nameWidth, width / 2) - 3))
      // Who may redeem it follows the terms where both fit; the terms matter more.
      let full = "\(code.terms) · \(audienceWords(code, snapshot))"
      area.text(
        DisplayWidth.of(full) <= width - 2 ? full : code.terms, at: Point(x: 2, y: y + 1),
        role: selected ? base : .dim)
    }
  }

  private static func phaseLines(
    _ sheet: RedeemCodeSheetState, snapshot: StoreSnapshot, y: Int, in area: inout Canvas
  ) {
    let message: (String, StyleRole)
    let hint: String?
    switch sheet.phase {
    case .opening:
      message = (snapshot.localized("Opening the Redeem Code sheet…"), .warning)
      hint = nil
    case .entering:
      message =
        sheet.problem.map { ($0, .error) }
        ?? (snapshot.localized("Type a code, or pick one with ↑/↓."), .dim)
      hint = snapshot.localized("Enter to redeem · Esc to cancel")
    case .redeeming:
      message = (snapshot.localized("Redeeming “%@”…", sheet.code), .warning)
      hint = nil
    case .redeemed(let result):
      message = describe(result, sheet: sheet, snapshot: snapshot)
      hint = snapshot.localized("Enter or Esc to close")
    case .unavailable(let failure):
      message = (
        sentence(snapshot.localized("The sheet did not open: %@", "\(failure)")) + " "
          + snapshot.localized("Nothing changed."), .error
      )
      hint = snapshot.localized("Enter or Esc to close")
    }
    for (offset, line) in TextWrap.lines(message.0, width: max(1, area.size.width)).prefix(2)
      .enumerated()
    {
      area.text(line, at: Point(x: 0, y: y + offset), role: message.1)
    }
    if let hint { area.text(hint, at: Point(x: 0, y: y + 2), role: .keyHint) }
  }

  /// ``OfferCode/audienceWords`` in the UI's language: `new or expired`, `anyone`.
  static func audienceWords(_ code: OfferCode, _ snapshot: StoreSnapshot) -> String {
    let words = code.audienceKinds.map { snapshot.localized($0) }
    switch words.count {
    case 0: return snapshot.localized("anyone")
    case 1: return words[0]
    default: return snapshot.localized("%1$@ or %2$@", words[0], words[1])
    }
  }

  /// `text` ending in a full stop: StoreKit's own descriptions sometimes already have one.
  private static func sentence(_ text: String) -> String {
    text.hasSuffix(".") ? text : text + "."
  }

  /// A redemption's result in plain words, and how it reads.
  public static func describe(
    _ result: PurchaseState, sheet: RedeemCodeSheetState, snapshot: StoreSnapshot
  ) -> (String, StyleRole) {
    let text = snapshot.localized
    guard let code = sheet.redeeming else {
      return PurchaseSheet.describe(result, snapshot.locale)
    }
    switch result {
    case .succeeded(let id):
      if let date = sheet.renewalDate {
        return (
          text(
            "Redeemed. The offer applies from the next renewal on %1$@: %2$@.",
            DateText.day(date), code.terms), .success
        )
      }
      return (
        text("Redeemed: %1$@, %2$@ (transaction %3$@).", code.productName, code.terms, "\(id)"),
        .success
      )
    case .failed(.purchase(.ineligibleForOffer)):
      if let current = sheet.subscribedProductID, current != code.productID {
        return (
          text(
            "Not eligible: this account subscribes to %1$@; the code is for %2$@. Nothing changed.",
            snapshot.name(of: current), code.productName), .error
        )
      }
      return (
        text(
          "Not eligible: “%1$@” is for %2$@. Nothing changed.", code.referenceName,
          text(code.audience)), .error
      )
    case .failed(.purchase(.invalidOfferIdentifier)):
      return (
        text(
          "“%1$@” is not an offer code of %2$@. Nothing changed.", code.referenceName,
          code.productName), .error
      )
    case .failed(let failure):
      return (sentence(text("Failed: %@", "\(failure)")) + " " + text("Nothing changed."), .error)
    default:
      return PurchaseSheet.describe(result, snapshot.locale)
    }
  }
}
