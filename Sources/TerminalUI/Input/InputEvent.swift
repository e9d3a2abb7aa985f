/// Something the terminal reports: a key press, a mouse click or a new size.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// A left-button click on the cell at this point (where the terminal reports clicks).
  case click(Point)
  /// The terminal now has this size.
  case resize(Size)
}
