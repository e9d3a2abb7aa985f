import StoreCore
import StoreKit
import StoreManager
import TerminalUI

/// The paywall's focus: which product is selected, by identifier, so it follows the product
/// when the catalog reloads in another order or another product appears before it.
public struct PaywallState: Hashable, Sendable {
  /// The selected product's identifier; nil (with ``hasSelection``) means the first product.
  public var selectedID: String?
  /// False once the selected product left the paywall, until the user moves again.
  public var hasSelection = true
  /// The number of the last purchase intent presented (``ReceivedPurchaseIntent/number``).
  public var presentedIntent = 0

  /// Creates the state with the first product selected.
  public init() {}
}

/// The paywall (`1`): subscription groups by level, then consumables with their balance, then
/// one-time purchases; the focused product's description and terms below.
public enum PaywallScreen {
  /// Rows of the product detail panel, frame included.
  static let detailHeight = 7

  /// The paywall's own keys.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "previous product", group: "Paywall",
      showsInHintBar: false, action: .move(-1)),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "next product", group: "Paywall",
      showsInHintBar: false, action: .move(1)),
    KeyBinding(
      [.pageUp], description: "up a page", group: "Paywall", showsInHintBar: false,
      action: .move(-10)),
    KeyBinding(
      [.pageDown], description: "down a page", group: "Paywall", showsInHintBar: false,
      action: .move(10)),
    KeyBinding(
      [.home], description: "first product", group: "Paywall", showsInHintBar: false,
      action: .moveToFirst),
    KeyBinding(
      [.end], description: "last product", group: "Paywall", showsInHintBar: false,
      action: .moveToLast),
    KeyBinding(
      [.enter, .char("b")], label: "Enter/b", description: "buy", group: "Paywall",
      disabledReason: buyBlocked, action: .paywall(.buy)),
    KeyBinding(
      [.char("r")], description: "restore purchases", group: "Paywall",
      disabledReason: { $0.mutationBlocked }, action: .paywall(.restore)),
    KeyBinding(
      [.char("c")], description: "redeem code", group: "Paywall",
      disabledReason: RedeemCodeSheet.openBlocked, action: .redeem(.open)),
  ])

  /// Product indices in display order: each subscription group, then consumables, then the
  /// other one-time purchases.
  public static func order(_ snapshot: StoreSnapshot) -> [Int] {
    sections(snapshot).flatMap(\.products)
  }

  /// The product the paywall has selected, if any.
  public static func selectedProduct(_ state: AppState) -> Product? {
    selectedPosition(state).map { state.snapshot.products[order(state.snapshot)[$0]] }
  }

  /// The selected product's position in ``order(_:)``, or nil when nothing is selected.
  public static func selectedPosition(_ state: AppState) -> Int? {
    guard state.paywall.hasSelection else { return nil }
    let order = order(state.snapshot)
    guard let id = state.paywall.selectedID else { return order.isEmpty ? nil : 0 }
    return order.firstIndex { state.snapshot.products[$0].id == id }
  }

  /// Moves the selection by `delta` rows (clamped); from no selection a move down by n lands
  /// on row n - 1 and a move up counts from the end.
  static func move(_ state: inout AppState, by delta: Int) {
    let order = order(state.snapshot)
    guard !order.isEmpty else { return }
    let limited = max(-order.count, min(order.count, delta))
    let start = selectedPosition(state) ?? (delta > 0 ? -1 : order.count)
    let target = min(max(start + limited, 0), order.count - 1)
    state.paywall.selectedID = state.snapshot.products[order[target]].id
    state.paywall.hasSelection = true
  }

  /// Keeps the selected product selected by its identifier in the new snapshot; when it left
  /// the paywall, clears the selection and says so.
  static func follow(from old: StoreSnapshot, in state: inout AppState) {
    guard state.paywall.hasSelection, let id = state.paywall.selectedID,
      !state.snapshot.products.contains(where: { $0.id == id })
    else { return }
    state.paywall.selectedID = nil
    state.paywall.hasSelection = false
    if state.screen == .paywall {
      state.toast = Toast(
        "\(old.name(of: id)) is no longer for sale; the selection was cleared.", kind: .warning)
    }
  }

  /// Why the focused product cannot be bought now, or nil; a reason naming a product or a
  /// transaction is worded here, in the UI's language.
  static func buyBlocked(_ state: AppState) -> String? {
    if let reason = state.mutationBlocked { return reason }
    guard let product = selectedProduct(state) else {
      return state.snapshot.products.isEmpty ? "no products are loaded" : "no product is selected"
    }
    let snapshot = state.snapshot
    if snapshot.purchaseState(of: product.id) == .purchasing {
      return snapshot.localized("a purchase of %@ is under way", product.displayName)
    }
    if let request = Badge.openRequest(for: product.id, in: snapshot) {
      return request.state == .interrupted
        ? snapshot.localized("interrupted purchase %@ waits to be resolved", "\(request.id)")
        : snapshot.localized("transaction %@ waits for a parent's approval", "\(request.id)")
    }
    let sharedBy = snapshot.sharer(of: product.id)
    if product.type == .nonConsumable, snapshot.entitledProductIDs.contains(product.id) {
      return sharedBy.map {
        snapshot.localized("already owned through Family Sharing (shared by %@)", $0)
      } ?? "already owned"
    }
    // A plan shared by the family may still be bought: the member starts their own chain.
    if sharedBy == nil, let group = product.subscription?.subscriptionGroupID,
      let status = snapshot.statuses[group], status.isEntitled, status.productID == product.id
    {
      return "already subscribed"
    }
    return nil
  }

  struct Section {
    var title: String
    var products: [Int]
  }

  static func sections(_ snapshot: StoreSnapshot) -> [Section] {
    var sections: [Section] = []
    var consumables: [Int] = []
    var oneTime: [Int] = []
    for (index, product) in snapshot.products.enumerated() {
      if let subscription = product.subscription {
        let title = subscription.groupDisplayName
        if let last = sections.indices.last, sections[last].title == title {
          sections[last].products.append(index)
        } else {
          sections.append(Section(title: title, products: [index]))
        }
      } else if product.type == .consumable {
        consumables.append(index)
      } else {
        oneTime.append(index)
      }
    }
    if !consumables.isEmpty {
      sections.append(Section(title: snapshot.localized("Consumables"), products: consumables))
    }
    if !oneTime.isEmpty {
      sections.append(Section(title: snapshot.localized("One-time purchases"), products: oneTime))
    }
    return sections
  }

  /// Paints the paywall into `canvas`.
  static func render(_ state: AppState, in canvas: inout Canvas) {
    let snapshot = state.snapshot
    let size = canvas.size
    guard !snapshot.products.isEmpty else {
      let message = snapshot.localized(
        state.isLoaded ? "No products are for sale." : "Loading products…")
      canvas.text(message, at: Point(x: 2, y: 1), role: .dim)
      return
    }
    let listHeight = max(1, size.height - detailHeight)
    renderList(state, in: &canvas, height: listHeight)
    if let product = selectedProduct(state) {
      canvas.within(Rect(x: 0, y: listHeight, width: size.width, height: detailHeight)) {
        renderDetail(product, snapshot: snapshot, in: &$0)
      }
      // Products hidden above or below the list are counted on the detail's top edge, where
      // no price is covered: `↑ 2 more  ↓ 5 more`.
      let layout = listLayout(state, height: listHeight)
      let marks = ScrollMarks(
        offset: layout.offset, height: listHeight, count: layout.lines.count,
        more: state.snapshot.localized("%@ more"))
      let text = [marks.upperText, marks.lowerText].compactMap { $0 }.joined(separator: "  ")
      if !text.isEmpty, DisplayWidth.of(text) + 6 <= size.width {
        canvas.raw(
          " \(text) ", at: Point(x: size.width - 4 - DisplayWidth.of(text), y: listHeight),
          role: .dim)
      }
    }
  }

  private enum Line {
    case header(String)
    case product(index: Int, position: Int)
  }

  /// The list's lines, the selected position, and the first line shown in `height` rows.
  private static func listLayout(_ state: AppState, height: Int) -> (
    lines: [Line], selected: Int, offset: Int
  ) {
    var lines: [Line] = []
    var position = 0
    for section in sections(state.snapshot) {
      lines.append(.header(section.title))
      for index in section.products {
        lines.append(.product(index: index, position: position))
        position += 1
      }
    }
    let selected = selectedPosition(state) ?? -1
    let selectedLine =
      lines.firstIndex {
        if case .product(_, let p) = $0 { return p == selected } else { return false }
      } ?? 0
    // Scroll the least needed, and keep a section's title in view with its first product.
    var offset = max(0, selectedLine - height + 1)
    if offset == selectedLine, offset > 0, case .header = lines[offset - 1] { offset -= 1 }
    return (lines, selected, offset)
  }

  /// The product position drawn on body row `row` of a body `bodyHeight` rows tall, if any.
  static func position(atRow row: Int, _ state: AppState, bodyHeight: Int) -> Int? {
    guard !state.snapshot.products.isEmpty else { return nil }
    let height = max(1, bodyHeight - detailHeight)
    guard (0..<height).contains(row) else { return nil }
    let layout = listLayout(state, height: height)
    let lineIndex = layout.offset + row
    guard lineIndex < layout.lines.count, case .product(_, let position) = layout.lines[lineIndex]
    else { return nil }
    return position
  }

  private static func renderList(_ state: AppState, in canvas: inout Canvas, height: Int) {
    let snapshot = state.snapshot
    let (lines, selected, offset) = listLayout(state, height: height)
    let products = snapshot.products
    let nameWidth = min(24, products.map { DisplayWidth.of($0.displayName) }.max() ?? 0)
    let priceWidth =
      products.map { DisplayWidth.of(LocalizedTerms.price($0, snapshot.locale)) }.max() ?? 0
    for y in 0..<height {
      let lineIndex = offset + y
      guard lineIndex < lines.count else { break }
      switch lines[lineIndex] {
      case .header(let title):
        canvas.text(title, at: Point(x: 1, y: y), role: .title)
      case .product(let index, let position):
        productLine(
          products[index], snapshot: snapshot, selected: position == selected, y: y,
          nameWidth: nameWidth, priceWidth: priceWidth, in: &canvas)
      }
    }
  }

  private static func productLine(
    _ product: Product, snapshot: StoreSnapshot, selected: Bool, y: Int, nameWidth: Int,
    priceWidth: Int, in canvas: inout Canvas
  ) {
    let width = canvas.size.width
    let base: StyleRole = selected ? .selection : .normal
    canvas.fill(Rect(x: 0, y: y, width: width, height: 1), role: base)
    canvas.raw(selected ? "▸" : " ", at: Point(x: 1, y: y), role: base)
    canvas.text(product.displayName, at: Point(x: 3, y: y), role: base, width: nameWidth)
    let price = LocalizedTerms.price(product, snapshot.locale)
    let priceX = width - priceWidth - 1
    canvas.text(
      price, at: Point(x: priceX, y: y), width: priceWidth, alignment: .trailing,
      role: selected ? base : .price)
    var x = 3 + nameWidth + 2
    for badge in Badge.badges(for: product, in: snapshot) {
      let role: StyleRole = selected ? base : badge.isWarning ? .warning : .badge
      let room = priceX - 1 - x
      guard room > 2 else { break }
      x +=
        canvas.text(badge.text(snapshot.locale), at: Point(x: x, y: y), role: role, width: room) + 2
    }
    var extra: String?
    if let offer = Badge.introOffer(for: product, in: snapshot) {
      extra = offer
    } else if product.type == .consumable {
      extra = snapshot.localized("Balance %@", ConsumableBalance.text(product, snapshot))
    }
    if let extra, priceX - 1 - x > 4 {
      canvas.text(extra, at: Point(x: x, y: y), role: selected ? base : .dim, width: priceX - 1 - x)
    }
  }

  private static func renderDetail(
    _ product: Product, snapshot: StoreSnapshot, in canvas: inout Canvas
  ) {
    let inside = canvas.panel(canvas.bounds, title: product.displayName, focused: false)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      let width = area.size.width
      let description = TextWrap.lines(product.description, width: max(1, width))
      for (y, line) in description.prefix(2).enumerated() {
        area.text(line, at: Point(x: 0, y: y), role: .normal)
      }
      // The terms are a sentence: wrapped onto the blank row below rather than cut.
      let (terms, role) = termsLine(product, snapshot: snapshot)
      for (y, line) in TextWrap.lines(terms, width: max(1, width)).prefix(2).enumerated() {
        area.text(line, at: Point(x: 0, y: 2 + y), role: role)
      }
      // One row for the links: the ones that fit whole, never a cut word.
      let links = snapshot.localized(
        "r Restore Purchases · c Redeem Code · Terms of Use · Privacy Policy")
      let fitting = TextWrap.packed(
        links.components(separatedBy: " · "), separator: " · ", width: max(1, width))
      area.text(fitting.first ?? "", at: Point(x: 0, y: area.size.height - 1), role: .dim)
    }
  }

  /// What the customer would pay and when, in the words of the App Store's sheet.
  static func termsLine(_ product: Product, snapshot: StoreSnapshot) -> (String, StyleRole) {
    if let offer = Badge.introOffer(for: product, in: snapshot) {
      return (snapshot.localized("%@. Cancel anytime.", offer), .success)
    }
    switch product.type {
    case .autoRenewable:
      let price = LocalizedTerms.price(product, snapshot.locale)
      return (snapshot.localized("Renews at %@ until cancelled.", price), .normal)
    case .consumable:
      let balance = ConsumableBalance.text(product, snapshot)
      return (
        snapshot.localized("%1$@ each · balance %2$@", product.displayPrice, balance), .normal
      )
    case .nonRenewable:
      return (snapshot.localized("%@ once; does not renew.", product.displayPrice), .normal)
    default:
      return (snapshot.localized("%@ once; yours to keep.", product.displayPrice), .normal)
    }
  }
}
