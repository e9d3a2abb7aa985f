import Foundation
import StoreFiles
import TerminalUI

/// `--log-file`: diagnostics go to a file, since nothing may be printed while the screen is up.
///
/// The path passes `WritablePath` (never the ledger, the CA's key, a link or a device) and is
/// opened by `SafeFileWriter` for appending: created 0600, never through a link.
final class DiagnosticLog: Sendable {
  private let descriptor: Int32?

  /// A log discarding everything.
  init() { descriptor = nil }

  /// A log appending to `path`, checked against `paths`.
  init(path: String, paths: StorePaths) throws {
    let target = try WritablePath.check(
      path, option: "--log-file", paths: paths, existing: .append)
    do {
      descriptor = try SafeFileWriter.openForAppending(target)
    } catch {
      throw CommandFailure("--log-file \(path): \(error)")
    }
  }

  deinit {
    if let descriptor { close(descriptor) }
  }

  /// Appends one line, with the terminal-safety rule applied: a log is read in a terminal too.
  ///
  /// A failed write (a full disk) loses the line: the screen is up, so there is nowhere to say so.
  func write(_ line: String) {
    guard let descriptor else { return }
    _ = SafeFileWriter.writeAll(descriptor, Array((TerminalSafeText.escaped(line) + "\n").utf8))
  }
}

/// Command output while the screen is up: everything goes to the diagnostic log.
struct LogOutput: TextOutput {
  let log: DiagnosticLog

  func write(_ text: String) { log.write(text) }
  func writeError(_ text: String) { log.write(text) }
  func write(bytes: [UInt8]) { log.write(String(decoding: bytes, as: UTF8.self)) }
  func readStandardInput() -> [UInt8] { [] }
}
