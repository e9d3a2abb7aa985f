/// Why the terminal interface cannot start here; each case reads as one sentence.
public enum NCursesTerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Standard input or output is a file or pipe.
  case notATerminal(stream: String)
  /// TERM names a type terminfo does not know.
  case unknownTerminal(type: String)
  /// The terminal type cannot position the cursor (TERM=dumb and hard-copy terminals).
  case cannotAddressCursor(type: String)
  /// ncurses refused to start.
  case initializationFailed(type: String)

  /// The sentence shown to the user.
  public var description: String {
    switch self {
    case .notATerminal(let stream):
      "The terminal interface needs an interactive terminal, but standard \(stream) is not one."
    case .unknownTerminal(let type):
      "The terminal type \"\(type)\" is unknown to this system's terminfo database; set TERM to a known type such as xterm-256color."
    case .cannotAddressCursor(let type):
      "The terminal type \"\(type)\" cannot move the cursor, so the full-screen interface cannot run; set TERM to a type such as xterm-256color."
    case .initializationFailed(let type):
      "The terminal of type \"\(type)\" could not be initialized."
    }
  }
}
