import Foundation
import StoreTermTestSupport
import Testing

/// Runs the project's `Scripts/asl-server-client.py`: Apple's library as the API client.
///
/// Skipped with one line when python3 or the library is missing; with `CI=true` a missing
/// library is a failure.
enum ServerOracle {
  static let script = TestPaths.packageRoot.appending(path: "Scripts/asl-server-client.py")

  static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// `nil` when the client can run, else why not.
  static let unavailableReason: String? = {
    guard FileManager.default.fileExists(atPath: script.path) else {
      return "the harness \(script.path) is missing"
    }
    guard
      let probe = try? Subprocess.run(
        "/usr/bin/env", ["python3", "-c", "import appstoreserverlibrary"],
        environment: ["PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"])
    else { return "python3 is not installed" }
    guard probe.status == 0 else {
      return "Apple's App Store Server Library is not installed for python3 "
        + "(python3 -m pip install -r Scripts/requirements-interop.txt)"
    }
    return nil
  }()

  /// Whether the interop test should run: the client is there, or CI requires it.
  static var shouldRun: Bool { unavailableReason == nil || isCI }

  /// Whether an interop test goes on: `false` (after one line saying why) when the client is
  /// missing outside CI; under CI a missing client is a recorded failure and the test goes on.
  static func required(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard shouldRun else { return checkAvailable() }
    #expect(unavailableReason == nil, "\(unavailableReason ?? "")", sourceLocation: sourceLocation)
    return true
  }

  /// Prints why the client is missing; `true` when the caller may go on.
  static func checkAvailable() -> Bool {
    guard let reason = unavailableReason else { return true }
    print("App Store Server Library server interop skipped: \(reason)")
    return false
  }

  /// Runs the plan's calls and returns each result object, in order.
  static func run(
    baseURL: String, key: String, keyID: String, issuerID: String, root: String, plan: String
  ) throws -> (status: Int32, results: [[String: Any]], error: String) {
    let outcome = try Subprocess.run(
      "/usr/bin/env",
      [
        "python3", script.path, "--base-url", baseURL, "--key", key, "--key-id", keyID,
        "--issuer-id", issuerID, "--bundle-id", "dev.storeterm.demo", "--root", root,
        "--environment", "Sandbox", plan,
      ],
      environment: [
        "PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
        "HOME=\(ProcessInfo.processInfo.environment["HOME"] ?? "/tmp")",
      ])
    let results = outcome.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["result"]
        as? [String: Any]
    }
    return (outcome.status, results, outcome.error)
  }
}
