import TerminalUI
import Testing

/// One key map drives key handling, the hint bar and help, with reasons for disabled keys.
@Suite struct KeymapTests {
  struct State {
    var owned = false
    var readOnly = false
  }

  enum Action: Equatable, Sendable {
    case buy, restore, quit, help, down
  }

  static let keymap = Keymap<State, Action>([
    KeyBinding(
      [.enter, .char("b")], label: "b", description: "buy", group: "Paywall",
      disabledReason: { state in
        if state.readOnly { return "read-only" }
        return state.owned ? "Already owned" : nil
      }, action: .buy),
    KeyBinding([.char("R")], description: "restore", group: "Paywall", action: .restore),
    KeyBinding([.down, .char("j")], description: "next", showsInHintBar: false, action: .down),
    KeyBinding([.char("?")], description: "help", action: .help),
    KeyBinding([.char("q"), .ctrl("c")], description: "quit", action: .quit),
  ])

  @Test func boundKeysResolveToTheirAction() {
    let state = State()
    #expect(Self.keymap.resolve(.enter, in: state) == .action(.buy))
    #expect(Self.keymap.resolve(.char("b"), in: state) == .action(.buy))
    #expect(Self.keymap.resolve(.char("j"), in: state) == .action(.down))
    #expect(Self.keymap.resolve(.ctrl("c"), in: state) == .action(.quit))
  }

  @Test func disabledKeysSayWhy() {
    #expect(
      Self.keymap.resolve(.char("b"), in: State(owned: true)) == .disabled(reason: "Already owned"))
    #expect(
      Self.keymap.resolve(.enter, in: State(owned: true, readOnly: true))
        == .disabled(reason: "read-only"))
  }

  @Test func unknownKeysAreUnbound() {
    #expect(Self.keymap.resolve(.char("z"), in: State()) == .unbound)
    #expect(Self.keymap.resolve(.char("B"), in: State()) == .unbound)
  }

  @Test func theFirstBindingForAKeyWins() {
    let screenKeys = Keymap<State, Action>([
      KeyBinding([.char("q")], description: "quietly", action: .help)
    ])
    let combined = screenKeys.followed(by: Self.keymap)
    #expect(combined.resolve(.char("q"), in: State()) == .action(.help))
    #expect(combined.resolve(.ctrl("c"), in: State()) == .action(.quit))
  }

  @Test func theHintBarShowsOnlyEnabledVisibleBindings() {
    #expect(
      Self.keymap.hintBarEntries(in: State(owned: true)).map(\.label) == ["R", "?", "q/Ctrl-C"])
    #expect(Self.keymap.hintBarEntries(in: State()).map(\.label) == ["b", "R", "?", "q/Ctrl-C"])
  }

  @Test func helpListsEveryBindingGroupedWithReasons() {
    let sections = Self.keymap.helpSections(in: State(owned: true))
    #expect(sections.map(\.title) == ["Paywall", "General"])
    #expect(
      sections[0].entries[0]
        == HelpEntry(label: "b", description: "buy", disabledReason: "Already owned"))
    #expect(sections[1].entries.map(\.label) == ["↓/j", "?", "q/Ctrl-C"])
  }

  @Test func keysHaveReadableNames() {
    let keys: [Key] = [
      .char(" "), .enter, .escape, .backTab, .up, .pageDown, .function(5), .ctrl("x"),
    ]
    #expect(
      keys.map(\.displayName) == [
        "Space", "Enter", "Esc", "Shift-Tab", "↑", "PgDn", "F5", "Ctrl-X",
      ])
  }

  @Test func markdownListsEveryBindingByGroup() {
    let keymap = Self.keymap.followed(
      by: Keymap([KeyBinding([.char("|")], description: "split | join", action: .help)]))
    #expect(
      keymap.markdown() == """
        ## Paywall

        | Key | Action |
        | --- | --- |
        | `b` | buy |
        | `R` | restore |

        ## General

        | Key | Action |
        | --- | --- |
        | `↓/j` | next |
        | `?` | help |
        | `q/Ctrl-C` | quit |
        | `\\|` | split \\| join |

        """)
  }
}
