import CNCurses
import Dispatch
import Foundation
import Synchronization
import TerminalUI

/// A ``TerminalBackend`` over ncursesw.
///
/// One dedicated thread owns every curses call. It waits for input in 16 ms slices, sends key
/// presses and resizes into the event stream, and draws the newest presented frame (older ones
/// that were never drawn are dropped), writing only the cells that changed. The terminal is
/// restored by ``shutdown()``, on SIGINT, SIGTERM and SIGHUP, at exit, and on a crash.
///
/// ## Topics
/// - ``init(theme:)``
/// - ``terminationSignal``
public final class NCursesTerminal: InteractiveTerminal {
  private struct Shared {
    var pendingFrame: Screen?
    var size: Size = .zero
    var stopRequested = false
    var running = false
    var signal: Int32?
  }

  private let shared = Mutex(Shared())
  private let stream: AsyncStream<InputEvent>
  private let continuation: AsyncStream<InputEvent>.Continuation
  private let signals = Mutex<StopSignals?>(nil)

  /// Starts curses on the process's terminal with `theme` (colors dropped if the terminal has
  /// none).
  ///
  /// - Throws: ``NCursesTerminalError`` when standard input or output is not a terminal, when
  ///   TERM is unknown or cannot move the cursor, or when ncurses fails to start.
  public init(theme: Theme = .default) throws(NCursesTerminalError) {
    (stream, continuation) = AsyncStream<InputEvent>.makeStream()
    guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "input") }
    guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "output") }
    let type = ProcessInfo.processInfo.environment["TERM"] ?? ""
    switch cn_probe_terminal() {
    case 0: break
    case 2, 3: throw .cannotAddressCursor(type: type)
    default: throw .unknownTerminal(type: type)
    }
    installSignalHandlers()
    let started = DispatchSemaphore(value: 0)
    let outcome = Mutex<NCursesTerminalError?>(nil)
    shared.withLock { $0.running = true }
    let thread = Thread { [self] in
      runCursesThread(theme: theme, terminalType: type) { error in
        outcome.withLock { $0 = error }
        started.signal()
      }
    }
    thread.name = "storeterm-curses"
    thread.start()
    started.wait()
    if let error = outcome.withLock({ $0 }) {
      removeSignalHandlers()
      throw error
    }
    NCursesTerminal.registerExitHandler()
  }

  deinit {
    shutdown()
  }

  /// Key presses and resizes; ends when the terminal shuts down.
  public func events() -> AsyncStream<InputEvent> { stream }

  /// Hands `screen` to the curses thread; a frame not yet drawn is replaced.
  public func present(_ screen: Screen) {
    shared.withLock { $0.pendingFrame = screen }
  }

  /// The terminal's size as of the last resize the curses thread saw.
  public var size: Size { shared.withLock { $0.size } }

  /// The signal (SIGINT, SIGTERM or SIGHUP) that ended the session, if one did; the caller
  /// should exit with status 128 plus this number.
  public var terminationSignal: Int32? { shared.withLock { $0.signal } }

  /// Stops the curses thread and waits (up to two seconds) until it has restored the terminal.
  public func shutdown() {
    shared.withLock { $0.stopRequested = true }
    // Bounded: the thread checks for a stop at least every 16 ms.
    for _ in 0..<1000 where shared.withLock({ $0.running }) {
      usleep(2000)
    }
    removeSignalHandlers()
  }

  private func runCursesThread(
    theme: Theme, terminalType: String, reportStart: (NCursesTerminalError?) -> Void
  ) {
    let session: CursesSession
    do {
      session = try CursesSession.start(theme: theme, terminalType: terminalType)
    } catch {
      shared.withLock { $0.running = false }
      continuation.finish()
      reportStart(error)
      return
    }
    shared.withLock { $0.size = session.size }
    reportStart(nil)
    while true {
      let (frame, stop) = shared.withLock { state in
        defer { state.pendingFrame = nil }
        return (state.pendingFrame, state.stopRequested)
      }
      if stop { break }
      if let frame { session.draw(frame) }
      if let event = session.readEvent() {
        if case .resize(let size) = event { shared.withLock { $0.size = size } }
        continuation.yield(event)
      } else if NCursesTerminal.inputHungUp() {
        // A closed terminal makes wget_wch fail at once, forever; stop instead of spinning.
        break
      }
    }
    session.end()
    continuation.finish()
    shared.withLock { $0.running = false }
  }

  private static func inputHungUp() -> Bool {
    var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, 0) > 0 else { return false }
    return poller.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  private func installSignalHandlers() {
    let signals = StopSignals { [weak self] number in self?.requestStop(signal: number) }
    self.signals.withLock { $0 = signals }
  }

  private func requestStop(signal number: Int32) {
    shared.withLock { state in
      if state.signal == nil { state.signal = number }
      state.stopRequested = true
    }
  }

  private func removeSignalHandlers() {
    signals.withLock { $0 }?.remove()
  }

  private static let exitHandler: Void = {
    // If the process exits with curses still active, endwin at least restores the modes.
    atexit { _ = isendwin() ? 0 : endwin() }
  }()

  private static func registerExitHandler() { _ = exitHandler }
}
