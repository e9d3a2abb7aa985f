/// What a piece of text means on screen; a ``Theme`` decides how each role looks.
///
/// Widgets name roles, never colors, so a theme file (or `NO_COLOR`) restyles everything at once.
/// Each role has a one-letter code used in the style layer of ``ScreenSnapshot``; this enum is
/// the only place those letters are defined.
public enum StyleRole: String, CaseIterable, Hashable, Sendable {
  /// Ordinary text.
  case normal
  /// Secondary text: descriptions, timestamps, hints.
  case dim
  /// Panel, dialog and section titles.
  case title
  /// The frame of a panel that does not have focus.
  case border
  /// The frame of the panel that has focus.
  case borderFocused
  /// The selected row of the focused list.
  case selection
  /// The selected row of a list without focus.
  case selectionInactive
  /// A price.
  case price
  /// A status badge such as Active or Pending approval.
  case badge
  /// Good news: a purchase went through.
  case success
  /// Something needs attention.
  case warning
  /// Something failed.
  case error
  /// A key name in the hint bar or help overlay.
  case key
  /// The description beside a key.
  case keyHint
  /// A key that cannot be used right now, with its description.
  case keyHintDisabled

  /// The letter that stands for this role in a snapshot's style layer.
  ///
  /// Legend: `.` normal, `d` dim, `T` title, `B` border, `F` focused border, `S` selection,
  /// `s` inactive selection, `P` price, `b` badge, `g` success, `w` warning, `e` error, `K` key,
  /// `k` key hint, `x` disabled key hint. The second column of a wide character is written `·`.
  public var snapshotLetter: Character {
    switch self {
    case .normal: "."
    case .dim: "d"
    case .title: "T"
    case .border: "B"
    case .borderFocused: "F"
    case .selection: "S"
    case .selectionInactive: "s"
    case .price: "P"
    case .badge: "b"
    case .success: "g"
    case .warning: "w"
    case .error: "e"
    case .key: "K"
    case .keyHint: "k"
    case .keyHintDisabled: "x"
    }
  }

  /// The role a snapshot letter stands for, or nil for an unknown letter.
  public init?(snapshotLetter: Character) {
    guard let role = StyleRole.allCases.first(where: { $0.snapshotLetter == snapshotLetter })
    else { return nil }
    self = role
  }
}
