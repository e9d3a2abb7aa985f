import TerminalUI

/// Keys that work on every screen, and the key maps of each screen built from them.
public enum GlobalKeys {
  /// The keys every screen shares; screen keys win over these.
  public static let keymap = Keymap<AppState, AppAction>(
    ScreenID.allCases.map { screen in
      KeyBinding(
        [.char(Character(String(screen.rawValue)))], description: screen.title,
        group: "Screens", showsInHintBar: false, action: .show(screen))
    } + [
      KeyBinding(
        [.tab], description: "next screen", group: "Screens", showsInHintBar: false,
        action: .nextScreen),
      KeyBinding(
        [.backTab], description: "previous screen", group: "Screens", showsInHintBar: false,
        action: .previousScreen),
      KeyBinding([.char("?")], description: "help", group: "General", action: .toggleHelp),
      KeyBinding(
        [.char("!")], description: "recent messages", group: "General", showsInHintBar: false,
        action: .messages(.toggle)),
      KeyBinding(
        [.char("W")], description: "record a scenario", group: "General", showsInHintBar: false,
        action: .toggleRecording),
      KeyBinding([.char("q")], description: "quit", group: "General", action: .quit),
      KeyBinding(
        [.ctrl("c")], description: "quit", group: "General", showsInHintBar: false,
        action: .quit),
    ])

  /// The keys of `screen`, followed by the shared ones.
  public static func keymap(for screen: ScreenID) -> Keymap<AppState, AppAction> {
    let own =
      switch screen {
      case .paywall: PaywallScreen.keymap
      case .account: AccountScreen.keymap
      case .transactions: TransactionsScreen.keymap
      case .eventLog: EventLogScreen.keymap
      case .customers: CustomersScreen.keymap
      case .notifications: NotificationsScreen.keymap
      }
    return own.followed(by: keymap)
  }

  /// The keys that work in `state`: the open modal's (``ModalRules/keymap(_:)``), else the
  /// screen's.
  public static func activeKeymap(_ state: AppState) -> Keymap<AppState, AppAction> {
    if let modal = state.modal { return ModalRules.keymap(modal) }
    if state.screen == .notifications, state.notifications.showsInspector {
      return NotificationsScreen.inspectorKeymap.followed(by: keymap)
    }
    if state.screen == .customers, state.customers.detail != nil {
      return CustomerDetailView.keymap.followed(by: keymap)
    }
    return keymap(for: state.screen)
  }

  /// The keys of what the help overlay covers (the keys help lists), or the active ones.
  static func keymapBeneathHelp(_ state: AppState) -> Keymap<AppState, AppAction> {
    guard case .help(let below) = state.modal else { return activeKeymap(state) }
    var covered = state
    covered.modal = below
    return keymapBeneathHelp(covered)
  }

  /// `Docs/KEYBINDINGS.md`: every key of every screen, generated from the bindings.
  public static func markdownReference() -> String {
    var parts = [
      "# Keys",
      "",
      "Generated from the key bindings in `Sources/StoreTermApp` by "
        + "`KEYBINDINGS_RECORD=1 swift test --filter KeyBindingTests`; a test fails when it is stale.",
      "",
    ]
    let maps: [(String, Keymap<AppState, AppAction>)] = [
      ("Every screen", keymap),
      ("Paywall (1)", PaywallScreen.keymap),
      ("Purchase sheet", PurchaseSheet.keymap),
      ("Redeem Code sheet (c on Paywall)", RedeemCodeSheet.keymap),
      ("Account (2)", AccountScreen.keymap),
      ("Refund request sheet (f on Account)", RefundSheet.keymap),
      ("Customer switcher (u on Account)", CustomerPicker.keymap),
      ("Join Family sheet (J on Account)", FamilySheet.keymap),
      ("Leave Family question (L on Account)", FamilySheet.leaveKeymap),
      ("Transactions (3)", TransactionsScreen.keymap),
      ("Settings panel (g on Transactions)", SettingsPanel.keymap),
      ("Event log (4)", EventLogScreen.keymap),
      ("Customers (5)", CustomersScreen.keymap),
      ("Customer detail (Enter on Customers)", CustomerDetailView.keymap),
      ("Notifications (6)", NotificationsScreen.keymap),
      ("Notification inspector (Enter on Notifications)", NotificationsScreen.inspectorKeymap),
    ]
    for (title, map) in maps {
      parts.append("# \(title)")
      parts.append("")
      // The screen title already names the group; demote the keymap's headings one level.
      parts.append(map.markdown().replacingOccurrences(of: "## ", with: "### "))
    }
    parts.append("# Filter (while typing after `/` on Transactions)")
    parts.append("")
    parts.append(
      "| Key | Action |\n| --- | --- |\n| `Enter` | keep the filter |\n| `Esc` | clear the filter |\n| `Backspace` | delete a character |\n"
    )
    parts.append("# Customer search (while typing after `/` on Customers)")
    parts.append("")
    parts.append(
      "| Key | Action |\n| --- | --- |\n| `Enter` | search |\n| `Esc` | stop typing, keep the results |\n| `Backspace` | delete a character |\n"
    )
    parts.append("# Typing a code (Redeem Code sheet)")
    parts.append("")
    parts.append(
      "While the code field has the cursor, every character typed (`q` and `?` included) goes into "
        + "the code; `↑`/`↓` fill it with one of the catalog's offer codes.\n")
    parts.append("# Typing a family group name (Join Family sheet)")
    parts.append("")
    parts.append(
      "While the name field has the cursor, every character typed (`q` and `?` included) goes into "
        + "the name; `↑`/`↓` fill it with one of the ledger's family groups.\n")
    parts.append("# Mouse")
    parts.append("")
    parts.append(
      "Where the terminal reports clicks, a left click on a tab shows its screen and a click on a row of "
        + "the paywall, the account history, the transactions or the customers selects it (`Enter` "
        + "then acts on it); the event log scrolls only. Clicks do nothing while "
        + "help, the quit question, a sheet, a panel or a text field is open.\n"
    )
    return parts.joined(separator: "\n")
  }
}
