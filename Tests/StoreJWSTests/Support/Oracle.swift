import Foundation

/// Runs `../shared/tools/asl_oracle/verify.py` (Apple's App Store Server Library in Python).
///
/// The oracle is optional on a developer machine: when python3 or the library is missing the
/// interop tests are skipped with a printed reason. With `CI=true` a missing oracle is a failure.
enum Oracle {
  /// `<package root>/../shared/tools/asl_oracle`, found from this file's path.
  static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // StoreJWSTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .deletingLastPathComponent()
    .appendingPathComponent("shared/tools/asl_oracle")

  static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// `nil` when the oracle can run, else why not.
  static let unavailableReason: String? = {
    let script = directory.appendingPathComponent("verify.py").path
    guard FileManager.default.fileExists(atPath: script) else {
      return "the oracle script \(script) is missing"
    }
    guard let probe = try? run(["python3", "-c", "import appstoreserverlibrary"], input: nil) else {
      return "python3 is not installed"
    }
    guard probe.status == 0 else {
      return "Apple's app-store-server-library is not installed for python3 "
        + "(pip install -r ../shared/tools/asl_oracle/requirements.txt)"
    }
    return nil
  }()

  /// Whether interop tests should run: the oracle is there, or CI requires it.
  static var shouldRun: Bool { unavailableReason == nil || isCI }

  /// Prints why the oracle is missing; `true` when the caller may go on.
  static func checkAvailable() -> Bool {
    guard let reason = unavailableReason else { return true }
    print("asl_oracle skipped: \(reason)")
    return false
  }

  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The JSON objects printed, one per input line.
    var lines: [[String: Any]] {
      stdout.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
    }
  }

  /// Runs verify.py over `tokens` (one per line) with the root in `rootDER`.
  static func verify(
    _ tokens: [String], kind: String, root: [UInt8], bundleId: String, environment: String
  ) throws -> Output {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let rootPath = directory.file("root.der")
    let inputPath = directory.file("input.jws")
    try Data(root).write(to: URL(fileURLWithPath: rootPath))
    try Data((tokens.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: inputPath))
    return try run(
      [
        "python3", Self.directory.appendingPathComponent("verify.py").path, "--strict",
        "--root", rootPath, "--bundle-id", bundleId, "--environment", environment,
        "--kind", kind, inputPath,
      ], input: nil)
  }

  static func run(_ arguments: [String], input: Data?) throws -> Output {
    // Output goes to files, not pipes, so a large output can never block the child.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let outPath = directory.file("stdout")
    let errPath = directory.file("stderr")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = outHandle
    process.standardError = errHandle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return Output(
      status: process.terminationStatus,
      stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
  }
}
