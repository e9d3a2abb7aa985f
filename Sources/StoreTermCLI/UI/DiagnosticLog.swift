import Foundation
import TerminalUI

/// `--log-file`: diagnostics go to a file, since nothing may be printed while the screen is up.
final class DiagnosticLog: Sendable {
  private let handle: FileHandle?

  /// A log writing to `path`, or discarding everything when `path` is nil.
  init(path: String?) throws {
    guard let path else {
      handle = nil
      return
    }
    if !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw CommandFailure("--log-file \(path): cannot be opened for writing")
    }
    handle.seekToEndOfFile()
    self.handle = handle
  }

  /// Appends one line, with the terminal-safety rule applied: a log is read in a terminal too.
  func write(_ line: String) {
    handle?.write(Data((TerminalSafeText.escaped(line) + "\n").utf8))
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
