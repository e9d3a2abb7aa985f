import StoreCore
import TerminalUI

/// The Join Family sheet, open over the account screen: a group name field and the ledger's
/// groups to pick from.
public struct FamilySheetState: Hashable, Sendable {
  /// Where the sheet stands.
  public enum Phase: Hashable, Sendable {
    /// The customer types a group name or picks one from the list.
    case entering
    /// The App Store is adding the customer to the group.
    case joining
  }

  /// Where the sheet stands.
  public var phase: Phase = .entering
  /// The group name as typed (or filled in by picking from the list).
  public var name = ""
  /// The position in ``FamilyStatus/groups`` of the listed group the field holds, if any.
  public var selected: Int?
  /// Why the last attempt changed nothing, as one sentence.
  public var problem: String?

  /// Creates an empty sheet.
  public init() {}

  /// Whether the customer can type into the name field.
  public var isEntering: Bool { phase == .entering }
}

/// What the user (or the runner's answer) does to Family Sharing on the account screen.
public enum FamilyAction: Sendable, Equatable {
  /// `J`: opens the Join Family sheet.
  case openJoin
  /// A character typed into the group name.
  case type(Character)
  /// `Backspace`: removes the name's last character.
  case deleteBackward
  /// `↑`/`↓`: picks the previous or next listed group into the field.
  case move(Int)
  /// `Enter`: joins the group named in the field.
  case confirm
  /// `Esc`: closes the sheet without joining.
  case cancel
  /// `L`: asks whether to leave the family.
  case askLeave
  /// The answer to "leave the family?".
  case answerLeave(Bool)
  /// The App Store answered a join or leave; `isError` when nothing changed.
  case finished(message: String, isError: Bool)
}

/// Family Sharing on the account screen: joining a group through the sheet, leaving one after
/// a question, both through the simulated App Store's `joinFamily` / `leaveFamily`.
public enum FamilySheet {
  /// The longest group name the App Store accepts (`StoreEngine.isValidFamilyName`).
  static let maximumLength = 64

  /// The sheet's keys; other characters type into the name while it is open.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.enter], description: "join", group: "Join Family", disabledReason: busy,
      action: .family(.confirm)),
    KeyBinding(
      [.escape], description: "cancel", group: "Join Family", disabledReason: busy,
      action: .family(.cancel)),
    KeyBinding(
      [.up], description: "previous group", group: "Join Family", showsInHintBar: false,
      disabledReason: busy, action: .family(.move(-1))),
    KeyBinding(
      [.down], description: "next group", group: "Join Family", showsInHintBar: false,
      disabledReason: busy, action: .family(.move(1))),
    KeyBinding(
      [.backspace], description: "delete a character", group: "Join Family",
      showsInHintBar: false, disabledReason: busy, action: .family(.deleteBackward)),
  ])

  /// The keys of the "leave the family?" question.
  public static let leaveKeymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.char("y"), .enter], label: "y/Enter", description: "leave", group: "Leave Family",
      action: .family(.answerLeave(true))),
    KeyBinding(
      [.char("n"), .escape], label: "n/Esc", description: "stay", group: "Leave Family",
      action: .family(.answerLeave(false))),
  ])

  private static func busy(_ state: AppState) -> String? {
    state.familySheet?.phase == .joining ? "the App Store is answering" : nil
  }

  /// Why `J` cannot open the sheet now, or nil.
  static func joinBlocked(_ state: AppState) -> String? {
    if let reason = state.mutationBlocked { return reason }
    if let group = state.snapshot.family.group {
      return state.snapshot.localized("already in family group %@; leave it first", group)
    }
    return nil
  }

  /// Why `L` cannot leave now, or nil.
  static func leaveBlocked(_ state: AppState) -> String? {
    if let reason = state.mutationBlocked { return reason }
    return state.snapshot.family.group == nil ? "not in a family" : nil
  }

  /// Applies a Family Sharing action.
  static func update(_ state: inout AppState, _ action: FamilyAction) -> [AppEffect] {
    switch action {
    case .openJoin:
      guard state.modal == nil, joinBlocked(state) == nil else { return [] }
      state.familySheet = FamilySheetState()
      return []
    case .askLeave:
      guard leaveBlocked(state) == nil, state.modal == nil else { return [] }
      state.modal = .leaveFamily
      return []
    case .answerLeave(let leaves):
      guard state.modal == .leaveFamily else { return [] }
      state.modal = nil
      guard leaves, let group = state.snapshot.family.group else { return [] }
      state.toast = Toast(state.snapshot.localized("Leaving family group %@…", group))
      return [.leaveFamily]
    case .finished(let message, let isError):
      return finished(&state, message: message, isError: isError)
    default:
      break
    }
    guard var sheet = state.familySheet, sheet.isEntering else { return [] }
    let groups = state.snapshot.family.groups
    var effects: [AppEffect] = []
    switch action {
    case .type(let character):
      guard sheet.name.count < maximumLength else {
        sheet.problem = state.snapshot.localized(
          "A family group name has at most %@ characters.", "\(maximumLength)")
        break
      }
      sheet.name.append(character)
      sheet.problem = nil
      sheet.selected = groups.firstIndex { $0.name == sheet.name }
    case .deleteBackward:
      if !sheet.name.isEmpty { sheet.name.removeLast() }
      sheet.problem = nil
      sheet.selected = groups.firstIndex { $0.name == sheet.name }
    case .move(let delta):
      guard !groups.isEmpty else { break }
      let start = sheet.selected ?? (delta > 0 ? -1 : groups.count)
      let index = min(max(start + delta, 0), groups.count - 1)
      sheet.selected = index
      sheet.name = groups[index].name
      sheet.problem = nil
    case .confirm:
      guard !sheet.name.isEmpty else {
        sheet.problem = state.snapshot.localized(
          "Type a family group name, or pick one with ↑/↓.")
        break
      }
      // The App Store judges the name and the group's size; its sentence comes back.
      sheet.phase = .joining
      sheet.problem = nil
      effects = [.joinFamily(sheet.name)]
    case .cancel:
      state.familySheet = nil
      return []
    default:
      break
    }
    state.familySheet = sheet
    return effects
  }

  /// A join's answer goes to the sheet waiting for it (a refusal keeps the typed name so it
  /// can be corrected); a leave's answer, or one nobody waits for, becomes a message.
  private static func finished(_ state: inout AppState, message: String, isError: Bool)
    -> [AppEffect]
  {
    if var sheet = state.familySheet, sheet.phase == .joining {
      if isError {
        sheet.phase = .entering
        sheet.problem = message
        state.familySheet = sheet
        return []
      }
      state.familySheet = nil
    }
    state.toast = Toast(message, kind: isError ? .error : .success)
    return []
  }
}
