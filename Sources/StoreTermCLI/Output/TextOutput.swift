import Foundation

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
public struct StandardOutput: TextOutput {
  /// Creates the writer.
  public init() {}

  /// Writes to standard output.
  public func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes to standard error.
  public func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Writes bytes to standard output.
  public func write(bytes: [UInt8]) {
    FileHandle.standardOutput.write(Data(bytes))
  }

  /// Reads standard input to its end.
  public func readStandardInput() -> [UInt8] {
    Array(FileHandle.standardInput.readDataToEndOfFile())
  }
}
