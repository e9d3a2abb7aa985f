/// The outcome of looking a key up in a ``Keymap``.
public enum KeyResolution<Action: Sendable>: Sendable {
  /// The key triggers this action.
  case action(Action)
  /// The key is bound, but not usable now, for this reason.
  case disabled(reason: String)
  /// No binding uses the key.
  case unbound
}

extension KeyResolution: Equatable where Action: Equatable {}

/// An ordered list of key bindings; the first binding holding a key wins.
public struct Keymap<State, Action: Sendable>: Sendable {
  /// The bindings, in the order help lists them.
  public var bindings: [KeyBinding<State, Action>]

  /// Creates a key map.
  public init(_ bindings: [KeyBinding<State, Action>]) {
    self.bindings = bindings
  }

  /// What `key` does in `state`.
  public func resolve(_ key: Key, in state: State) -> KeyResolution<Action> {
    guard let binding = bindings.first(where: { $0.keys.contains(key) }) else { return .unbound }
    if let reason = binding.disabledReason(state) { return .disabled(reason: reason) }
    return .action(binding.action)
  }

  /// This key map followed by `other`, whose bindings lose to this one's for the same key.
  public func followed(by other: Keymap) -> Keymap {
    Keymap(bindings + other.bindings)
  }

  /// The bindings as help shows them in `state`: grouped in first-appearance order.
  public func helpSections(in state: State) -> [HelpSection] {
    var sections: [HelpSection] = []
    for binding in bindings {
      let entry = HelpEntry(
        label: binding.label, description: binding.description,
        disabledReason: binding.disabledReason(state))
      if let index = sections.firstIndex(where: { $0.title == binding.group }) {
        sections[index].entries.append(entry)
      } else {
        sections.append(HelpSection(title: binding.group, entries: [entry]))
      }
    }
    return sections
  }

  /// The enabled bindings the hint bar shows in `state`, as entries.
  public func hintBarEntries(in state: State) -> [HelpEntry] {
    bindings.filter { $0.showsInHintBar && $0.disabledReason(state) == nil }.map {
      HelpEntry(label: $0.label, description: $0.description, disabledReason: nil)
    }
  }
}

/// One key as help and the hint bar show it.
public struct HelpEntry: Hashable, Sendable {
  /// The key label, such as `↑/k`.
  public var label: String
  /// What it does.
  public var description: String
  /// Why it is disabled now, or nil.
  public var disabledReason: String?

  /// Creates an entry.
  public init(label: String, description: String, disabledReason: String?) {
    self.label = label
    self.description = description
    self.disabledReason = disabledReason
  }
}

/// A titled group of help entries.
public struct HelpSection: Hashable, Sendable {
  /// The group's title.
  public var title: String
  /// Its keys.
  public var entries: [HelpEntry]

  /// Creates a section.
  public init(title: String, entries: [HelpEntry]) {
    self.title = title
    self.entries = entries
  }
}
