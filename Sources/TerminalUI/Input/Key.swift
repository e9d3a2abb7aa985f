/// A key the user pressed, independent of the terminal that reported it.
public enum Key: Hashable, Sendable {
  /// A printable character (including space).
  case char(Character)
  /// Return or Enter.
  case enter
  /// Escape on its own.
  case escape
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Backspace.
  case backspace
  /// Delete (forward).
  case delete
  /// A function key, F1 to F24.
  case function(Int)
  /// Control with a letter, written lowercase: `.ctrl("c")` is Ctrl-C.
  case ctrl(Character)

  /// How help and the hint bar write the key: `q`, `Enter`, `↑`, `Ctrl-C`, `F1`, `Space`.
  public var displayName: String {
    switch self {
    case .char(" "): "Space"
    case .char(let character): String(character)
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .backspace: "Backspace"
    case .delete: "Del"
    case .function(let number): "F\(number)"
    case .ctrl(let letter): "Ctrl-\(letter.uppercased())"
    }
  }
}
