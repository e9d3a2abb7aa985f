import TerminalUI

/// A tiny application for runtime tests: a list of fruit to move through, delete from and save.
enum FruitApp: Application {
  struct State {
    var fruit = ["Apple", "Banana", "りんご Ringo", "Cherry", "Durian"]
    var selection = ListSelection(count: 5)
    var toast: Toast?
    var showsHelp = false
    var saved = false
    var quit = false
    var listHeight = 3
  }

  enum Action: Equatable, Sendable {
    case moved(Int)
    case deletePressed
    case savePressed
    case saveCompleted(Int)
    case helpToggled
    case quitPressed
    case keyRefused(String)
    case resized(Size)
  }

  enum Effect: Equatable, Sendable {
    case save([String])
  }

  static let keymap = Keymap<State, Action>([
    KeyBinding(
      [.down, .char("j")], label: "↓/j", description: "down", group: "List", action: .moved(1)),
    KeyBinding(
      [.up, .char("k")], label: "↑/k", description: "up", group: "List", action: .moved(-1)),
    KeyBinding(
      [.char("d")], description: "delete", group: "List",
      disabledReason: { $0.fruit.count <= 1 ? "the last fruit stays" : nil }, action: .deletePressed
    ),
    KeyBinding(
      [.char("s")], description: "save",
      disabledReason: { $0.saved ? "already saved" : nil }, action: .savePressed),
    KeyBinding([.char("?")], description: "help", action: .helpToggled),
    KeyBinding([.char("q")], description: "quit", action: .quitPressed),
  ])

  static func action(for event: InputEvent, in state: State) -> Action? {
    switch event {
    case .resize(let size): return .resized(size)
    case .click: return nil
    case .key(let key):
      switch keymap.resolve(key, in: state) {
      case .action(let action): return action
      case .disabled(let reason): return .keyRefused(reason)
      case .unbound: return nil
      }
    }
  }

  static func update(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .moved(let delta):
      state.selection.move(by: delta, count: state.fruit.count, height: state.listHeight)
    case .deletePressed:
      guard let index = state.selection.selected else { return [] }
      let removed = state.fruit.remove(at: index)
      state.selection.select(index, count: state.fruit.count, height: state.listHeight)
      state.toast = Toast("Deleted \(removed)", kind: .success)
    case .savePressed:
      return [.save(state.fruit)]
    case .saveCompleted(let count):
      state.saved = true
      state.toast = Toast("Saved \(count)", kind: .success)
      state.quit = true
    case .helpToggled:
      state.showsHelp.toggle()
    case .quitPressed:
      state.quit = true
    case .keyRefused(let reason):
      state.toast = Toast(reason, kind: .warning)
    case .resized(let size):
      state.listHeight = max(1, size.height - 3)
      state.selection.select(
        state.selection.selected ?? 0, count: state.fruit.count, height: state.listHeight)
    }
    return []
  }

  static func view(_ state: State, size: Size) -> Screen {
    var canvas = Canvas(size: size)
    let body = Rect(x: 0, y: 0, width: size.width, height: size.height - 1)
    let inside = canvas.panel(body, title: "Fruit", focused: true)
    canvas.within(inside) { area in
      ListView(
        rows: state.fruit.map {
          ListView.Row($0, detail: "¥\($0.count * 100)", detailRole: .price)
        },
        selection: state.selection
      ).render(in: &area)
    }
    HintBar(entries: keymap.hintBarEntries(in: state)).render(in: &canvas, row: size.height - 1)
    if let toast = state.toast { toast.render(in: &canvas, row: size.height - 2) }
    if state.showsHelp { HelpOverlay(sections: keymap.helpSections(in: state)).render(in: &canvas) }
    return canvas.screen
  }

  static func isFinished(_ state: State) -> Bool { state.quit }
}

/// Saves by counting, after a pause long enough that the key script has run out.
struct CountingSaver: EffectRunner {
  func run(_ effect: FruitApp.Effect, send: @escaping @Sendable (FruitApp.Action) -> Void) async {
    switch effect {
    case .save(let fruit):
      await Task.yield()
      send(.saveCompleted(fruit.count))
    }
  }
}
