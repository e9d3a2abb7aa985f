import TerminalUI

/// The App Store switches QA flips for this session, as StoreKit testing's settings do.
public struct QASettings: Hashable, Sendable {
  /// Purchases ask a parent first.
  public var askToBuy = false
  /// Purchases are interrupted until resolved.
  public var interruptedPurchases = false
  /// Renewals fail to bill.
  public var billingIssues = false
  /// A failed renewal keeps access through the grace period.
  public var gracePeriod = false
  /// The time rate's name, such as `realTime` or `oneDayEqualsOneMinute`.
  public var timeRate = ""

  /// Creates settings, everything off.
  public init(
    askToBuy: Bool = false, interruptedPurchases: Bool = false, billingIssues: Bool = false,
    gracePeriod: Bool = false, timeRate: String = ""
  ) {
    self.askToBuy = askToBuy
    self.interruptedPurchases = interruptedPurchases
    self.billingIssues = billingIssues
    self.gracePeriod = gracePeriod
    self.timeRate = timeRate
  }

  /// The value of `setting`.
  public subscript(setting: QASetting) -> Bool {
    get {
      switch setting {
      case .askToBuy: askToBuy
      case .interruptedPurchases: interruptedPurchases
      case .billingIssues: billingIssues
      case .gracePeriod: gracePeriod
      }
    }
    set {
      switch setting {
      case .askToBuy: askToBuy = newValue
      case .interruptedPurchases: interruptedPurchases = newValue
      case .billingIssues: billingIssues = newValue
      case .gracePeriod: gracePeriod = newValue
      }
    }
  }
}

/// One switch of the settings panel.
public enum QASetting: Int, CaseIterable, Hashable, Sendable {
  /// Ask to Buy.
  case askToBuy
  /// Interrupted purchases.
  case interruptedPurchases
  /// Billing issues at renewal.
  case billingIssues
  /// The billing grace period.
  case gracePeriod

  /// The switch's label.
  public var title: String {
    switch self {
    case .askToBuy: "Ask to Buy"
    case .interruptedPurchases: "Interrupted purchases"
    case .billingIssues: "Billing issues at renewal"
    case .gracePeriod: "Billing grace period"
    }
  }
}

/// The transaction manager's settings panel (`g`): a modal list of switches, and the clock.
public enum SettingsPanel {
  /// The panel's keys; while it is open no other screen key works.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "previous setting", group: "Settings",
      showsInHintBar: false, action: .settings(.move(-1))),
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "next setting", group: "Settings",
      showsInHintBar: false, action: .settings(.move(1))),
    KeyBinding(
      [.char(" "), .enter], label: "Space/Enter", description: "switch on/off", group: "Settings",
      disabledReason: { $0.mutationBlocked }, action: .settings(.toggle)),
    KeyBinding(
      [.escape, .char("g")], label: "Esc/g", description: "close", group: "Settings",
      action: .settings(.close)),
  ])

  /// Applies a settings action.
  static func update(_ state: inout AppState, _ action: SettingsAction) -> [AppEffect] {
    switch action {
    case .open:
      state.transactions.settingsSelection = 0
      state.transactions.showsSettings = true
    case .close:
      state.transactions.showsSettings = false
    case .move(let delta):
      let count = QASetting.allCases.count
      state.transactions.settingsSelection = min(
        max(state.transactions.settingsSelection + delta, 0), count - 1)
    case .toggle:
      guard let setting = QASetting(rawValue: state.transactions.settingsSelection) else {
        return []
      }
      return [.setSetting(setting, !state.snapshot.settings[setting])]
    }
    return []
  }

  /// Paints the panel centred over `canvas`.
  static func render(_ state: AppState, in canvas: inout Canvas) {
    let settings = state.snapshot.settings
    let width = min(canvas.size.width - 4, 48)
    let frame = canvas.bounds.centered(Size(width: width, height: QASetting.allCases.count + 5))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(frame, title: "Settings", role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      for setting in QASetting.allCases {
        let selected = setting.rawValue == state.transactions.settingsSelection
        let role: StyleRole = selected ? .selection : .normal
        let y = setting.rawValue
        area.fill(Rect(x: 0, y: y, width: area.size.width, height: 1), role: role)
        area.raw(settings[setting] ? "[x] " : "[ ] ", at: Point(x: 0, y: y), role: role)
        area.text(setting.title, at: Point(x: 4, y: y), role: role)
      }
      let rows = QASetting.allCases.count
      area.text(
        "Time rate: \(settings.timeRate)", at: Point(x: 0, y: rows + 1), role: .dim)
      area.text(
        "For this session; t/T advance the clock.", at: Point(x: 0, y: rows + 2), role: .dim)
    }
  }
}

/// What the user does in the settings panel.
public enum SettingsAction: Sendable, Equatable {
  /// `g`: opens the panel.
  case open
  /// `Esc`: closes it.
  case close
  /// Moves the selection.
  case move(Int)
  /// Switches the selected setting.
  case toggle
}
