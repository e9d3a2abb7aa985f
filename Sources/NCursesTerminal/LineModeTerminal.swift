import CNCurses
import Dispatch
import Foundation
import Synchronization
import TerminalUI

/// A ``TerminalBackend`` for terminals that cannot move the cursor (TERM=dumb, hard-copy
/// terminals, some editor shell buffers): every new frame is printed whole, as plain lines,
/// below the previous one, with no escape sequences at all.
///
/// A frame as tall as the terminal scrolls the previous one away exactly, so the screen always
/// shows the newest frame. Keys are read in non-canonical mode without echo; Ctrl-C still raises
/// SIGINT. Like ``NCursesTerminal``, one thread owns the terminal, and the terminal modes are
/// restored by ``shutdown()``, on SIGINT, SIGTERM and SIGHUP, and on a crash.
public final class LineModeTerminal: InteractiveTerminal {
  private struct Shared {
    var pendingFrame: Screen?
    var size: Size
    var stopRequested = false
    var running = true
    var resized = false
    var signal: Int32?
  }

  private let shared: Mutex<Shared>
  private let stream: AsyncStream<InputEvent>
  private let continuation: AsyncStream<InputEvent>.Continuation
  private let signals = Mutex<StopSignals?>(nil)
  private let resizeSource = Mutex<(any DispatchSourceSignal)?>(nil)
  private let savedModes: termios

  /// Takes over the process's terminal in line mode.
  ///
  /// - Throws: ``NCursesTerminalError/notATerminal(stream:)`` when standard input or output is
  ///   not a terminal.
  public init() throws(NCursesTerminalError) {
    (stream, continuation) = AsyncStream<InputEvent>.makeStream()
    guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "input") }
    guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "output") }
    shared = Mutex(Shared(size: LineModeTerminal.windowSize()))
    var modes = termios()
    tcgetattr(STDIN_FILENO, &modes)
    savedModes = modes
    CrashRestore.saveTerminalModes()
    CrashRestore.arm(resetSequence: "\r\n")
    // Keys one at a time and unechoed; ISIG stays on so Ctrl-C is still SIGINT.
    modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &modes.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    signals.withLock {
      $0 = StopSignals { [weak self] number in self?.requestStop(signal: number) }
    }
    resizeSource.withLock { slot in
      let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
      source.setEventHandler { [weak self] in self?.shared.withLock { $0.resized = true } }
      signal(SIGWINCH, SIG_IGN)
      source.resume()
      slot = source
    }
    let thread = Thread { [self] in runTerminalThread() }
    thread.name = "storeterm-line-mode"
    thread.start()
  }

  deinit {
    shutdown()
  }

  /// Key presses and resizes; ends when the terminal shuts down.
  public func events() -> AsyncStream<InputEvent> { stream }

  /// Hands `screen` to the terminal thread; a frame not yet printed is replaced.
  public func present(_ screen: Screen) {
    shared.withLock { $0.pendingFrame = screen }
  }

  /// The size the kernel last reported (80×24 when it reports none).
  public var size: Size { shared.withLock { $0.size } }

  /// The signal that ended the session, if one did.
  public var terminationSignal: Int32? { shared.withLock { $0.signal } }

  /// Stops the terminal thread and waits (up to two seconds) until the modes are restored.
  public func shutdown() {
    shared.withLock { $0.stopRequested = true }
    for _ in 0..<1000 where shared.withLock({ $0.running }) {
      usleep(2000)
    }
    signals.withLock { $0 }?.remove()
    resizeSource.withLock { slot in
      guard let source = slot else { return }
      source.cancel()
      signal(SIGWINCH, SIG_DFL)
      slot = nil
    }
  }

  private func requestStop(signal number: Int32) {
    shared.withLock { state in
      if state.signal == nil { state.signal = number }
      state.stopRequested = true
    }
  }

  private static func windowSize() -> Size {
    var columns: Int32 = 0
    var rows: Int32 = 0
    guard cn_window_size(STDOUT_FILENO, &columns, &rows) == 0 else {
      return Size(width: 80, height: 24)
    }
    return Size(width: Int(columns), height: Int(rows))
  }

  private func runTerminalThread() {
    setlocale(LC_ALL, "")
    let unicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
    var decoder = ByteKeyDecoder()
    var lastPrinted: Screen?
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
      let (frame, stop, resized) = shared.withLock { state in
        defer {
          state.pendingFrame = nil
          state.resized = false
        }
        return (state.pendingFrame, state.stopRequested, state.resized)
      }
      if stop { break }
      if resized {
        let size = LineModeTerminal.windowSize()
        shared.withLock { $0.size = size }
        continuation.yield(.resize(size))
      }
      if let frame, frame != lastPrinted {
        LineModeTerminal.write(
          (lastPrinted == nil ? "" : "\r\n") + LineModeTerminal.text(of: frame, unicode: unicode))
        lastPrinted = frame
      }
      var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 16) > 0 else { continue }
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count <= 0 {
        if count == 0 { break }  // The terminal went away.
        continue
      }
      for key in decoder.feed(Array(buffer[0..<count])) { continuation.yield(.key(key)) }
    }
    var modes = savedModes
    tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    LineModeTerminal.write("\r\n")
    CrashRestore.disarm()
    continuation.finish()
    shared.withLock { $0.running = false }
  }

  /// The frame as lines joined by CR LF, trailing spaces trimmed; in a locale that is not
  /// UTF-8, ASCII stand-ins, a wide character becoming `?` and a blank as with curses.
  static func text(of frame: Screen, unicode: Bool) -> String {
    guard !unicode else { return frame.lines.joined(separator: "\r\n") }
    return frame.lines.map { line in
      line.map { character -> String in
        guard let scalar = character.unicodeScalars.first else { return "" }
        let stand = String(Character(AsciiFallback.character(for: scalar)))
        return DisplayWidth.of(character) == 2 ? stand + " " : stand
      }.joined()
    }.joined(separator: "\r\n")
  }

  private static func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { raw in
        Foundation.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
      }
      if written <= 0 { break }
      offset += written
    }
  }
}
