import StoreCore
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
  /// The StoreKit error each API is made to fail with, by name.
  public var failures: [SimulatedErrorSetting.API: String] = [:]
  /// The storefront and locale, such as `USA en_US`.
  public var storefront = ""

  /// Creates settings, everything off.
  public init(
    askToBuy: Bool = false, interruptedPurchases: Bool = false, billingIssues: Bool = false,
    gracePeriod: Bool = false, timeRate: String = "",
    failures: [SimulatedErrorSetting.API: String] = [:], storefront: String = ""
  ) {
    self.askToBuy = askToBuy
    self.interruptedPurchases = interruptedPurchases
    self.billingIssues = billingIssues
    self.gracePeriod = gracePeriod
    self.timeRate = timeRate
    self.failures = failures
    self.storefront = storefront
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
    case .billingIssues: "Billing issues"
    case .gracePeriod: "Billing grace period"
    }
  }

  /// The session switch it turns, as the ledger keeps it for every process.
  public var sessionSwitch: StoreSession.Switch {
    switch self {
    case .askToBuy: .askToBuy
    case .interruptedPurchases: .interruptedPurchases
    case .billingIssues: .billingIssues
    case .gracePeriod: .gracePeriod
    }
  }
}

/// One row of the settings panel.
public enum SettingsRow: Hashable, Sendable {
  /// A switch.
  case toggle(QASetting)
  /// The simulated clock's rate.
  case timeRate
  /// The storefront and locale.
  case storefront
  /// The error an API fails with, or none.
  case failure(SimulatedErrorSetting.API)

  /// Every row, in order.
  public static let all: [SettingsRow] =
    QASetting.allCases.map(SettingsRow.toggle) + [.timeRate, .storefront]
    + SimulatedErrorSetting.API.allCases.map(SettingsRow.failure)

  /// The values a choice row cycles through (nil standing for no simulated error).
  public var choices: [String?] {
    switch self {
    case .toggle: []
    case .timeRate: TimeRate.named.map(\.name)
    case .storefront: Self.storefronts
    case .failure(let api): [nil] + Self.errorNames(for: api)
    }
  }

  /// Storefronts with a locale the demo catalog is localized for, as `ISO3 locale`.
  public static let storefronts: [String?] = [
    "USA en_US", "GBR en_GB", "DEU de_DE", "FRA fr_FR", "JPN ja_JP",
  ]

  /// The StoreKit errors an API can be made to fail with, as `SimulatedFailure` names them.
  static func errorNames(for api: SimulatedErrorSetting.API) -> [String] {
    let cases = SimulatedError.casesByFamily
    switch api {
    case .verification: return cases["verification"] ?? []
    case .purchase: return (cases["generic"] ?? []) + (cases["purchase"] ?? [])
    case .refundRequest: return (cases["generic"] ?? []) + (cases["refund request"] ?? [])
    default: return cases["generic"] ?? []
    }
  }
}

/// The transaction manager's settings panel (`g`): switches, the time rate and simulated errors
/// per API, for this session.
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
      [.char(" "), .enter, .right, .char("l")], label: "Space/→", description: "change",
      group: "Settings", disabledReason: { $0.mutationBlocked }, action: .settings(.change(1))),
    KeyBinding(
      [.left, .char("h")], label: "←/h", description: "change back", group: "Settings",
      showsInHintBar: false, disabledReason: { $0.mutationBlocked },
      action: .settings(.change(-1))),
    KeyBinding(
      [.escape, .char("g")], label: "Esc/g", description: "close", group: "Settings",
      action: .settings(.close)),
  ])

  /// Applies a settings action.
  static func update(_ state: inout AppState, _ action: SettingsAction) -> [AppEffect] {
    let rows = SettingsRow.all
    switch (action, state.modal) {
    case (.open, nil):
      state.modal = .settings(rows[0])
    case (.close, .settings):
      state.modal = nil
    case (.move(let delta), .settings(let row)):
      let index = rows.firstIndex(of: row) ?? 0
      state.modal = .settings(rows[min(max(index + delta, 0), rows.count - 1)])
    case (.change(let delta), .settings(let row)):
      return change(row, by: delta, settings: state.snapshot.settings)
    default:
      break
    }
    return []
  }

  private static func change(_ row: SettingsRow, by delta: Int, settings: QASettings)
    -> [AppEffect]
  {
    switch row {
    case .toggle(let setting):
      return [.setSetting(setting, !settings[setting])]
    case .timeRate:
      guard let next = step(row.choices, from: settings.timeRate, by: delta) else { return [] }
      return next.map { [.setTimeRate($0)] } ?? []
    case .storefront:
      guard let next = step(row.choices, from: settings.storefront, by: delta), let next,
        let space = next.firstIndex(of: " ")
      else { return [] }
      return [
        .setStorefront(
          String(next[..<space]), locale: String(next[next.index(after: space)...]))
      ]
    case .failure(let api):
      guard let next = step(row.choices, from: settings.failures[api], by: delta) else {
        return []
      }
      return [.setFailure(api, next)]
    }
  }

  /// The choice `delta` steps from `current`, wrapping around; nil when there are none.
  private static func step(_ choices: [String?], from current: String?, by delta: Int)
    -> String??
  {
    guard !choices.isEmpty else { return nil }
    let index = choices.firstIndex(of: current) ?? 0
    let count = choices.count
    return .some(choices[((index + delta) % count + count) % count])
  }

  /// Paints the panel centred over `canvas`, scrolled to keep the selection in view.
  static func render(_ state: AppState, selected: SettingsRow, in canvas: inout Canvas) {
    let settings = state.snapshot.settings
    let rows = SettingsRow.all
    let width = min(canvas.size.width - 4, 56)
    let height = min(rows.count + 4, canvas.size.height)
    let frame = canvas.bounds.centered(Size(width: width, height: height))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(
      frame, title: state.snapshot.localized("Settings"), role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      let visible = max(1, area.size.height - 2)
      let position = rows.firstIndex(of: selected) ?? 0
      let window = AccountScreen.window(selected: position, count: rows.count, height: visible)
      for (y, index) in window.rows.enumerated() {
        let selected = index == position
        let role: StyleRole = selected ? .selection : .normal
        area.fill(Rect(x: 0, y: y, width: area.size.width, height: 1), role: role)
        let (label, value) = text(rows[index], settings: settings, snapshot: state.snapshot)
        area.text(label, at: Point(x: 0, y: y), role: role, width: 26)
        if let value {
          area.text(value, at: Point(x: 27, y: y), role: selected ? role : .key)
        }
      }
      area.text(
        state.snapshot.localized("Errors make each API throw. For this session."),
        at: Point(x: 0, y: area.size.height - 1),
        role: .dim)
    }
  }

  // The API names (`Load Products`) and error names are StoreKit's own: they stay as they are.
  private static func text(_ row: SettingsRow, settings: QASettings, snapshot: StoreSnapshot)
    -> (String, String?)
  {
    switch row {
    case .toggle(let setting):
      return ((settings[setting] ? "[x] " : "[ ] ") + snapshot.localized(setting.title), nil)
    case .timeRate:
      return (snapshot.localized("Time rate"), "◂ \(settings.timeRate) ▸")
    case .storefront:
      return (snapshot.localized("Storefront and locale"), "◂ \(settings.storefront) ▸")
    case .failure(let api):
      return (api.rawValue, "◂ \(settings.failures[api] ?? snapshot.localized("no error")) ▸")
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
  /// Switches the selected setting, or steps its value by this many choices.
  case change(Int)
}
