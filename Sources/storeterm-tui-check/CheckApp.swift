import TerminalUI

/// A fixed frame that exercises the terminal stack: a box, CJK text, every style role, the size
/// and the last key; `q` quits.
enum CheckApp: Application {
  /// What the frame shows.
  struct State {
    var lastKey = "-"
    var keyCount = 0
    var quit = false
    /// Whether `!` crashes the program (`--crash-key`), to test the crash handler.
    var crashKeyEnabled = false
  }

  /// A key or a resize.
  enum Action: Sendable {
    case pressed(Key)
    case resized
  }

  /// Nothing to do outside the frame.
  typealias Effect = Never

  static func action(for event: InputEvent, in state: State) -> Action? {
    switch event {
    case .key(let key): .pressed(key)
    case .click: nil
    case .resize: .resized
    }
  }

  static func update(_ state: inout State, _ action: Action) -> [Never] {
    switch action {
    case .pressed(.char("q")):
      state.quit = true
    case .pressed(.char("!")) where state.crashKeyEnabled:
      fatalError("crash requested with ! (--crash-key)")
    case .pressed(let key):
      state.lastKey = key.displayName
      state.keyCount += 1
    case .resized:
      break
    }
    return []
  }

  static func view(_ state: State, size: Size) -> Screen {
    var canvas = Canvas(size: size)
    let inside = canvas.panel(
      Rect(x: 0, y: 0, width: size.width, height: size.height - 1), title: "storeterm-tui-check",
      focused: true)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      area.text("日本語のテキスト 漢字 ｶﾀｶﾅ", at: Point(x: 0, y: 0), role: .title)
      area.text(
        "size \(size)  keys \(state.keyCount)  last \(state.lastKey)", at: Point(x: 0, y: 1))
      var position = Point(x: 0, y: 3)
      for role in StyleRole.allCases {
        let width = DisplayWidth.of(role.rawValue)
        if position.x > 0 && position.x + width > area.size.width {
          position = Point(x: 0, y: position.y + 1)
        }
        position.x += area.text(role.rawValue, at: position, role: role) + 1
      }
    }
    HintBar(entries: [HelpEntry(label: "q", description: "quit", disabledReason: nil)])
      .render(in: &canvas, row: size.height - 1)
    return canvas.screen
  }

  static func isFinished(_ state: State) -> Bool { state.quit }
}
