import Foundation

// State read by the crash signal handler. Written only while no handler is installed, so the
// handler never sees it change; a signal handler cannot take a lock.
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var haveSavedModes = false
nonisolated(unsafe) private var resetBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
nonisolated(unsafe) private var resetLength = 0
nonisolated(unsafe) private var previousActionsPointer = UnsafeMutablePointer<sigaction>.allocate(
  capacity: 32)

/// Puts the terminal back when the process crashes with curses active (a Swift trap is a
/// SIGILL or SIGTRAP), then lets the previous handler (such as Swift's backtracer) run.
///
/// Only async-signal-safe calls happen in the handler: `tcsetattr`, `write`, `sigaction`, `raise`.
enum CrashRestore {
  private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Remembers the terminal modes before curses changes them.
  static func saveTerminalModes() {
    haveSavedModes = tcgetattr(STDIN_FILENO, &savedModes) == 0
  }

  /// Installs the handlers; `resetSequence` is written to the terminal on a crash.
  static func arm(resetSequence: String) {
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

  /// Restores the handlers that were there before ``arm(resetSequence:)``.
  static func disarm() {
    for signal in signals {
      var previous = previousActionsPointer[Int(signal)]
      sigaction(signal, &previous, nil)
    }
  }
}

private func crashHandler(_ signal: Int32) {
  if haveSavedModes { tcsetattr(STDIN_FILENO, TCSANOW, &savedModes) }
  _ = write(STDOUT_FILENO, resetBytes, resetLength)
  var previous = previousActionsPointer[Int(signal)]
  sigaction(signal, &previous, nil)
  raise(signal)
}
