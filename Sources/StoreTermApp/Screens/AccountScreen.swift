import StoreCore
import StoreKit
import StoreManager
import TerminalUI

/// The account screen's focus: the selected row of the history, which follows its transaction.
public struct AccountState: Hashable, Sendable {
  /// The selected row of the history's window; it follows the selected transaction's
  /// identifier when the window changes (see ``AccountScreen/follow(_:in:)``).
  public var selected = 0
  /// The window of the history asked for and not answered yet.
  public var pendingPage: TransactionPageRequest?
  /// The transaction that was selected when a refresh left it outside the window: the
  /// selection waits for the window around it before it is shown again.
  public var awaitedID: UInt64?

  /// Creates the state with the newest transaction selected.
  public init() {}
}

/// The account (`2`): subscription status per group, Family Sharing, entitlements, balances and
/// the history of the signed-in customer, with Restore, Request refund, auto-renew and joining
/// or leaving a family.
public enum AccountScreen {
  /// The account screen's own keys.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "previous transaction", group: "Account",
      showsInHintBar: false, action: .move(-1)),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "next transaction", group: "Account",
      showsInHintBar: false, action: .move(1)),
    KeyBinding(
      [.char("r")], description: "restore purchases", group: "Account",
      disabledReason: { $0.mutationBlocked }, action: .account(.restore)),
    KeyBinding(
      [.char("f")], description: "request refund", group: "Account",
      disabledReason: RefundSheet.openBlocked, action: .refund(.open)),
    KeyBinding(
      [.char("a")], description: "auto-renew off/on", group: "Account",
      disabledReason: autoRenewBlocked, action: .account(.toggleAutoRenew)),
    KeyBinding(
      [.char("u")], description: "switch customer", group: "Account",
      disabledReason: {
        $0.snapshot.customers.count > 1 ? nil : "the ledger holds no other customer"
      }, action: .customerPicker(.open)),
    KeyBinding(
      [.char("J")], description: "join a family", group: "Family Sharing",
      disabledReason: FamilySheet.joinBlocked, action: .family(.openJoin)),
    KeyBinding(
      [.char("L")], description: "leave the family", group: "Family Sharing",
      disabledReason: FamilySheet.leaveBlocked, action: .family(.askLeave)),
  ])

  /// The customer's transactions in hand, newest first: the window of the history the runner
  /// read (``StoreSnapshot/historyPage``), or a hand-built snapshot's records.
  public static func history(_ snapshot: StoreSnapshot) -> [TransactionRecord] {
    snapshot.historyPage?.rows
      ?? snapshot.records.filter {
        $0.customerID == snapshot.customerID && TransactionRules.isListedInAll($0)
      }
  }

  /// The selected history row; none while the selection waits for the window around it.
  public static func selectedRecord(_ state: AppState) -> TransactionRecord? {
    let rows = history(state.snapshot)
    guard state.account.awaitedID == nil, !rows.isEmpty else { return nil }
    return rows[min(state.account.selected, rows.count - 1)]
  }

  /// Keeps `record` (selected before the history changed) selected by its identifier, wherever
  /// it moved; when it left a window that does not hold the whole history, asks for the window
  /// around it first; when it left the history the newest row is selected.
  static func follow(_ record: TransactionRecord?, in state: inout AppState) -> [AppEffect] {
    guard let id = record?.id ?? state.account.awaitedID else { return [] }
    let rows = history(state.snapshot)
    let located = TransactionPage.locate(
      id, in: rows, page: state.snapshot.historyPage, awaiting: state.account.awaitedID)
    switch located {
    case .row(let index):
      state.account.selected = index
      state.account.awaitedID = nil
      return []
    case .outside:
      // Purchases above (or a window moved) may have pushed it out of the window only.
      state.account.awaitedID = id
      return request(.around(id), in: &state)
    case .gone:
      break
    }
    state.account.awaitedID = nil
    state.account.selected = 0
    return []
  }

  /// The auto-renew action for the selected transaction: off when it renews, on when it does not.
  static func autoRenewAction(_ state: AppState) -> ManageAction {
    guard let record = selectedRecord(state),
      let group = state.snapshot.product(record.productID)?.subscription?.subscriptionGroupID,
      let status = state.snapshot.statuses[group]
    else { return .autoRenewOff }
    return status.willAutoRenew == false ? .autoRenewOn : .autoRenewOff
  }

  private static func autoRenewBlocked(_ state: AppState) -> String? {
    ManageRules.blocked(
      autoRenewAction(state), record: selectedRecord(state), snapshot: state.snapshot,
      readOnly: state.readOnly)
  }

  /// One line per subscription group (plan, state, dates and auto-renew), and a second one
  /// explaining a billing problem.
  public static func statusLines(_ snapshot: StoreSnapshot) -> [(String, StyleRole)] {
    snapshot.statuses.keys.sorted().flatMap { group -> [(String, StyleRole)] in
      guard let status = snapshot.statuses[group] else { return [] }
      let product = snapshot.product(status.productID)
      let groupName = product?.subscription?.groupDisplayName ?? group
      var parts = [snapshot.localized("%1$@: %2$@", groupName, snapshot.name(of: status.productID))]
      // A plan the customer has only through Family Sharing says so, and who shares it.
      if let purchaser = snapshot.sharer(of: status.productID) {
        parts[0] += snapshot.localized(" (Family Sharing, shared by %@)", purchaser)
      }
      let role: StyleRole
      switch status.state {
      case .subscribed:
        parts.append(snapshot.localized("Active"))
        role = .success
      case .inGracePeriod:
        // The paid period is over: what is left is the grace period, until its end.
        let until = snapshot.renewals[group]?.gracePeriodEnds.map {
          snapshot.localized(" until %@", DateText.day($0))
        }
        parts.append(snapshot.localized("Grace period") + (until ?? ""))
        role = .warning
      case .inBillingRetryPeriod:
        parts.append(snapshot.localized("Billing problem"))
        role = .error
      case .expired:
        parts.append(snapshot.localized("Expired"))
        role = .dim
      case .revoked:
        parts.append(snapshot.localized("Refunded"))
        role = .dim
      }
      let note = snapshot.renewals[group] ?? RenewalNote()
      if let period = periodText(status, snapshot.locale) { parts.append(period) }
      if let renews = status.willAutoRenew, status.isEntitled {
        parts.append(snapshot.localized(renews ? "auto-renew on" : "auto-renew off"))
      }
      var lines = [(parts.joined(separator: " · "), role)]
      if status.state == .inGracePeriod {
        let until =
          note.gracePeriodEnds.map { snapshot.localized(" until %@", DateText.day($0)) } ?? ""
        lines.append(
          (
            snapshot.localized(
              "  Billing failed; access continues%@ while the App Store retries.", until),
            .warning
          ))
      }
      if let increase = priceIncreaseLine(status, note, snapshot) { lines.append(increase) }
      // Only a subscription that will renew renews into another plan.
      if let next = note.renewsInto, status.willAutoRenew != false, status.isEntitled {
        lines.append((snapshot.localized("  Renews into %@.", snapshot.name(of: next)), .dim))
      }
      if status.state == .inBillingRetryPeriod {
        lines.append(
          (
            snapshot.localized("  Billing failed; no access until the payment method is fixed."),
            .error
          ))
      }
      return lines
    }
  }

  /// Where the current period stands: `renews …` or `ends …` while subscribed; nothing in the
  /// grace period (the state says until when) or once access has stopped.
  static func periodText(_ status: SubscriptionGroupStatus, _ locale: String) -> String? {
    switch status.state {
    case .subscribed:
      guard let end = status.expirationDate else { return nil }
      return UIText.text(
        status.willAutoRenew == false ? "ends %@" : "renews %@", locale, DateText.day(end))
    case .inGracePeriod, .inBillingRetryPeriod, .expired, .revoked:
      return nil
    }
  }

  /// Paints the account screen into `canvas`.
  static func render(_ state: AppState, in canvas: inout Canvas) {
    let snapshot = state.snapshot
    let width = canvas.size.width
    let header = headerLines(snapshot, size: canvas.size)
    for (y, (line, role)) in header.enumerated() {
      canvas.text(line, at: Point(x: 1, y: y), role: role)
    }
    let y = header.count
    let rows = history(snapshot)
    let window = window(
      selected: state.account.selected, count: rows.count, height: canvas.size.height - y - 3)
    let table = TableView(
      columns: [
        .init(snapshot.localized("ID"), width: .fit(max: 8), alignment: .trailing),
        .init(snapshot.localized("Product"), width: .flexible(min: 10)),
        .init(snapshot.localized("Purchased"), width: .fixed(16)),
        .init(snapshot.localized("State"), width: .fit(max: 18)),
        .init(snapshot.localized("Signature"), width: .fit(max: 14)),
      ],
      rows: rows[window.rows].map { record in
        [
          String(record.id), snapshot.name(of: record.productID),
          DateText.minute(record.signed?.purchaseDate ?? record.createdDate),
          historyState(record, snapshot: snapshot),
          (snapshot.historyPage?.verification[record.id] ?? snapshot.verification[record.id]).map {
            $0 == "verified" ? snapshot.localized("✓ verified") : "✗ \($0)"
          } ?? "–",
        ]
      },
      // While the selection waits for the window around its transaction, no row is it.
      selection: state.account.awaitedID == nil ? window.selection : ListSelection(count: 0))
    let frame = Rect(x: 0, y: y, width: width, height: canvas.size.height - y)
    let inside = canvas.panel(
      frame, title: snapshot.localized("History (Transaction.all)"), focused: true)
    if rows.isEmpty {
      canvas.text(
        snapshot.localized("No transactions yet."), at: Point(x: inside.minX + 1, y: inside.minY),
        role: .dim)
    } else {
      canvas.within(inside) { table.render(in: &$0) }
      // The rows in hand may be a window on the history: beyond it there are more.
      let page = snapshot.historyPage
      ScrollMarks(
        offset: window.rows.lowerBound, height: inside.height - 1, count: rows.count,
        openAbove: page.map { !$0.startsAtTop } ?? false,
        openBelow: page.map { !$0.reachesEnd } ?? false,
        more: snapshot.localized("%@ more")
      ).render(onFrame: frame, in: &canvas)
    }
  }

  /// The lines above the history, wrapped to `size.width` as sentences.
  ///
  /// The title, the Family Sharing line, the subscription lines (or "No subscriptions."), the
  /// entitlements and, with consumables, the balances. They leave the history at least five
  /// rows (its frame, titles and two transactions); what does not fit then is cut off at the
  /// last line shown.
  public static func headerLines(_ snapshot: StoreSnapshot, size: Size) -> [(String, StyleRole)] {
    var logical = [
      (snapshot.localized("Account: %@", snapshot.customerID), StyleRole.title),
      familyLine(snapshot),
    ]
    let statuses = statusLines(snapshot)
    logical += statuses.isEmpty ? [(snapshot.localized("No subscriptions."), .dim)] : statuses
    let names = snapshot.products.filter { snapshot.entitledProductIDs.contains($0.id) }
      .map { product in
        snapshot.sharer(of: product.id).map {
          snapshot.localized("%1$@ (shared by %2$@)", product.displayName, $0)
        } ?? product.displayName
      }
    logical.append(
      (
        snapshot.localized(
          "Entitlements: %@",
          names.isEmpty ? snapshot.localized("none") : names.joined(separator: ", ")),
        .normal
      ))
    let balances = snapshot.products.filter { $0.type == .consumable }
      .map { ConsumableBalance.text($0, snapshot) }
    if !balances.isEmpty {
      logical.append(
        (snapshot.localized("Balances: %@", balances.joined(separator: " · ")), .normal))
    }
    let lines = logical.flatMap { line, role in
      hanging(line, width: size.width - 2).map { ($0, role) }
    }
    return Array(lines.prefix(max(1, size.height - 5)))
  }

  /// `text` wrapped to `width`, breaking between its ` · ` parts before breaking inside one,
  /// the lines after the first indented two more than its own leading blanks, so a wrapped
  /// sentence reads as one item.
  static func hanging(_ text: String, width: Int) -> [String] {
    let indent = String(text.prefix { $0 == " " })
    let parts = String(text.dropFirst(indent.count)).components(separatedBy: " · ")
    let first = TextWrap.packed(parts, separator: " · ", width: max(1, width - indent.count))
    guard let head = first.first, first.count > 1 else { return [text] }
    // The rest again, at the narrower width of a continuation line.
    let shown = head.components(separatedBy: " · ")
    var rest = Array(parts.dropFirst(shown.count))
    if let last = shown.last, last != parts[shown.count - 1] {
      // The first line ends inside a part: carry that part's remainder.
      rest.insert(
        String(parts[shown.count - 1].dropFirst(last.count)).trimmingCharacters(in: .whitespaces),
        at: 0)
    }
    return [indent + head]
      + TextWrap.packed(rest, separator: " · ", width: max(1, width - indent.count - 2))
      .map { indent + "  " + $0 }
  }

  /// The row the history panel starts on: below the header lines at `size`.
  static func historyTop(_ snapshot: StoreSnapshot, size: Size) -> Int {
    headerLines(snapshot, size: size).count
  }

  /// `Family Sharing: smiths (3 of 6) · you, bob, carol`, or that the customer is in no family.
  static func familyLine(_ snapshot: StoreSnapshot) -> (String, StyleRole) {
    let family = snapshot.family
    guard let group = family.group else {
      return (snapshot.localized("Family Sharing: not in a family"), .dim)
    }
    let members = family.members.map {
      $0.id == snapshot.customerID ? snapshot.localized("%@ (you)", $0.id) : $0.id
    }
    return (
      snapshot.localized(
        "Family Sharing: %1$@ (%2$@ of %3$@) · %4$@", group, "\(family.members.count)",
        "\(FamilyStatus.limit)", members.joined(separator: ", ")), .normal
    )
  }

  /// A history row's state: a Family Sharing copy names its purchaser, so it never reads as
  /// the customer's own purchase; a revoked copy reads `family revoked`.
  static func historyState(_ record: TransactionRecord, snapshot: StoreSnapshot) -> String {
    let state = TransactionStanding.text(record, in: snapshot)
    guard state == "family shared", let purchaser = snapshot.family.purchasers[record.id]
    else { return TransactionStanding.words(record, in: snapshot) }
    return snapshot.localized("shared by %@", purchaser)
  }

  /// The history row drawn on body row `row` of a body `bodyHeight` rows tall, if any.
  static func position(atRow row: Int, _ state: AppState, bodyHeight: Int) -> Int? {
    let top = historyTop(
      state.snapshot, size: Size(width: state.size.width, height: bodyHeight))
    // The panel's border and the column titles come before the first row.
    return tableRow(
      atRow: row, firstRow: top + 2, selected: state.account.selected,
      count: history(state.snapshot).count, height: bodyHeight - top - 3)
  }

  /// The index of the table row drawn on `row`, for a table whose first visible row is drawn
  /// on `firstRow` and which shows `height` of its `count` rows with `selected` in view.
  static func tableRow(atRow row: Int, firstRow: Int, selected: Int, count: Int, height: Int)
    -> Int?
  {
    guard count > 0, height > 0, row >= firstRow else { return nil }
    let rows = window(selected: selected, count: count, height: height).rows
    let index = rows.lowerBound + row - firstRow
    return rows.contains(index) ? index : nil
  }

  /// The rows a table of `height` rows shows with `selected` in view, and the selection within
  /// them, so only visible rows are turned into text.
  static func window(selected: Int, count: Int, height: Int) -> (
    rows: Range<Int>, selection: ListSelection
  ) {
    let height = max(1, height)
    var full = ListSelection(count: count)
    full.select(selected, count: count, height: height)
    let rows = full.offset..<min(count, full.offset + height)
    var visible = ListSelection(count: rows.count)
    if let row = full.selected {
      visible.select(row - full.offset, count: rows.count, height: height)
    }
    return (rows, visible)
  }
}
