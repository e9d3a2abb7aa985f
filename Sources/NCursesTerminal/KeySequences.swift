import CNCurses
import TerminalUI

/// The escape sequences terminals and tmux send for the editing and paging keys, whatever the
/// `TERM` the program runs under says.
///
/// tmux sends `ESC [1~` for Home and `ESC [4~` for End under every `TERM`, while xterm's
/// terminfo expects `ESC OH` and `ESC OF`; a sequence terminfo does not name reached the app as
/// Escape then `1`, which switched to the Paywall. Both backends use this one table: the line
/// decoder reads it, and curses is taught every entry with `define_key`.
enum KeySequences {
  /// One sequence: its bytes, the key it is, and the curses code it is taught as (nil: a key
  /// the app has no use for, such as Insert, swallowed whole).
  struct Entry: Sendable {
    /// The bytes after the Escape byte.
    var bytes: String
    /// The key, or nil for a key that is read and dropped.
    var key: Key?
    /// The curses code `wget_wch` reports for it.
    var code: Int32
  }

  /// Home, End, Page Up, Page Down, Delete and Insert as VT220 (`[1~`), xterm (`[H`, `OH`) and
  /// rxvt (`[7~`, `[8~`) send them.
  static let entries: [Entry] = [
    Entry(bytes: "[1~", key: .home, code: KEY_HOME),
    Entry(bytes: "[7~", key: .home, code: KEY_HOME),
    Entry(bytes: "[H", key: .home, code: KEY_HOME),
    Entry(bytes: "OH", key: .home, code: KEY_HOME),
    Entry(bytes: "[4~", key: .end, code: KEY_END),
    Entry(bytes: "[8~", key: .end, code: KEY_END),
    Entry(bytes: "[F", key: .end, code: KEY_END),
    Entry(bytes: "OF", key: .end, code: KEY_END),
    Entry(bytes: "[5~", key: .pageUp, code: KEY_PPAGE),
    Entry(bytes: "[6~", key: .pageDown, code: KEY_NPAGE),
    Entry(bytes: "[3~", key: .delete, code: KEY_DC),
    Entry(bytes: "[2~", key: nil, code: KEY_IC),
  ]

  /// Teaches the current curses screen every sequence, replacing what terminfo bound to the
  /// same bytes (xterm's `kfnd` and `kslt` take `ESC [1~` and `ESC [4~`).
  static func teachCurses() {
    for entry in entries {
      let sequence = "\u{1B}" + entry.bytes
      _ = define_key(sequence, 0)
      _ = define_key(sequence, entry.code)
    }
  }
}
