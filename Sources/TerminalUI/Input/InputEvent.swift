/// Something the terminal reports: a key press or a new size.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// The terminal now has this size.
  case resize(Size)
}
