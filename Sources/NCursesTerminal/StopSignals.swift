import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP into a callback, so a terminal backend can stop its thread
/// and restore the terminal instead of dying with the terminal in raw mode.
final class StopSignals: Sendable {
  /// The signals that end a session.
  static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  // Dispatch sources are not Sendable, so they are made, kept and cancelled inside the lock.
  private let sources = Mutex<[any DispatchSourceSignal]>([])

  /// Starts routing the signals to `handler` (on a background queue).
  init(_ handler: @escaping @Sendable (Int32) -> Void) {
    sources.withLock { sources in
      for number in StopSignals.numbers {
        // Ignored at the process level so that only the dispatch source sees the signal, and so
        // that ncurses does not install its own handler, which would exit without our cleanup.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { handler(number) }
        source.resume()
        sources.append(source)
      }
    }
  }

  /// Gives the signals their default behaviour back; safe to call twice.
  func remove() {
    sources.withLock { sources in
      guard !sources.isEmpty else { return }
      for source in sources { source.cancel() }
      sources = []
      for number in StopSignals.numbers { signal(number, SIG_DFL) }
    }
  }
}
