import TerminalUI

/// What is open above the screen and has the keyboard: one value, so one precedence decides
/// which keys work, what a click does and what is drawn on top (see ``ModalRules``).
public indirect enum Modal: Hashable, Sendable {
  /// The purchase sheet, over the paywall.
  case purchase(PurchaseSheetState)
  /// The Redeem Code sheet, over the paywall.
  case redeemCode(RedeemCodeSheetState)
  /// The refund request sheet, over the account screen.
  case refund(RefundSheetState)
  /// The App Store's retention message, over the account screen, as auto-renew goes off.
  case retention(RetentionSheetState)
  /// The Join Family sheet, over the account screen.
  case joinFamily(FamilySheetState)
  /// "Leave the family?", over the account screen.
  case leaveFamily
  /// The settings panel, over Transactions, with this row selected (by identity, not position).
  case settings(SettingsRow)
  /// The customer switcher, over the account screen, on this customer's identifier.
  case customerPicker(String)
  /// "Quit with a purchase in flight?".
  case quitQuestion
  /// The message log (`!`): every recent message in full, newest first.
  case messageLog
  /// The key help, over what was open when it was asked for: closing help returns to it, and
  /// a sheet beneath keeps receiving the App Store's answers meanwhile.
  case help(over: Modal?)

  /// The sheet or question beneath the help overlay, or this modal itself.
  public var beneathHelp: Modal? {
    if case .help(let below) = self { return below?.beneathHelp }
    return self
  }

  /// This modal with `replacement` where the sheet beneath the help overlay was.
  func replacingBeneathHelp(with replacement: Modal?) -> Modal? {
    if case .help(let below) = self {
      return .help(
        over: below.flatMap { $0.replacingBeneathHelp(with: replacement) } ?? replacement)
    }
    return replacement
  }
}

/// The text field that has the keyboard while no modal is open.
public enum TextFocus: Hashable, Sendable {
  /// The transaction manager's filter (`/` on Transactions).
  case transactionFilter
  /// The Customers screen's search (`/` on Customers).
  case customerSearch
}

extension AppState {
  /// The open modal beneath help, or nil: what sheet code reads and writes.
  var sheetModal: Modal? {
    get { modal?.beneathHelp }
    set { modal = modal.map { $0.replacingBeneathHelp(with: newValue) } ?? newValue }
  }

  /// The purchase sheet, when open: a view of ``modal``.
  public var sheet: PurchaseSheetState? {
    get { if case .purchase(let sheet) = sheetModal { sheet } else { nil } }
    set { setSheet(newValue.map(Modal.purchase), isOpen: sheet != nil) }
  }

  /// The Redeem Code sheet, when open: a view of ``modal``.
  public var redeemSheet: RedeemCodeSheetState? {
    get { if case .redeemCode(let sheet) = sheetModal { sheet } else { nil } }
    set { setSheet(newValue.map(Modal.redeemCode), isOpen: redeemSheet != nil) }
  }

  /// The refund request sheet, when open: a view of ``modal``.
  public var refundSheet: RefundSheetState? {
    get { if case .refund(let sheet) = sheetModal { sheet } else { nil } }
    set { setSheet(newValue.map(Modal.refund), isOpen: refundSheet != nil) }
  }

  /// The retention message sheet, when open: a view of ``modal``.
  public var retentionSheet: RetentionSheetState? {
    get { if case .retention(let sheet) = sheetModal { sheet } else { nil } }
    set { setSheet(newValue.map(Modal.retention), isOpen: retentionSheet != nil) }
  }

  /// The Join Family sheet, when open: a view of ``modal``.
  public var familySheet: FamilySheetState? {
    get { if case .joinFamily(let sheet) = sheetModal { sheet } else { nil } }
    set { setSheet(newValue.map(Modal.joinFamily), isOpen: familySheet != nil) }
  }

  /// Opens, changes or closes one kind of sheet; closing a kind that is not open leaves
  /// whatever else is open alone.
  private mutating func setSheet(_ value: Modal?, isOpen: Bool) {
    guard value != nil || isOpen else { return }
    sheetModal = value
  }

  /// Whether the key help is open.
  public var showsHelp: Bool { if case .help = modal { true } else { false } }

  /// Whether anything is open above the screen, or a text field has the keyboard: clicks are
  /// ignored then, so a stray click can never dismiss or confirm anything.
  public var capturesInput: Bool { modal != nil || focus != nil }
}

/// The one precedence among modals, used by input, clicks and drawing alike.
enum ModalRules {
  /// The keys `modal` accepts, with `?` where help can open over it.
  static func keymap(_ modal: Modal) -> Keymap<AppState, AppAction> {
    let help = Keymap(GlobalKeys.keymap.bindings.filter { $0.keys.contains(.char("?")) })
    switch modal {
    case .help:
      return Keymap([
        KeyBinding(
          [.char("?"), .escape, .char("q"), .enter], label: "?/Esc", description: "close help",
          group: "Help", action: .toggleHelp),
        KeyBinding(
          [.up, .char("k")], label: "↑", description: "scroll up", group: "Help",
          action: .scrollHelp(-1)),
        KeyBinding(
          [.down, .char("j")], label: "↓", description: "scroll down", group: "Help",
          action: .scrollHelp(1)),
        KeyBinding(
          [.pageUp], label: "PgUp", description: "page up", group: "Help", action: .scrollHelp(-10)),
        KeyBinding(
          [.pageDown], label: "PgDn", description: "page down", group: "Help",
          action: .scrollHelp(10)),
      ])
    case .messageLog:
      return Keymap([
        KeyBinding(
          [.char("!"), .escape, .char("q"), .enter], label: "!/Esc", description: "close messages",
          group: "Messages", action: .messages(.toggle)),
        KeyBinding(
          [.up, .char("k")], label: "↑", description: "scroll up", group: "Messages",
          action: .messages(.scroll(-1))),
        KeyBinding(
          [.down, .char("j")], label: "↓", description: "scroll down", group: "Messages",
          action: .messages(.scroll(1))),
        KeyBinding(
          [.pageUp], label: "PgUp", description: "page up", group: "Messages",
          action: .messages(.scroll(-10))),
        KeyBinding(
          [.pageDown], label: "PgDn", description: "page down", group: "Messages",
          action: .messages(.scroll(10))),
      ])
    case .quitQuestion:
      return Keymap([
        KeyBinding(
          [.char("y"), .enter, .ctrl("c")], label: "y", description: "quit", group: "Quit?",
          action: .answerQuit(true)),
        KeyBinding(
          [.char("n"), .escape, .char("q")], label: "n", description: "stay", group: "Quit?",
          action: .answerQuit(false)),
      ])
    case .purchase: return PurchaseSheet.keymap.followed(by: help)
    case .redeemCode(let sheet):
      // While the code field has the cursor `?` is part of the code, not help.
      return sheet.isEntering ? RedeemCodeSheet.keymap : RedeemCodeSheet.keymap.followed(by: help)
    case .refund: return RefundSheet.keymap.followed(by: help)
    case .retention: return RetentionSheet.keymap.followed(by: help)
    case .joinFamily(let sheet):
      // While the name field has the cursor `?` is part of the name, not help.
      return sheet.isEntering ? FamilySheet.keymap : FamilySheet.keymap.followed(by: help)
    case .leaveFamily: return FamilySheet.leaveKeymap.followed(by: help)
    case .settings: return SettingsPanel.keymap.followed(by: help)
    case .customerPicker: return CustomerPicker.keymap.followed(by: help)
    }
  }

  /// The action a character means when a text field has the keyboard: the modal's field
  /// first, else the focused field.
  static func typed(_ key: Key, in state: AppState) -> AppAction? {
    if let modal = state.modal {
      guard case .char(let character) = key else { return nil }
      switch modal {
      case .redeemCode(let sheet) where sheet.isEntering: return .redeem(.type(character))
      case .joinFamily(let sheet) where sheet.isEntering: return .family(.type(character))
      default: return nil
      }
    }
    switch state.focus {
    case .transactionFilter:
      switch key {
      case .enter: return .transactions(.filter(.commit))
      case .escape: return .transactions(.filter(.clear))
      case .backspace: return .transactions(.filter(.deleteBackward))
      case .char(let character): return .transactions(.filter(.type(character)))
      case .ctrl("c"): return .quit
      default: return nil
      }
    case .customerSearch:
      switch key {
      case .enter: return .support(.search)
      case .escape: return .support(.stopTyping)
      case .backspace: return .support(.deleteBackward)
      case .char(let character): return .support(.type(character))
      case .ctrl("c"): return .quit
      default: return nil
      }
    case nil:
      return nil
    }
  }

  /// Draws `modal` over the screen body; help and the quit question are drawn over the whole
  /// frame by ``drawOverFrame(_:_:in:)``.
  static func drawOverBody(_ modal: Modal, _ state: AppState, in area: inout Canvas) {
    switch modal {
    case .purchase(let sheet): PurchaseSheet.render(sheet, snapshot: state.snapshot, in: &area)
    case .redeemCode(let sheet):
      RedeemCodeSheet.render(sheet, snapshot: state.snapshot, in: &area)
    case .refund(let sheet): RefundSheet.render(sheet, snapshot: state.snapshot, in: &area)
    case .retention(let sheet): RetentionSheet.render(sheet, snapshot: state.snapshot, in: &area)
    case .joinFamily(let sheet): FamilySheet.render(sheet, snapshot: state.snapshot, in: &area)
    case .leaveFamily: FamilySheet.leaveDialog(state).render(in: &area)
    case .settings(let row): SettingsPanel.render(state, selected: row, in: &area)
    case .customerPicker(let id): CustomerPicker.render(state, selected: id, in: &area)
    case .help(let below): if let below { drawOverBody(below, state, in: &area) }
    case .quitQuestion, .messageLog: break
    }
  }

  /// Draws the question and the help overlay over the whole frame.
  static func drawOverFrame(_ modal: Modal, _ state: AppState, in canvas: inout Canvas) {
    switch modal {
    case .quitQuestion:
      Dialog(
        title: state.snapshot.localized("Quit?"),
        message: state.snapshot.localized("A purchase is in flight. Quit anyway?"),
        buttons: [state.snapshot.localized("y Quit"), state.snapshot.localized("n Stay")],
        focusedButton: 1, messageRole: .warning
      ).render(in: &canvas)
    case .help(let below):
      if let below { drawOverFrame(below, state, in: &canvas) }
      StoreTermApp.helpView(state).render(in: &canvas)
    case .messageLog:
      StoreTermApp.messageOverlay(state).render(in: &canvas)
    default:
      break
    }
  }
}
