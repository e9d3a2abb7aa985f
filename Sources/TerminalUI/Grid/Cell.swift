/// One terminal cell: the character shown, its style role and how many columns it spans.
///
/// A wide character (CJK, most emoji) occupies two cells: the first holds the character with
/// width 2, the second is a continuation cell with width 0 that a renderer skips.
public struct Cell: Hashable, Sendable {
  /// The character shown (a space for an empty cell or a continuation cell).
  public var grapheme: Character
  /// The semantic style.
  public var role: StyleRole
  /// Columns taken: 1, 2 for the first half of a wide character, 0 for its second half.
  public var width: UInt8

  /// Creates a cell.
  public init(_ grapheme: Character, role: StyleRole = .normal, width: UInt8 = 1) {
    self.grapheme = grapheme
    self.role = role
    self.width = width
  }

  /// An empty cell in the normal role.
  public static let blank = Cell(" ")

  /// An empty cell in `role`.
  public static func blank(_ role: StyleRole) -> Cell { Cell(" ", role: role) }

  /// The second half of a wide character in `role`.
  public static func continuation(_ role: StyleRole) -> Cell { Cell(" ", role: role, width: 0) }

  /// Whether this is the second half of a wide character.
  public var isContinuation: Bool { width == 0 }
}
