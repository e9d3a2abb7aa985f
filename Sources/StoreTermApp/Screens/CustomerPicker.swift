import TerminalUI

/// The account screen's customer switcher (`u`): a modal list of the ledger's App Store
/// accounts; choosing one signs it in, as switching the device's account does.
public enum CustomerPicker {
  /// The picker's keys; while it is open no other screen key works.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "previous customer", group: "Customers",
      showsInHintBar: false, action: .customerPicker(.move(-1))),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "next customer", group: "Customers",
      showsInHintBar: false, action: .customerPicker(.move(1))),
    KeyBinding(
      [.enter], description: "sign in", group: "Customers",
      disabledReason: { state in
        guard let id = selected(state) else { return "no customer is selected" }
        return id == state.snapshot.customerID ? "already signed in" : nil
      }, action: .customerPicker(.choose)),
    KeyBinding(
      [.escape, .char("u")], label: "Esc/u", description: "close", group: "Customers",
      action: .customerPicker(.close)),
  ])

  /// The customer the open switcher is on, while the ledger still lists them.
  static func selected(_ state: AppState) -> String? {
    guard case .customerPicker(let id) = state.modal, state.snapshot.customers.contains(id)
    else { return nil }
    return id
  }

  /// Applies a picker action; the selection is the customer's identifier, so a customer added
  /// by another process never moves it.
  static func update(_ state: inout AppState, _ action: CustomerPickerAction) -> [AppEffect] {
    let customers = state.snapshot.customers
    switch action {
    case .open:
      guard state.modal == nil else { return [] }
      let signedIn = state.snapshot.customerID
      state.modal = .customerPicker(
        customers.contains(signedIn) ? signedIn : customers.first ?? signedIn)
    case .close:
      guard case .customerPicker = state.modal else { return [] }
      state.modal = nil
    case .move(let delta):
      guard case .customerPicker(let id) = state.modal, !customers.isEmpty else { return [] }
      let index = customers.firstIndex(of: id) ?? 0
      state.modal = .customerPicker(customers[min(max(index + delta, 0), customers.count - 1)])
    case .choose:
      guard let id = selected(state) else { return [] }
      state.modal = nil
      state.account.selected = 0
      state.toast = Toast(state.snapshot.localized("Signing in as %@…", id))
      return [.switchCustomer(id)]
    }
    return []
  }

  /// Paints the picker centred over `canvas`.
  static func render(_ state: AppState, selected: String, in canvas: inout Canvas) {
    let customers = state.snapshot.customers
    let height = min(customers.count, max(1, canvas.size.height - 6))
    let width = min(
      canvas.size.width - 4, max(30, (customers.map(DisplayWidth.of).max() ?? 0) + 8))
    let frame = canvas.bounds.centered(Size(width: width, height: height + 2))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(
      frame, title: state.snapshot.localized("Customers"), role: .borderFocused)
    let signedIn = state.snapshot.localized("signed in")
    let rows = customers.map { id in
      ListView.Row(id, detail: id == state.snapshot.customerID ? signedIn : nil)
    }
    var list = ListSelection(count: rows.count)
    list.select(customers.firstIndex(of: selected) ?? 0, count: rows.count, height: inside.height)
    canvas.within(inside) { ListView(rows: rows, selection: list).render(in: &$0) }
  }
}

/// What the user does in the customer switcher.
public enum CustomerPickerAction: Sendable, Equatable {
  /// `u`: opens the switcher on the signed-in customer.
  case open
  /// `Esc`: closes it.
  case close
  /// Moves the selection.
  case move(Int)
  /// `Enter`: signs the selected customer in.
  case choose
}
