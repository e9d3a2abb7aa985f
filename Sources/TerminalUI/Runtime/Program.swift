/// Runs an ``Application`` on a ``TerminalBackend``: input becomes actions, actions update the
/// state, effects go to the runner, and every change is rendered and presented.
///
/// The program lives on the main actor, the only place its state changes. Effects run in their
/// own tasks and send actions back; the loop handles one message at a time, in arrival order.
///
/// ## Topics
/// - ``init(state:backend:runner:)``
/// - ``run()``
@MainActor
public final class Program<App: Application> {
  private enum Message: Sendable {
    case event(InputEvent)
    case action(App.Action)
    /// The effect task with this number ended: it is dropped from ``effectTasks``.
    case effectEnded(Int)
    case inputEnded
  }

  /// The current state.
  public private(set) var state: App.State
  /// The size the last frame was rendered at.
  public private(set) var size: Size
  private let backend: any TerminalBackend
  private let runner: any EffectRunner<App.Effect, App.Action>
  private var lastFrame: Screen?
  /// Effects under way by number; each task removes itself when it ends, so a long session
  /// holds only the tasks still running (the watch, a purchase waiting for an answer).
  private var effectTasks: [Int: Task<Void, Never>] = [:]
  private var nextEffectNumber = 0
  private var continuation: AsyncStream<Message>.Continuation?

  /// Creates a program starting from `state`.
  public init(
    state: App.State, backend: any TerminalBackend,
    runner: any EffectRunner<App.Effect, App.Action> = NoEffects<App.Effect, App.Action>()
  ) {
    self.state = state
    self.backend = backend
    self.runner = runner
    self.size = backend.size
  }

  /// Runs until the application is finished or the input ends, shuts the backend down, and
  /// returns the final state.
  public func run() async -> App.State {
    let (messages, continuation) = AsyncStream<Message>.makeStream()
    self.continuation = continuation
    let events = backend.events()
    let input = Task {
      for await event in events { continuation.yield(.event(event)) }
      continuation.yield(.inputEnded)
    }
    size = backend.size
    start(App.initialEffects(state))
    render()
    if !App.isFinished(state) {
      loop: for await message in messages {
        switch message {
        case .event(let event):
          if case .resize(let newSize) = event { size = newSize }
          if let action = App.action(for: event, in: state) { apply(action) }
        case .action(let action):
          apply(action)
        case .effectEnded(let number):
          effectTasks[number] = nil
          continue
        case .inputEnded:
          break loop
        }
        if App.isFinished(state) { break }
        render()
      }
    }
    input.cancel()
    for task in effectTasks.values { task.cancel() }
    effectTasks = [:]
    continuation.finish()
    self.continuation = nil
    backend.shutdown()
    return state
  }

  private func apply(_ action: App.Action) {
    start(App.update(&state, action))
  }

  private func start(_ effects: [App.Effect]) {
    guard let continuation else { return }
    let runner = self.runner
    for effect in effects {
      let number = nextEffectNumber
      nextEffectNumber += 1
      effectTasks[number] = Task.detached {
        await runner.run(effect) { continuation.yield(.action($0)) }
        continuation.yield(.effectEnded(number))
      }
    }
  }

  /// How many effect tasks are still running.
  public var runningEffects: Int { effectTasks.count }

  private func render() {
    let frame = App.view(state, size: size)
    guard frame != lastFrame else { return }
    lastFrame = frame
    backend.present(frame)
  }
}
