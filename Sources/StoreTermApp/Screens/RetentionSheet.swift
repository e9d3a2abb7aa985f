import StoreCore
import TerminalUI

/// The App Store's retention message, open over the account screen while the customer turns
/// auto-renew off: what the developer chose (or the default message), and its offer.
public struct RetentionSheetState: Hashable, Sendable {
  /// Where the sheet stands.
  public enum Phase: Hashable, Sendable {
    /// The App Store is asking the developer's endpoint.
    case asking
    /// The message is shown; the customer decides.
    case showing(RetentionOffer)
    /// The customer took the offer; the App Store is applying it.
    case taking(RetentionOffer)
    /// Taking the offer ended: the transaction it made, or why it failed.
    case finished(RetentionSheetAction.Taken)
  }

  /// The subscription's transaction whose auto-renew is going off.
  public var transactionID: UInt64
  /// Its product.
  public var productID: String
  /// Where the sheet stands.
  public var phase: Phase = .asking

  /// Creates a sheet waiting for the App Store's message.
  public init(transactionID: UInt64, productID: String) {
    self.transactionID = transactionID
    self.productID = productID
  }

  /// The offer shown, while it is.
  var offer: RetentionOffer? {
    switch phase {
    case .showing(let offer), .taking(let offer): offer
    case .asking, .finished: nil
    }
  }
}

/// What the customer (or the runner's answer) does in the retention sheet.
public enum RetentionSheetAction: Sendable, Equatable {
  /// How taking the offer ended.
  public enum Taken: Sendable, Hashable {
    /// The App Store made (or kept) this product's transaction.
    case product(String)
    /// It refused, with this reason.
    case failed(String)
  }

  /// The App Store's message, or nil when it has none to show.
  case shown(RetentionOffer?)
  /// `Enter`: the customer goes on; auto-renew goes off.
  case turnOff
  /// `t`: the customer takes the offer.
  case takeOffer
  /// `Esc`: the customer keeps the subscription as it is (or closes the result).
  case keep
  /// The App Store applied the offer, or could not.
  case taken(Taken)
}

/// The retention sheet: the message, its image's alternative text and bullet points, the
/// offer, and the customer's three ways out.
public enum RetentionSheet {
  /// The sheet's keys; while it is open no other screen key works.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.enter], description: "turn off auto-renew", group: "Retention",
      disabledReason: notShowing, action: .retention(.turnOff)),
    KeyBinding(
      [.char("t")], description: "take the offer", group: "Retention",
      disabledReason: noOffer, action: .retention(.takeOffer)),
    KeyBinding(
      [.escape], description: "keep the subscription", group: "Retention",
      disabledReason: busy, action: .retention(.keep)),
  ])

  private static func busy(_ state: AppState) -> String? {
    switch state.retentionSheet?.phase {
    case .asking, .taking: "the App Store is answering"
    default: nil
    }
  }

  private static func notShowing(_ state: AppState) -> String? {
    if let reason = busy(state) { return reason }
    if case .showing = state.retentionSheet?.phase { return nil }
    if case .finished = state.retentionSheet?.phase { return nil }
    return "no retention message is shown"
  }

  private static func noOffer(_ state: AppState) -> String? {
    if let reason = busy(state) { return reason }
    guard case .showing(let offer) = state.retentionSheet?.phase,
      offer.proposal != .message
    else { return "the message offers nothing to take" }
    return nil
  }

  /// Opens the sheet for the account screen's selected subscription and asks the App Store
  /// for its message.
  static func open(_ state: inout AppState) -> [AppEffect] {
    guard state.modal == nil, let record = AccountScreen.selectedRecord(state) else { return [] }
    state.retentionSheet = RetentionSheetState(
      transactionID: record.id, productID: record.productID)
    return [.retentionOffer(transactionID: record.id)]
  }

  /// Applies a sheet action.
  static func update(_ state: inout AppState, _ action: RetentionSheetAction) -> [AppEffect] {
    guard var sheet = state.retentionSheet else { return [] }
    let id = sheet.transactionID
    switch (action, sheet.phase) {
    case (.shown(nil), .asking):
      // Nothing to show: auto-renew goes off as it would without retention messaging.
      state.retentionSheet = nil
      return [.manage(.autoRenewOff, transactionID: id)]
    case (.shown(let offer?), .asking):
      sheet.phase = .showing(offer)
    case (.turnOff, .showing):
      state.retentionSheet = nil
      return [.manage(.autoRenewOff, transactionID: id)]
    case (.takeOffer, .showing(let offer)) where offer.proposal != .message:
      sheet.phase = .taking(offer)
      state.retentionSheet = sheet
      return [.takeRetentionOffer(offer, transactionID: id)]
    case (.keep, .showing):
      state.retentionSheet = nil
      state.toast = Toast(state.snapshot.localized("Auto-renew stays on; nothing changed."))
      return []
    case (.taken(let taken), .taking):
      sheet.phase = .finished(taken)
    case (.turnOff, .finished), (.keep, .finished):
      state.retentionSheet = nil
      return []
    default:
      return []
    }
    state.retentionSheet = sheet
    return []
  }

  /// The lines of the message and its offer, as the sheet shows them.
  static func lines(_ offer: RetentionOffer, snapshot: StoreSnapshot) -> [(String, StyleRole)] {
    let message = offer.message
    var lines: [(String, StyleRole)] = [(message.header, .title), (message.body, .normal)]
    if let image = message.image {
      lines.append((snapshot.localized("[image: %@]", image.altText), .dim))
    }
    for point in message.bulletPoints { lines.append(("• " + point.text, .normal)) }
    switch offer.proposal {
    case .message:
      break
    case .alternateProduct(let productID, _):
      lines.append(
        (snapshot.localized("Offer: switch to %@", snapshot.name(of: productID)), .success))
    case .promotionalOffer(let productID, let offerID):
      lines.append(
        (
          snapshot.localized("Offer: %1$@ on %2$@", offerID, snapshot.name(of: productID)),
          .success
        ))
    }
    return lines
  }

  /// Paints the sheet centred over `canvas`.
  static func render(
    _ sheet: RetentionSheetState, snapshot: StoreSnapshot, in canvas: inout Canvas
  ) {
    let width = min(canvas.size.width - 4, 64)
    let frame = canvas.bounds.centered(Size(width: width, height: 14))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(
      frame, title: snapshot.localized("Before You Cancel"), role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      let width = max(1, area.size.width)
      area.text(snapshot.name(of: sheet.productID), at: Point(x: 0, y: 0), role: .title)
      area.rule(at: Point(x: 0, y: 1), width: width)
      var y = 2
      func show(_ text: String, _ role: StyleRole, limit: Int = 3) {
        for line in TextWrap.lines(text, width: width).prefix(limit) where y < 10 {
          area.text(line, at: Point(x: 0, y: y), role: role)
          y += 1
        }
      }
      switch sheet.phase {
      case .asking:
        show(snapshot.localized("The App Store is preparing your options…"), .warning)
      case .showing(let offer), .taking(let offer):
        for (line, role) in lines(offer, snapshot: snapshot) { show(line, role) }
      case .finished(.product(let productID)):
        show(
          snapshot.localized("Offer taken: %@ continues.", snapshot.name(of: productID)), .success)
      case .finished(.failed(let reason)):
        show(snapshot.localized("The offer could not be taken: %@", reason), .error)
      }
      let hint: String
      switch sheet.phase {
      case .asking, .taking: hint = ""
      case .showing(let offer) where offer.proposal != .message:
        hint = snapshot.localized("t to take the offer · Enter to turn off · Esc to keep")
      case .showing:
        hint = snapshot.localized("Enter to turn off auto-renew · Esc to keep")
      case .finished:
        hint = snapshot.localized("Enter or Esc to close")
      }
      area.text(hint, at: Point(x: 0, y: 11), role: .keyHint)
    }
  }
}
