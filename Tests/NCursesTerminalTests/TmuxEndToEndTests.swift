import Foundation
import StoreTermTestSupport
import TerminalUI
import Testing

/// The real `storeterm-tui-check` binary in tmux: exact frames, keys, resizes, signals, hostile
/// terminal types and locales, and a restored shell afterwards every time.
///
/// Without tmux these tests are skipped with a printed reason, except under `CI=true`, where a
/// missing tmux is a failure.
@Suite(.serialized) struct TmuxEndToEndTests {
  static func tmuxIsAvailable() -> Bool { TmuxSession.isAvailable(for: "the tmux end-to-end test") }

  /// What the shell shows after `t` ran and exited with `status` (alternate screen restored).
  static func restoredShell(status: Int) -> [String] { ["$ t", "exit=\(status)", "$"] }

  /// The check frame's top border at `width` columns.
  static func top(_ width: Int) -> String {
    "┌ storeterm-tui-check " + String(repeating: "─", count: width - 23) + "┐"
  }

  /// A framed line: `content` padded to fit between the side borders.
  static func framed(_ content: String, width: Int) -> String {
    "│ " + content + String(repeating: " ", count: width - 4 - DisplayWidth.of(content)) + " │"
  }

  /// The whole 80×24 frame.
  static func frame80x24(keys: Int, last: String) -> [String] {
    [
      top(80),
      framed("日本語のテキスト 漢字 ｶﾀｶﾅ", width: 80),
      framed("size 80x24  keys \(keys)  last \(last)", width: 80),
      framed("", width: 80),
      framed("normal dim title border borderFocused selection selectionInactive price", width: 80),
      framed("badge success warning error key keyHint keyHintDisabled", width: 80),
    ] + Array(repeating: framed("", width: 80), count: 16) + [
      "└" + String(repeating: "─", count: 78) + "┘",
      " q quit",
    ]
  }

  static let frame20x8 = [
    "┌ storeterm-tui-… ─┐",
    "│ 日本語のテキス…  │",
    "│ size 20x8  keys… │",
    "│                  │",
    "│ normal dim title │",
    "│ border           │",
    "└──────────────────┘",
    " q quit",
  ]

  @Test func xterm256ShowsTheFrameFollowsKeysAndResizesAndRestoresTheShell() throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    var screen = try tmux.waitUntil { $0 == Self.frame80x24(keys: 0, last: "-") }
    #expect(screen.lines == Self.frame80x24(keys: 0, last: "-"))

    try tmux.send("j")
    try tmux.send("Down")
    screen = try tmux.waitUntil { $0 == Self.frame80x24(keys: 2, last: "↓") }
    #expect(screen.lines == Self.frame80x24(keys: 2, last: "↓"))

    try tmux.resize(width: 100, height: 30)
    screen = try tmux.waitUntil { $0.count == 30 && $0.first == Self.top(100) }
    #expect(screen.held)
    #expect(screen.lines[2] == Self.framed("size 100x30  keys 2  last ↓", width: 100))

    try tmux.resize(width: 20, height: 8)
    screen = try tmux.waitUntil { $0 == Self.frame20x8 }
    #expect(screen.lines == Self.frame20x8)

    try tmux.send("q")
    screen = try tmux.waitUntil { $0 == Self.restoredShell(status: 0) }
    #expect(screen.lines == Self.restoredShell(status: 0))
  }

  @Test func theSmallestSizeShowsATruncatedFrame() throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 20, height: 8, term: "xterm-256color")
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    var screen = try tmux.waitUntil { $0 == Self.frame20x8 }
    #expect(screen.lines == Self.frame20x8)
    try tmux.send("q")
    screen = try tmux.waitUntil { $0 == Self.restoredShell(status: 0) }
    #expect(screen.lines == Self.restoredShell(status: 0))
  }

  @Test func aDumbTerminalGetsWholeFramesInLineMode() throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 80, height: 24, term: "dumb")
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    // Each frame is printed whole below the last and, being as tall as the pane, replaces it.
    var screen = try tmux.waitUntil { $0 == Self.frame80x24(keys: 0, last: "-") }
    #expect(screen.lines == Self.frame80x24(keys: 0, last: "-"))

    try tmux.send("j", "Down")
    screen = try tmux.waitUntil { $0 == Self.frame80x24(keys: 2, last: "↓") }
    #expect(screen.lines == Self.frame80x24(keys: 2, last: "↓"))

    try tmux.resize(width: 20, height: 8)
    screen = try tmux.waitUntil { $0 == Self.frame20x8 }
    #expect(screen.lines == Self.frame20x8)

    try tmux.send("q")
    screen = try tmux.waitUntil { $0.suffix(2) == ["exit=0", "$"] }
    #expect(screen.lines.suffix(3) == [" q quit", "exit=0", "$"])
  }

  @Test func anUnknownTerminalTypeIsRefusedWithOneSentence() throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 80, height: 24, term: "nosuch-terminal")
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    let expected = [
      "$ t",
      "storeterm-tui-check: The terminal type \"nosuch-terminal\" is unknown to this system's terminfo database; set TERM to a known type such as xterm-256color.",
      "exit=1",
      "$",
    ]
    let screen = try tmux.waitUntil { $0 == expected }
    #expect(screen.lines == expected)
  }

  @Test(arguments: ["vt100", "linux"])
  func terminalsWithoutAnAlternateScreenAreLeftClean(term: String) throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 30, height: 8, term: term)
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    var screen = try tmux.waitUntil {
      $0.count == 8 && $0[2] == Self.framed("size 30x8  keys 0  last -", width: 30)
    }
    #expect(screen.held)
    #expect(screen.lines.first == Self.top(30))
    try tmux.send("q")
    // The last frame is erased; the shell carries on at the bottom of a clean screen.
    screen = try tmux.waitUntil { $0.suffix(2) == ["exit=0", "$"] }
    #expect(screen.lines.suffix(2) == ["exit=0", "$"])
    #expect(screen.lines.dropLast(2).allSatisfy { $0.isEmpty })
  }

  @Test func aNonUTF8LocaleGetsAnASCIIFrame() throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 30, height: 8, term: "xterm-256color", lang: "C")
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    let expected = [
      "+ storeterm-tui-check -------+",
      "| ? ? ? ? ? ? ? ?  ? ?  ???? |",
      "| size 30x8  keys 0  last -  |",
      "|                            |",
      "| normal dim title border    |",
      "| borderFocused selection    |",
      "+----------------------------+",
      " q quit",
    ]
    var screen = try tmux.waitUntil { $0 == expected }
    #expect(screen.lines == expected)
    try tmux.send("q")
    screen = try tmux.waitUntil { $0 == Self.restoredShell(status: 0) }
    #expect(screen.lines == Self.restoredShell(status: 0))
  }

  @Test func controlCRestoresTheTerminalAndExitsWith130() throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 40, height: 10, term: "xterm-256color")
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    var screen = try tmux.waitUntil { $0.first == Self.top(40) }
    #expect(screen.held)
    try tmux.send("C-c")
    screen = try tmux.waitUntil { $0 == Self.restoredShell(status: 130) }
    #expect(screen.lines == Self.restoredShell(status: 130))
  }

  @Test func inputFasterThanFramesIsNotLost() throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    _ = try tmux.waitUntil { $0 == Self.frame80x24(keys: 0, last: "-") }
    try tmux.send(String(repeating: "x", count: 300))
    var screen = try tmux.waitUntil { $0 == Self.frame80x24(keys: 300, last: "x") }
    #expect(screen.lines == Self.frame80x24(keys: 300, last: "x"))
    try tmux.send("q")
    screen = try tmux.waitUntil { $0 == Self.restoredShell(status: 0) }
    #expect(screen.lines == Self.restoredShell(status: 0))
  }

  @Test func twentyResizesInABurstEndOnTheLastSize() throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    _ = try tmux.waitUntil { $0 == Self.frame80x24(keys: 0, last: "-") }
    for index in 0..<20 {
      try tmux.resize(
        width: index % 2 == 0 ? 20 + index * 7 : 300, height: index % 2 == 0 ? 8 : 100)
    }
    try tmux.resize(width: 80, height: 24)
    var screen = try tmux.waitUntil { $0 == Self.frame80x24(keys: 0, last: "-") }
    #expect(screen.lines == Self.frame80x24(keys: 0, last: "-"))
    try tmux.send("q")
    screen = try tmux.waitUntil { $0 == Self.restoredShell(status: 0) }
    #expect(screen.lines == Self.restoredShell(status: 0))
  }

  /// Whether tmux's styled capture sets a color: an SGR parameter 30–38, 40–48, 90–97 or
  /// 100–107.
  static func hasColor(_ styled: String) -> Bool {
    styled.split(separator: "\u{1B}").contains { sequence in
      guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { return false }
      return sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";")
        .contains { parameter in
          guard let value = Int(parameter) else { return false }
          return (30...38).contains(value) || (40...48).contains(value)
            || (90...97).contains(value) || (100...107).contains(value)
        }
    }
  }

  @Test(arguments: [
    ("xterm-256color", false, true),
    ("xterm-256color", true, false),  // NO_COLOR: attributes only
    ("vt100", false, false),  // no colors in terminfo: attributes only
  ])
  func colorsFollowTheTerminalAndNoColor(term: String, noColor: Bool, expectsColor: Bool) throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 80, height: 24, term: term)
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send(noColor ? "NO_COLOR=1 t" : "t", "Enter")
    let screen = try tmux.waitUntil { $0.first == Self.top(80) }
    #expect(screen.held)
    let styled = try tmux.captureWithStyles()
    #expect(Self.hasColor(styled) == expectsColor)
    // Bold titles and reverse-video selection survive without color.
    #expect(styled.contains("\u{1B}[1m") || styled.contains(";1m") || styled.contains("[1;"))
    try tmux.send("q")
    _ = try tmux.waitUntil { $0.suffix(2) == ["exit=0", "$"] }
  }

  @Test(arguments: ["xterm-256color", "dumb"])
  func aCrashStillRestoresTheTerminal(term: String) throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 80, height: 24, term: term)
    _ = try tmux.waitUntil { $0 == ["$"] }
    // Swift's backtracer is off so the test does not wait for symbolication.
    try tmux.send("SWIFT_BACKTRACE=enable=no t --crash-key", "Enter")
    _ = try tmux.waitUntil { $0.first == Self.top(80) }
    try tmux.send("!")
    var screen = try tmux.waitUntil { $0.last == "$" && $0.contains { $0.hasPrefix("exit=") } }
    #expect(screen.held)
    // A Swift trap is SIGILL (132) or SIGTRAP (133), depending on the architecture.
    #expect(screen.lines.contains { $0 == "exit=132" || $0 == "exit=133" })
    #expect(!screen.lines.contains(Self.top(80)) || term == "dumb")
    // The runtime's message, written while the interface was up, is shown once it is gone.
    #expect(
      try tmux.capture(history: true).contains {
        $0.hasSuffix("Fatal error: crash requested with ! (--crash-key)")
      })
    // Echo and line editing are back: what is typed shows, and the shell runs it.
    try tmux.send("echo restored", "Enter")
    screen = try tmux.waitUntil { $0.suffix(3) == ["$ echo restored", "restored", "$"] }
    #expect(screen.lines.suffix(3) == ["$ echo restored", "restored", "$"])
  }

  @Test(arguments: ["xterm-256color", "dumb"])
  func sigtermRestoresTheTerminalAndExitsWith143(term: String) throws {
    guard Self.tmuxIsAvailable() else { return }
    let tmux = try TmuxSession(width: 40, height: 10, term: term)
    _ = try tmux.waitUntil { $0 == ["$"] }
    try tmux.send("t", "Enter")
    _ = try tmux.waitUntil { $0.first == Self.top(40) }
    let children = try tmux.shellChildren()
    #expect(children.count == 1)
    // Only the check the pane's shell started, never anything found by name.
    for child in children { kill(child, SIGTERM) }
    let screen = try tmux.waitUntil { $0.suffix(2) == ["exit=143", "$"] }
    #expect(screen.lines.suffix(2) == ["exit=143", "$"])
    if term == "xterm-256color" { #expect(screen.lines == Self.restoredShell(status: 143)) }
  }
}
