import StoreCore
import TerminalUI

/// Why the customer asks for their money back: the choices of the App Store's refund sheet.
public enum RefundReason: Int, CaseIterable, Sendable, Hashable {
  /// The purchase was a mistake.
  case unintended
  /// A child or another family member bought it without permission.
  case unauthorized
  /// The customer meant to buy something else.
  case wrongItem
  /// The item did not arrive or did not work as expected.
  case notWorking
  /// Anything else.
  case other

  /// The words the sheet shows, as a ``UIText`` key.
  public var label: String {
    switch self {
    case .unintended: "I didn't mean to make this purchase"
    case .unauthorized: "A family member bought it without permission"
    case .wrongItem: "I meant to buy something else"
    case .notWorking: "It didn't arrive or didn't work as expected"
    case .other: "Other"
    }
  }

  /// The reason the App Store sends the developer in `CONSUMPTION_REQUEST`; an item that did
  /// not work is later refunded for an issue with the app (`REFUNDED_DUE_TO_ISSUE`).
  public var consumptionRequestReason: ConsumptionRequestReason {
    switch self {
    case .unintended, .wrongItem: .unintendedPurchase
    case .notWorking: .fulfillmentIssue
    case .unauthorized, .other: .other
    }
  }
}

/// The refund request sheet, open over the account screen (`Transaction.beginRefundRequest`).
public struct RefundSheetState: Hashable, Sendable {
  /// Where the sheet stands.
  public enum Phase: Hashable, Sendable {
    /// The customer picks a reason.
    case choosing
    /// The App Store is handling the request.
    case requesting
    /// The request ended with this sentence; `isError` when nothing changed because it failed.
    case finished(message: String, isError: Bool)
  }

  /// The transaction to refund.
  public var transactionID: UInt64
  /// Its product.
  public var productID: String
  /// The chosen reason.
  public var reason: RefundReason = .unintended
  /// Where the sheet stands.
  public var phase: Phase = .choosing

  /// Creates a sheet for a transaction.
  public init(transactionID: UInt64, productID: String) {
    self.transactionID = transactionID
    self.productID = productID
  }
}

/// What the user (or the runner's answer) does to the refund request sheet.
public enum RefundSheetAction: Sendable, Equatable {
  /// `f` on the account screen: opens the sheet for the selected transaction.
  case open
  /// `↑`/`↓`: picks another reason.
  case move(Int)
  /// `Enter`: submits the request (or closes the result).
  case confirm
  /// `Esc`: the customer cancels (`userCancelled`), or closes the result.
  case cancel
  /// The App Store answered.
  case finished(message: String, isError: Bool)
}

/// The refund request sheet: the transaction, a reason to pick, and the App Store's answer.
public enum RefundSheet {
  /// The sheet's keys; while it is open no other screen key works.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.enter], description: "submit", group: "Refund request", disabledReason: busy,
      action: .refund(.confirm)),
    KeyBinding(
      [.escape], description: "cancel", group: "Refund request", disabledReason: busy,
      action: .refund(.cancel)),
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "previous reason", group: "Refund request",
      showsInHintBar: false, disabledReason: notChoosing, action: .refund(.move(-1))),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "next reason", group: "Refund request",
      showsInHintBar: false, disabledReason: notChoosing, action: .refund(.move(1))),
  ])

  private static func busy(_ state: AppState) -> String? {
    state.refundSheet?.phase == .requesting ? "the App Store is answering" : nil
  }

  private static func notChoosing(_ state: AppState) -> String? {
    busy(state) ?? (state.refundSheet?.phase == .choosing ? nil : "the request was already sent")
  }

  /// Why `f` cannot open the sheet for the selected transaction, or nil.
  static func openBlocked(_ state: AppState) -> String? {
    ManageRules.blocked(
      .refund, record: ManageRules.selectedRecord(state), snapshot: state.snapshot,
      readOnly: state.readOnly)
  }

  /// Applies a sheet action.
  static func update(_ state: inout AppState, _ action: RefundSheetAction) -> [AppEffect] {
    if case .open = action {
      guard state.modal == nil, let record = ManageRules.selectedRecord(state) else {
        return []
      }
      state.refundSheet = RefundSheetState(transactionID: record.id, productID: record.productID)
      return []
    }
    guard var sheet = state.refundSheet else { return [] }
    switch (action, sheet.phase) {
    case (.move(let delta), .choosing):
      let count = RefundReason.allCases.count
      sheet.reason = RefundReason(rawValue: min(max(sheet.reason.rawValue + delta, 0), count - 1))!
    case (.confirm, .choosing):
      sheet.phase = .requesting
      state.refundSheet = sheet
      return [.requestRefund(transactionID: sheet.transactionID, reason: sheet.reason)]
    case (.cancel, .choosing):
      // `beginRefundRequest` answers `.userCancelled`; nothing is sent.
      state.refundSheet = nil
      state.toast = Toast(
        state.snapshot.localized("Refund request cancelled (userCancelled); nothing changed."))
      return []
    case (.finished(let message, let isError), .requesting):
      sheet.phase = .finished(message: message, isError: isError)
    case (.confirm, .finished), (.cancel, .finished):
      state.refundSheet = nil
      return []
    default:
      return []
    }
    state.refundSheet = sheet
    return []
  }

  /// Paints the sheet centred over `canvas`.
  static func render(_ sheet: RefundSheetState, snapshot: StoreSnapshot, in canvas: inout Canvas) {
    let reasons = RefundReason.allCases
    let width = min(canvas.size.width - 4, 64)
    let frame = canvas.bounds.centered(Size(width: width, height: reasons.count + 10))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(
      frame, title: snapshot.localized("Request a Refund"), role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      let width = area.size.width
      area.text(snapshot.name(of: sheet.productID), at: Point(x: 0, y: 0), role: .title)
      let id = snapshot.localized("transaction %@", "\(sheet.transactionID)")
      area.text(id, at: Point(x: max(0, width - DisplayWidth.of(id)), y: 0), role: .dim)
      area.text(
        snapshot.localized("Account: %@", snapshot.customerID), at: Point(x: 0, y: 1), role: .normal
      )
      area.rule(at: Point(x: 0, y: 2), width: width)
      let choosing = sheet.phase == .choosing
      for (offset, reason) in reasons.enumerated() {
        let y = 3 + offset
        let selected = reason == sheet.reason
        let role: StyleRole = selected ? (choosing ? .selection : .selectionInactive) : .normal
        area.fill(Rect(x: 0, y: y, width: width, height: 1), role: role)
        area.raw(selected ? "▸" : " ", at: Point(x: 0, y: y), role: role)
        area.text(snapshot.localized(reason.label), at: Point(x: 2, y: y), role: role)
      }
      area.rule(at: Point(x: 0, y: 3 + reasons.count), width: width)
      let y = 4 + reasons.count
      switch sheet.phase {
      case .choosing:
        area.text(
          snapshot.localized("Enter to submit · Esc to cancel"), at: Point(x: 0, y: y + 1),
          role: .keyHint)
      case .requesting:
        area.text(snapshot.localized("Requesting a refund…"), at: Point(x: 0, y: y), role: .warning)
      case .finished(let message, let isError):
        for (offset, line) in TextWrap.lines(message, width: max(1, width)).prefix(3).enumerated() {
          area.text(line, at: Point(x: 0, y: y + offset), role: isError ? .error : .success)
        }
        area.text(
          snapshot.localized("Enter or Esc to close"), at: Point(x: 0, y: y + 3), role: .keyHint)
      }
    }
  }
}
