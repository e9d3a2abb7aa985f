import CNCurses
import Foundation
import TerminalUI

/// One ncurses screen: setup, reading keys, drawing frames and teardown.
///
/// > Important: Every method must run on the one thread that called ``start(theme:)``; curses is
/// > not thread-safe, and ``NCursesTerminal`` confines it to its own thread.
final class CursesSession {
  private let screen: OpaquePointer
  private let palette: StylePalette
  private let unicode: Bool
  private var lastDrawn: Screen?
  private var ended = false

  private init(screen: OpaquePointer, palette: StylePalette, unicode: Bool) {
    self.screen = screen
    self.palette = palette
    self.unicode = unicode
  }

  /// Starts curses on the process's terminal: locale, cbreak, no echo, keypad, a short Escape
  /// delay, hidden cursor and colors.
  static func start(theme: Theme, terminalType: String) throws(NCursesTerminalError)
    -> CursesSession
  {
    setlocale(LC_ALL, "")
    let unicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
    CrashRestore.saveTerminalModes()
    // newterm (unlike initscr) returns nil instead of exiting the process when it fails.
    guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r"),
      let screen = newterm(nil, output, input)
    else { throw .initializationFailed(type: terminalType) }
    _ = set_term(screen)
    cbreak()
    noecho()
    nonl()
    keypad(cn_stdscr(), true)
    KeySequences.teachCurses()
    // Left clicks, reported at once (no double-click wait); terminals without a mouse ignore it.
    // Releases are asked for too, though unused: ncurses discards an unwanted release and then
    // waits past the input timeout for the next byte, which would stall the frame after a click.
    mousemask(cn_left_button_mask(), nil)
    mouseinterval(0)
    _ = set_escdelay(25)
    _ = curs_set(0)
    wtimeout(cn_stdscr(), 16)
    if has_colors() { start_color() }
    let session = CursesSession(
      screen: screen, palette: StylePalette(theme: theme), unicode: unicode)
    // What the crash handler writes: normal attributes, visible cursor, main screen back.
    let capabilities: [String] = ["sgr0", "cnorm", "rmcup"]
    CrashRestore.arm(
      resetSequence: capabilities.compactMap { name in
        cn_capability(name).map { String(cString: $0) }
      }.joined())
    return session
  }

  /// The terminal's size now.
  var size: Size {
    Size(width: Int(cn_getmaxx(cn_stdscr())), height: Int(cn_getmaxy(cn_stdscr())))
  }

  /// Waits up to 16 ms for input; returns the event, or nil when nothing came.
  func readEvent() -> InputEvent? {
    var character: wint_t = 0
    let result = wget_wch(cn_stdscr(), &character)
    if result == KEY_CODE_YES {
      if Int32(character) == cn_key_resize() {
        // ncurses has resized its own screen; start the next frame from a clean slate.
        lastDrawn = nil
        werase(cn_stdscr())
        return .resize(size)
      }
      if Int32(character) == cn_key_mouse() {
        var event = MEVENT()
        guard getmouse(&event) == OK, event.bstate & cn_left_click_mask() != 0 else { return nil }
        return .click(Point(x: Int(event.x), y: Int(event.y)))
      }
      return KeyTranslation.key(code: Int32(character)).map(InputEvent.key)
    }
    guard result == OK else { return nil }
    return KeyTranslation.key(character: UInt32(character)).map(InputEvent.key)
  }

  /// Draws the cells of `frame` that differ from the frame drawn last, then updates the
  /// terminal.
  func draw(_ frame: Screen) {
    let current = size
    let runs = frame.size == current ? frame.diff(from: lastDrawn) : frame.diff(from: nil)
    for run in runs where run.origin.y < current.height {
      var x = run.origin.x
      for cell in run.cells {
        defer { x += 1 }
        guard !cell.isContinuation, x < current.width else { continue }
        put(cell, x: x, y: run.origin.y, screenWidth: current.width)
      }
    }
    // A frame of another size is a stale one (a resize is on its way); repaint the next fully.
    lastDrawn = frame.size == current ? frame : nil
    wnoutrefresh(cn_stdscr())
    doupdate()
  }

  private func put(_ cell: Cell, x: Int, y: Int, screenWidth: Int) {
    let (attributes, pair) = palette[cell.role]
    var characters = characters(for: cell)
    let libraryWidth = cn_wcwidth(characters[0])
    if libraryWidth != Int32(cell.width) {
      // The C library measures this character differently from our table; showing it would
      // shift the rest of the row, so a placeholder of the right width is drawn instead.
      characters = [wchar_t(UInt8(ascii: "?"))]
    }
    characters.append(0)
    var value = cchar_t()
    setcchar(&value, characters, attributes, pair, nil)
    mvwadd_wch(cn_stdscr(), Int32(y), Int32(x), &value)
    if cell.width == 2 && cn_wcwidth(characters[0]) != 2 && x + 1 < screenWidth {
      var blank = cchar_t()
      setcchar(&blank, [wchar_t(32), 0], attributes, pair, nil)
      mvwadd_wch(cn_stdscr(), Int32(y), Int32(x + 1), &blank)
    }
  }

  /// The spacing character and up to three combining ones; in a non-UTF-8 locale, an ASCII
  /// stand-in.
  private func characters(for cell: Cell) -> [wchar_t] {
    let scalars = Array(cell.grapheme.unicodeScalars)
    guard unicode else {
      return [wchar_t(AsciiFallback.character(for: scalars[0]).value)]
    }
    var result = [wchar_t(bitPattern: scalars[0].value)]
    for scalar in scalars.dropFirst() where result.count < 4 {
      let value = wchar_t(bitPattern: scalar.value)
      if cn_wcwidth(value) == 0 { result.append(value) }
    }
    return result
  }

  /// Restores the terminal: leaves curses mode and frees the screen.
  ///
  /// Safe to call twice.
  func end() {
    guard !ended else { return }
    ended = true
    if cn_capability("rmcup") == nil {
      // Without an alternate screen the last frame would stay behind under the shell's prompt.
      werase(cn_stdscr())
      wrefresh(cn_stdscr())
    }
    _ = curs_set(1)
    endwin()
    delscreen(screen)
    CrashRestore.disarm()
  }
}
