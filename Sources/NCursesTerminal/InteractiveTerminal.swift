import TerminalUI

/// A backend on the process's own terminal, which a signal can end.
public protocol InteractiveTerminal: TerminalBackend {
  /// The signal (SIGINT, SIGTERM or SIGHUP) that ended the session, if one did; the caller
  /// should exit with status 128 plus this number.
  var terminationSignal: Int32? { get }
}

/// Opens the best backend the terminal allows.
public enum TerminalSession {
  /// ncurses when the terminal can move the cursor; otherwise (TERM=dumb, hard-copy terminals)
  /// the line-mode backend, which prints each frame whole.
  ///
  /// - Throws: ``NCursesTerminalError`` when standard input or output is not a terminal, when
  ///   TERM is unknown, or when ncurses fails to start.
  public static func open(theme: Theme = .default) throws(NCursesTerminalError)
    -> any InteractiveTerminal
  {
    do {
      return try NCursesTerminal(theme: theme)
    } catch .cannotAddressCursor {
      return try LineModeTerminal()
    }
  }
}
