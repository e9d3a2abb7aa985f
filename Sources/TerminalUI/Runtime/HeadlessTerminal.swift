import Synchronization

/// A terminal without a terminal: it plays a script of input events and keeps every frame the
/// program presents, so tests can run a whole ``Program`` and compare frames.
public final class HeadlessTerminal: TerminalBackend {
  private struct Record {
    var size: Size
    var frames: [Screen] = []
    var isShutDown = false
    var continuation: AsyncStream<InputEvent>.Continuation?
  }

  private let record: Mutex<Record>
  private let script: [InputEvent]
  private let finishesAfterScript: Bool

  /// Creates a terminal of `size` that delivers `script` in order.
  ///
  /// When `finishesAfterScript` is true the event stream ends after the script (the program
  /// then stops); otherwise it stays open until ``shutdown()``, so the program must quit itself.
  public init(size: Size, script: [InputEvent] = [], finishesAfterScript: Bool = true) {
    self.record = Mutex(Record(size: size))
    self.script = script
    self.finishesAfterScript = finishesAfterScript
  }

  /// Key events for each character of `text` (`\n` as Enter).
  public static func keys(_ text: String) -> [InputEvent] {
    text.map { $0 == "\n" ? .key(.enter) : .key(.char($0)) }
  }

  /// Delivers the script; a resize in it changes ``size`` when it is delivered.
  public func events() -> AsyncStream<InputEvent> {
    let (stream, continuation) = AsyncStream<InputEvent>.makeStream()
    for event in script {
      if case .resize(let size) = event { record.withLock { $0.size = size } }
      continuation.yield(event)
    }
    if finishesAfterScript {
      continuation.finish()
    } else {
      record.withLock { $0.continuation = continuation }
    }
    return stream
  }

  /// Keeps the frame.
  public func present(_ screen: Screen) {
    record.withLock { $0.frames.append(screen) }
  }

  /// The size, as of the last delivered resize.
  public var size: Size { record.withLock { $0.size } }

  /// Marks the terminal shut down and ends the event stream.
  public func shutdown() {
    let continuation = record.withLock { record in
      record.isShutDown = true
      defer { record.continuation = nil }
      return record.continuation
    }
    continuation?.finish()
  }

  /// Every frame presented, in order.
  public var frames: [Screen] { record.withLock { $0.frames } }

  /// The frame presented last.
  public var lastFrame: Screen? { record.withLock { $0.frames.last } }

  /// Whether ``shutdown()`` was called.
  public var isShutDown: Bool { record.withLock { $0.isShutDown } }
}
