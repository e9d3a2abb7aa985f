import StoreTermCLI
import Synchronization

/// A ``TextOutput`` that keeps what a command printed, for exact assertions.
public final class CapturedOutput: TextOutput {
  private let buffers = Mutex<(out: String, err: String)>(("", ""))

  /// Creates an empty capture.
  public init() {}

  /// Appends to the captured standard output.
  public func write(_ text: String) { buffers.withLock { $0.out += text } }

  /// Appends to the captured standard error.
  public func writeError(_ text: String) { buffers.withLock { $0.err += text } }

  /// Everything written to standard output.
  public var standardOutput: String { buffers.withLock { $0.out } }

  /// Everything written to standard error.
  public var standardError: String { buffers.withLock { $0.err } }
}

/// The result of running the CLI in-process.
public struct CommandRun: Sendable {
  /// The exit status.
  public let status: Int32
  /// Standard output.
  public let standardOutput: String
  /// Standard error.
  public let standardError: String
}

/// Runs `storeterm` with `arguments` in-process and captures the outcome.
public func runStoreTerm(_ arguments: [String]) -> CommandRun {
  let output = CapturedOutput()
  let status = StoreTermCommand.run(arguments, output: output)
  return CommandRun(
    status: status, standardOutput: output.standardOutput, standardError: output.standardError)
}
