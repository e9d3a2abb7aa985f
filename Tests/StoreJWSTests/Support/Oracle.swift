import Foundation

/// Runs the project's `Scripts/asl-verify.py` (Apple's App Store Server Library in Python).
///
/// The library is optional on a developer machine: when python3 or the library is missing the
/// interop tests are skipped with one line naming what to install. With `CI=true` a missing
/// library is a failure.
enum Oracle {
  /// `<package root>/Scripts/asl-verify.py`, found from this file's path.
  static let script: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // StoreJWSTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("Scripts/asl-verify.py")

  static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// `nil` when the oracle can run, else why not.
  static let unavailableReason: String? = {
    guard FileManager.default.fileExists(atPath: script.path) else {
      return "the harness \(script.path) is missing"
    }
    guard let probe = try? run(["python3", "-c", "import appstoreserverlibrary"], input: nil) else {
      return "python3 is not installed"
    }
    guard probe.status == 0 else {
      return "Apple's App Store Server Library is not installed for python3 "
        + "(python3 -m pip install -r Scripts/requirements-interop.txt)"
    }
    return nil
  }()

  /// Whether interop tests should run: the oracle is there, or CI requires it.
  static var shouldRun: Bool { unavailableReason == nil || isCI }

  /// Prints why the oracle is missing; `true` when the caller may go on.
  static func checkAvailable() -> Bool {
    guard let reason = unavailableReason else { return true }
    print("App Store Server Library interop skipped: \(reason)")
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

  /// One signed item for ``verify(batch:bundleId:)``: its kind, root and environment.
  struct Case {
    var token: String
    var kind: String
    var root: [UInt8]
    var environment: String
  }

  /// Runs the harness once over `cases`, each verified with its own root and environment (one
  /// Python process: starting Apple's library costs more than verifying an item).
  static func verify(batch cases: [Case], bundleId: String) throws -> Output {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let inputPath = directory.file("cases.jsonl")
    let lines = try cases.map { item in
      let object: [String: String] = [
        "token": item.token, "kind": item.kind, "root": Data(item.root).base64EncodedString(),
        "environment": item.environment,
      ]
      return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: inputPath))
    return try run(
      ["python3", script.path, "--strict", "--batch", "--bundle-id", bundleId, inputPath],
      input: nil)
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
