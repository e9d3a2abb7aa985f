import StoreCore
import StoreKit
import StoreManager
import TerminalUI

/// The purchase sheet, open over the paywall.
public struct PurchaseSheetState: Hashable, Sendable {
  /// Where the sheet stands.
  public enum Phase: Hashable, Sendable {
    /// Waiting for Enter (buy) or Esc (cancel).
    case confirming
    /// The App Store is handling the purchase.
    case purchasing
    /// The purchase ended in this state.
    case result(PurchaseState)
  }

  /// The product being bought.
  public var productID: String
  /// The position of the chosen QA outcome in ``ForcedOutcome/choices``.
  public var outcomeIndex = 0
  /// Where the sheet stands.
  public var phase: Phase = .confirming
  /// The intro offer shown when the sheet opened (eligibility ends with the purchase, and the
  /// sheet keeps showing what was bought).
  public var offer: String?
  /// The price terms shown when the sheet opened.
  public var terms: String
  /// The promotional and win-back offers the customer could buy with when the sheet opened.
  public var offers: [String]
  /// The one of `offers` chosen with `o`; nil buys without (the introductory offer rule).
  public var chosenOffer: String?

  /// Creates a sheet for `productID` with the offer and terms the customer was shown.
  public init(productID: String, offer: String? = nil, terms: String = "", offers: [String] = []) {
    self.productID = productID
    self.offer = offer
    self.terms = terms
    self.offers = offers
  }

  /// The chosen QA outcome.
  public var outcome: ForcedOutcome { ForcedOutcome.choices[outcomeIndex] }
}

/// The purchase sheet (a modal over the paywall, like the App Store's): product, price and
/// terms, account, offer, and QA's row forcing the outcome.
public enum PurchaseSheet {
  /// The sheet's keys; while it is open no other screen key works.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.enter], description: "confirm", group: "Purchase sheet",
      disabledReason: { $0.sheet?.phase == .purchasing ? "the App Store is answering" : nil },
      action: .purchaseSheet(.confirm)),
    KeyBinding(
      [.escape], description: "cancel", group: "Purchase sheet",
      disabledReason: { $0.sheet?.phase == .purchasing ? "the App Store is answering" : nil },
      action: .purchaseSheet(.cancel)),
    KeyBinding(
      [.left, .char("h")], label: "←/h", description: "previous outcome",
      group: "Purchase sheet", disabledReason: outcomeLocked,
      action: .purchaseSheet(.moveOutcome(-1))),
    KeyBinding(
      [.right, .char("l")], label: "→/l", description: "next outcome", group: "Purchase sheet",
      disabledReason: outcomeLocked, action: .purchaseSheet(.moveOutcome(1))),
    KeyBinding(
      [.char("o")], description: "next offer", group: "Purchase sheet",
      disabledReason: { state in
        outcomeLocked(state) ?? (state.sheet?.offers.isEmpty == false ? nil : "no offer available")
      }, action: .purchaseSheet(.nextOffer)),
  ])

  private static func outcomeLocked(_ state: AppState) -> String? {
    state.sheet?.phase == .confirming ? nil : "the purchase was already sent"
  }

  /// Applies a sheet action.
  static func update(_ state: inout AppState, _ action: PurchaseSheetAction) -> [AppEffect] {
    guard var sheet = state.sheet else { return [] }
    switch (action, sheet.phase) {
    case (.moveOutcome(let delta), .confirming):
      let count = ForcedOutcome.choices.count
      sheet.outcomeIndex = (sheet.outcomeIndex + delta % count + count) % count
      state.sheet = sheet
      return []
    case (.nextOffer, .confirming):
      // None, then each available offer in turn, then none again.
      let next = sheet.chosenOffer.flatMap(sheet.offers.firstIndex).map { $0 + 1 } ?? 0
      sheet.chosenOffer = next < sheet.offers.count ? sheet.offers[next] : nil
      state.sheet = sheet
      return []
    case (.confirm, .confirming):
      sheet.phase = .purchasing
      state.sheet = sheet
      return [
        .purchase(productID: sheet.productID, outcome: sheet.outcome, offer: sheet.chosenOffer)
      ]
    case (.cancel, .confirming):
      // Closing the sheet is the customer cancelling: StoreKit answers userCancelled.
      state.sheet = nil
      return [.purchase(productID: sheet.productID, outcome: .cancelled)]
    case (.confirm, .result(let result)), (.cancel, .result(let result)):
      state.sheet = nil
      return result == .pending ? [] : [.dismissPurchase(productID: sheet.productID)]
    default:
      return []
    }
  }

  /// Paints the sheet centred over `canvas`.
  static func render(_ sheet: PurchaseSheetState, snapshot: StoreSnapshot, in canvas: inout Canvas)
  {
    let product = snapshot.product(sheet.productID)
    let width = min(canvas.size.width - 4, 64)
    // The offer and the terms are sentences: wrapped, the sheet growing to fit them.
    let shown = chosenOfferText(sheet, product: product, snapshot: snapshot) ?? sheet.offer
    let offer = TextWrap.lines(
      shown.map { snapshot.localized("Offer: %@", $0) } ?? snapshot.localized("Offer: none"),
      width: max(1, width - 4))
    let terms = TextWrap.lines(sheet.terms, width: max(1, width - 4))
    let extra = max(0, min(canvas.size.height - 12, offer.count + terms.count - 2))
    let frame = canvas.bounds.centered(Size(width: width, height: 12 + extra))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(frame, title: snapshot.localized("App Store"), role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      let name = product?.displayName ?? sheet.productID
      area.text(name, at: Point(x: 0, y: 0), role: .title)
      if let product {
        let price = LocalizedTerms.price(product, snapshot.locale)
        let priceWidth = DisplayWidth.of(price)
        area.text(price, at: Point(x: area.size.width - priceWidth, y: 0), role: .price)
      }
      let lines =
        offer.map { ($0, shown == nil ? StyleRole.dim : .success) }
        + terms.map { ($0, StyleRole.dim) }
      for (y, (line, role)) in lines.prefix(2 + extra).enumerated() {
        area.text(line, at: Point(x: 0, y: 1 + y), role: role)
      }
      let top = 3 + extra
      area.text(
        snapshot.localized("Account: %@", snapshot.customerID), at: Point(x: 0, y: top),
        role: .normal)
      area.rule(at: Point(x: 0, y: top + 1), width: area.size.width)
      outcomeRow(sheet, snapshot: snapshot, y: top + 2, in: &area)
      phaseLines(sheet, snapshot: snapshot, y: top + 4, in: &area)
    }
  }

  /// The chosen promotional or win-back offer: its identifier and terms as StoreKit describes
  /// the product's offer.
  private static func chosenOfferText(
    _ sheet: PurchaseSheetState, product: Product?, snapshot: StoreSnapshot
  ) -> String? {
    guard let id = sheet.chosenOffer else { return nil }
    let subscription = product?.subscription
    let offers = (subscription?.promotionalOffers ?? []) + (subscription?.winBackOffers ?? [])
    guard let product, let offer = offers.first(where: { $0.id == id }) else { return id }
    return "\(id) · " + LocalizedTerms.offer(offer, then: product, snapshot.locale)
  }

  private static func outcomeRow(
    _ sheet: PurchaseSheetState, snapshot: StoreSnapshot, y: Int, in area: inout Canvas
  ) {
    var x = area.raw(snapshot.localized("QA outcome: "), at: Point(x: 0, y: y), role: .dim)
    let locked = sheet.phase != .confirming
    x += area.raw("◂ ", at: Point(x: x, y: y), role: locked ? .dim : .key)
    x += area.text(
      sheet.outcome.label(snapshot.locale), at: Point(x: x, y: y), role: locked ? .dim : .selection,
      width: area.size.width - x - 2)
    area.raw(" ▸", at: Point(x: x, y: y), role: locked ? .dim : .key)
  }

  private static func phaseLines(
    _ sheet: PurchaseSheetState, snapshot: StoreSnapshot, y: Int, in area: inout Canvas
  ) {
    switch sheet.phase {
    case .confirming:
      area.text(
        snapshot.localized("Enter to buy · Esc to cancel"), at: Point(x: 0, y: y + 1),
        role: .keyHint)
    case .purchasing:
      area.text(snapshot.localized("Purchasing…"), at: Point(x: 0, y: y), role: .warning)
    case .result(let result):
      let (message, role) = describe(
        result, productID: sheet.productID, outcome: sheet.outcome, snapshot: snapshot)
      for (offset, line) in wrapped(message, width: max(1, area.size.width)).prefix(2)
        .enumerated()
      {
        area.text(line, at: Point(x: 0, y: y + offset), role: role)
      }
      area.text(
        snapshot.localized("Enter or Esc to close"), at: Point(x: 0, y: y + 2), role: .keyHint)
    }
  }

  /// A purchase of `productID` in plain words, from the facts of `snapshot`: a pending purchase
  /// says whether a parent or a resolution is awaited (the ledger's request, else the outcome QA
  /// forced), and a plan change that waits for the next renewal says so rather than naming the
  /// current plan's transaction.
  static func describe(
    _ result: PurchaseState, productID: String, outcome: ForcedOutcome, snapshot: StoreSnapshot
  ) -> (String, StyleRole) {
    switch result {
    case .pending:
      let request = Badge.openRequest(for: productID, in: snapshot)
      let interrupted =
        request.map { $0.state == .interrupted } ?? (outcome == .interrupted)
      // With the request known, the sheet names the command QA types in a second terminal.
      if let request {
        let words = interrupted ? "Waiting to be resolved" : "Waiting for approval"
        return (
          [
            snapshot.localized(words), snapshot.localized("transaction %@", "\(request.id)"),
            command(for: request),
          ].joined(separator: " · "), .warning
        )
      }
      return interrupted
        ? (
          snapshot.localized(
            "Interrupted: the purchase waits to be resolved; nothing is charged yet."), .warning
        )
        : (
          snapshot.localized(
            "Ask to Buy: waiting for a parent's approval; nothing is charged yet."), .warning
        )
    case .succeeded(let id):
      guard let signed = snapshot.records.first(where: { $0.id == id })?.signed,
        let change = ScheduledPlanChange.of(purchaseOf: productID, answeredWith: signed)
      else { return describe(result, snapshot.locale) }
      let start = change.starts.map { snapshot.localized(" on %@", DateText.day($0)) } ?? ""
      return (
        snapshot.localized(
          "Scheduled: %1$@ starts at the next renewal%2$@; %3$@ continues until then.",
          snapshot.name(of: change.productID), start, snapshot.name(of: change.currentProductID)),
        .success
      )
    default:
      return describe(result, snapshot.locale)
    }
  }

  /// The command that settles `request` from another terminal: `storeterm manage approve 12`.
  static func command(for request: TransactionRecord) -> String {
    let control: TransactionControl = request.state == .interrupted ? .resolve : .approve
    return "storeterm manage \(control.commandName) \(request.id)"
  }

  /// `message` wrapped to `width` columns with the `storeterm …` command it may name kept whole
  /// on one line, so QA can read (and copy) it as typed.
  static func wrapped(_ message: String, width: Int) -> [String] {
    guard let start = message.range(of: "storeterm manage ") else {
      return TextWrap.lines(message, width: width)
    }
    let command = String(message[start.lowerBound...])
    let glued = command.replacingOccurrences(of: " ", with: "\u{00A0}")
    return TextWrap.lines(message.replacingOccurrences(of: command, with: glued), width: width)
      .map { $0.replacingOccurrences(of: glued, with: command) }
  }

  /// A purchase's result in plain words, and how it reads, when nothing more is known.
  static func describe(_ result: PurchaseState, _ locale: String = UIText.baseLanguage)
    -> (String, StyleRole)
  {
    switch result {
    case .succeeded(let id): (UIText.text("Purchased (transaction %@).", locale, "\(id)"), .success)
    case .pending:
      (
        UIText.text("Pending: nothing is charged until the App Store completes it.", locale),
        .warning
      )
    case .cancelled: (UIText.text("Cancelled.", locale), .warning)
    case .declined: (UIText.text("A parent declined the request.", locale), .warning)
    case .failed(let failure): (UIText.text("Failed: %@", locale, "\(failure)"), .error)
    case .idle, .purchasing: (UIText.text("Purchasing…", locale), .warning)
    }
  }
}
