/// One entry of a key map: which keys trigger which action, how help describes it, and when it
/// is disabled and why.
///
/// The same bindings drive key handling (``Keymap/resolve(_:in:)``), the hint bar and the help
/// overlay, so the screen can never advertise a key that does something else.
public struct KeyBinding<State, Action: Sendable>: Sendable {
  /// The keys that trigger the action; the first is the one help shows unless ``label`` is set.
  public var keys: [Key]
  /// How help writes the keys, such as `↑/k`.
  public var label: String
  /// What the action does, in a few words: `buy`, `refund`, `quit`.
  public var description: String
  /// The help section the binding is listed under.
  public var group: String
  /// Whether the hint bar shows the binding (help always does).
  public var showsInHintBar: Bool
  /// Why the binding cannot be used in a state, or nil when it can.
  public var disabledReason: @Sendable (State) -> String?
  /// What pressing one of the keys does.
  public var action: Action

  /// Creates a binding.
  public init(
    _ keys: [Key], label: String? = nil, description: String, group: String = "General",
    showsInHintBar: Bool = true,
    disabledReason: @escaping @Sendable (State) -> String? = { _ in nil },
    action: Action
  ) {
    self.keys = keys
    self.label = label ?? keys.map(\.displayName).joined(separator: "/")
    self.description = description
    self.group = group
    self.showsInHintBar = showsInHintBar
    self.disabledReason = disabledReason
    self.action = action
  }
}
