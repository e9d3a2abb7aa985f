import Synchronization
import TerminalUI

/// A terminal for headless end-to-end runs: each step waits until a presented frame shows its
/// text, then types its input, so a script follows the app rather than a timer; the input ends
/// after the last step, or at once when a step's text never shows and the program shuts down.
public final class ScriptedTerminal: TerminalBackend {
  /// One step: what a frame must show first, then the events to send.
  public struct Step: Sendable {
    /// What the step waits for, in words (for a failure message).
    public var waitFor: String?
    /// Whether a frame's text lets the step go ahead.
    public var isReady: @Sendable (String) -> Bool
    /// The input sent once it shows.
    public var events: [InputEvent]

    /// Creates a step that types `events` once a frame contains `waitFor` (at once when nil).
    public init(waitFor: String? = nil, _ events: [InputEvent]) {
      self.waitFor = waitFor
      self.isReady = { text in waitFor.map(text.contains) ?? true }
      self.events = events
    }

    /// Creates a step that types `events` once a frame's text satisfies `isReady`.
    public init(
      waiting description: String, until isReady: @escaping @Sendable (String) -> Bool,
      _ events: [InputEvent]
    ) {
      self.waitFor = description
      self.isReady = isReady
      self.events = events
    }
  }

  private struct Record {
    var size: Size
    var frames: [Screen] = []
    var remaining: [Step]
    var isShutDown = false
    var continuation: AsyncStream<InputEvent>.Continuation?
  }

  private let record: Mutex<Record>

  /// Creates a terminal of `size` that plays `steps`.
  public init(size: Size, steps: [Step]) {
    record = Mutex(Record(size: size, remaining: steps))
  }

  /// The input: each step's events once its text has shown.
  public func events() -> AsyncStream<InputEvent> {
    let (stream, continuation) = AsyncStream<InputEvent>.makeStream()
    record.withLock { $0.continuation = continuation }
    advance(showing: nil)
    return stream
  }

  /// Records the frame and plays every step whose text it shows.
  public func present(_ screen: Screen) {
    record.withLock { $0.frames.append(screen) }
    advance(showing: screen.lines.joined(separator: "\n"))
  }

  private func advance(showing text: String?) {
    record.withLock { record in
      guard let continuation = record.continuation else { return }
      while let step = record.remaining.first {
        if step.waitFor != nil {
          guard let text, step.isReady(text) else { return }
        }
        record.remaining.removeFirst()
        for event in step.events { continuation.yield(event) }
      }
      continuation.finish()
      record.continuation = nil
    }
  }

  /// The size, as of the script's start.
  public var size: Size { record.withLock { $0.size } }

  /// Ends the input.
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

  /// The last frame's text, one line per row.
  public var lastText: String {
    record.withLock { $0.frames.last?.lines.joined(separator: "\n") ?? "" }
  }

  /// The text a step still waits for, or nil when the script ran to its end.
  public var waitingFor: String? { record.withLock { $0.remaining.first?.waitFor } }
}
