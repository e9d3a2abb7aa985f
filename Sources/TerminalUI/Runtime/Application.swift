/// A program in the Elm style: state changes only in ``update(_:_:)``, the screen is a pure
/// function of the state, and every side effect is a value that an ``EffectRunner`` carries out.
public protocol Application: SendableMetatype {
  /// Everything the program shows and remembers.
  associatedtype State
  /// What can happen: user intents and results of effects.
  associatedtype Action: Sendable
  /// Work to do outside the pure core (store calls, timers); results come back as actions.
  associatedtype Effect: Sendable

  /// The action an input event means in `state`, or nil to ignore it.
  static func action(for event: InputEvent, in state: State) -> Action?
  /// Applies `action` to `state` and returns the effects to run.
  static func update(_ state: inout State, _ action: Action) -> [Effect]
  /// The frame for `state` at `size`.
  static func view(_ state: State, size: Size) -> Screen
  /// Whether the program is done (the runtime then stops and restores the terminal).
  static func isFinished(_ state: State) -> Bool
  /// Effects to start before the first frame, such as a background listener.
  static func initialEffects(_ state: State) -> [Effect]
}

extension Application {
  /// No effects at launch.
  public static func initialEffects(_ state: State) -> [Effect] { [] }
}

/// Carries out an application's effects, sending the resulting actions back.
public protocol EffectRunner<Effect, Action>: Sendable {
  /// The effect type it runs.
  associatedtype Effect: Sendable
  /// The action type it sends.
  associatedtype Action: Sendable

  /// Performs `effect`; `send` may be called any number of times, from any task, until return.
  func run(_ effect: Effect, send: @escaping @Sendable (Action) -> Void) async
}

/// A runner for applications with nothing to run: every effect is dropped.
public struct NoEffects<Effect: Sendable, Action: Sendable>: EffectRunner {
  /// Creates the runner.
  public init() {}

  /// Does nothing.
  public func run(_ effect: Effect, send: @escaping @Sendable (Action) -> Void) async {}
}
