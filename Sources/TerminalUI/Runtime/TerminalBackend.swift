/// A terminal a ``Program`` can run on: it reports input and shows frames.
///
/// Implementations: `NCursesTerminal` for a real terminal and ``HeadlessTerminal`` for tests.
public protocol TerminalBackend: Sendable {
  /// The stream of key presses and resizes; it ends when the terminal goes away. Call once.
  func events() -> AsyncStream<InputEvent>
  /// Shows `screen` as soon as the backend can; a newer frame may replace one not yet drawn.
  func present(_ screen: Screen)
  /// The terminal's current size.
  var size: Size { get }
  /// Restores the terminal and ends the event stream; safe to call more than once.
  func shutdown()
}
