import Foundation

// State read by the crash signal handler. Written only while no handler is installed, so the
// handler never sees it change; a signal handler cannot take a lock.
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var haveSavedModes = false
nonisolated(unsafe) private var resetBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
nonisolated(unsafe) private var resetLength = 0
nonisolated(unsafe) private var previousActionsPointer = UnsafeMutablePointer<sigaction>.allocate(
  capacity: 32)
nonisolated(unsafe) private var capturedError: Int32 = -1
nonisolated(unsafe) private var originalError: Int32 = -1
nonisolated(unsafe) private var replayBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)

/// Puts the terminal back when the process crashes with the interface up (a Swift trap is a
/// SIGILL or SIGTRAP), then lets the previous handler (such as Swift's backtracer) run.
///
/// While armed, standard error goes to an unlinked temporary file instead of the screen, where it
/// would corrupt the frame and vanish with the alternate screen; it is replayed on the restored
/// terminal when the session ends or crashes, so a fatal error's message stays readable. Only
/// async-signal-safe calls happen in the handler: `tcsetattr`, `write`, `read`, `lseek`, `dup2`,
/// `close`, `sigaction`, `raise`.
enum CrashRestore {
  private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Remembers the terminal modes before curses changes them.
  static func saveTerminalModes() {
    haveSavedModes = tcgetattr(STDIN_FILENO, &savedModes) == 0
  }

  /// Installs the handlers and captures standard error; `resetSequence` is written to the
  /// terminal on a crash.
  static func arm(resetSequence: String) {
    captureStandardError()
    let bytes = Array(resetSequence.utf8.prefix(256))
    for (index, byte) in bytes.enumerated() { resetBytes[index] = byte }
    resetLength = bytes.count
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = crashHandler
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      var previous = sigaction()
      sigaction(signal, &action, &previous)
      previousActionsPointer[Int(signal)] = previous
    }
  }

  /// Restores the handlers that were there before ``arm(resetSequence:)`` and replays what was
  /// written to standard error meanwhile; call it after the terminal is restored.
  static func disarm() {
    for signal in signals {
      var previous = previousActionsPointer[Int(signal)]
      sigaction(signal, &previous, nil)
    }
    replayStandardError()
  }

  private static func captureStandardError() {
    guard originalError < 0 else { return }
    var template = Array("/tmp/storeterm-stderr-XXXXXX".utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let saved = dup(STDERR_FILENO)
    guard saved >= 0, dup2(file, STDERR_FILENO) >= 0 else {
      close(file)
      if saved >= 0 { close(saved) }
      return
    }
    capturedError = file
    originalError = saved
  }
}

/// Puts the real standard error back and copies the captured text to it (async-signal-safe).
private func replayStandardError() {
  guard originalError >= 0 else { return }
  dup2(originalError, STDERR_FILENO)
  lseek(capturedError, 0, SEEK_SET)
  while true {
    let count = read(capturedError, replayBuffer, 4096)
    if count <= 0 { break }
    _ = write(STDERR_FILENO, replayBuffer, count)
  }
  close(capturedError)
  close(originalError)
  capturedError = -1
  originalError = -1
}

private func crashHandler(_ signal: Int32) {
  if haveSavedModes { tcsetattr(STDIN_FILENO, TCSANOW, &savedModes) }
  _ = write(STDOUT_FILENO, resetBytes, resetLength)
  replayStandardError()
  var previous = previousActionsPointer[Int(signal)]
  sigaction(signal, &previous, nil)
  raise(signal)
}
