import StoreTermCLI
import Synchronization

/// A ``TextOutput`` that keeps what a command printed, for exact assertions.
public final class CapturedOutput: TextOutput {
  private let buffers = Mutex<(out: String, err: String, bytes: [UInt8])>(("", "", []))
  private let input: [UInt8]

  /// Creates an empty capture whose standard input holds `input`.
  public init(input: [UInt8] = []) {
    self.input = input
  }

  /// Appends bytes to the captured standard output.
  public func write(bytes: [UInt8]) { buffers.withLock { $0.bytes += bytes } }

  /// The standard input given at creation.
  public func readStandardInput() -> [UInt8] { input }

  /// Every byte written with `write(bytes:)`.
  public var standardOutputBytes: [UInt8] { buffers.withLock { $0.bytes } }

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
///
/// The state folder defaults to a folder of this test process, never the user's own.
public func runStoreTerm(
  _ arguments: [String], input: String = "", environment extra: [String: String] = [:]
) async -> CommandRun {
  let output = CapturedOutput(input: Array(input.utf8))
  let environment = extra.merging(
    ["XDG_STATE_HOME": TestPaths.processStateDirectory.path]) { given, _ in given }
  let status = await StoreTermCommand.run(arguments, output: output, environment: environment)
  return CommandRun(
    status: status, standardOutput: output.standardOutput, standardError: output.standardError)
}
