import Foundation
import StoreFiles
import Synchronization

/// Where a command writes: standard output and standard error, swappable in tests.
public protocol TextOutput: Sendable {
  /// Writes `text` to standard output as is.
  func write(_ text: String)
  /// Writes `text` to standard error as is.
  func writeError(_ text: String)
  /// Writes raw bytes to standard output (a DER certificate).
  func write(bytes: [UInt8])
  /// Everything on standard input, read to the end.
  func readStandardInput() -> [UInt8]
}

/// The process's real standard output and standard error.
///
/// Writes go through `write(2)` and check it: `FileHandle.write` traps when a write fails
/// (`storeterm products >/dev/full` died with SIGILL, even after a purchase had committed).
/// The first failure on each stream is remembered; `StoreTermCommand.main` then reports it in
/// one line (on standard error, if that still works) and exits 1.
public struct StandardOutput: TextOutput {
  /// The first failed write of the process, if any: the stream's name and the `errno`.
  static let failure = Mutex<(stream: String, code: Int32)?>(nil)

  /// Creates the writer.
  public init() {}

  /// Writes to standard output.
  public func write(_ text: String) { Self.write(Array(text.utf8), to: STDOUT_FILENO) }

  /// Writes to standard error.
  public func writeError(_ text: String) { Self.write(Array(text.utf8), to: STDERR_FILENO) }

  /// Writes bytes to standard output.
  public func write(bytes: [UInt8]) { Self.write(bytes, to: STDOUT_FILENO) }

  /// Reads standard input to its end.
  public func readStandardInput() -> [UInt8] {
    Array(FileHandle.standardInput.readDataToEndOfFile())
  }

  /// Writes `bytes` to `descriptor`, remembering the first failure instead of trapping; after
  /// one, the stream is not written again (the rest would fail the same way).
  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    let stream = descriptor == STDOUT_FILENO ? "standard output" : "standard error"
    if failure.withLock({ $0?.stream == stream }) { return }
    if let code = SafeFileWriter.writeAll(descriptor, bytes) {
      failure.withLock { if $0 == nil { $0 = (stream, code) } }
    }
  }
}
