import Foundation

/// The built `storeterm`, run as a process of its own: for tests that kill it mid-command.
///
/// Such tests first ran the command in-process inside a Swift Testing exit test. Under load,
/// with dozens of parameterized exit tests at once, some children died without running their
/// command at all (no fault fired, nothing written), so the tests that followed saw an untouched
/// ledger. A spawned `storeterm` with the fault in its environment has no such indirection.
public enum StoreTermProcess {
  /// The `storeterm` built beside this test binary.
  public static var path: String {
    TmuxSession.binaryDirectory.appending(path: "storeterm").path
  }

  /// Runs `storeterm` with `arguments` and waits for it; `fault` goes to `STORETERM_TEST_FAULT`.
  ///
  /// - Returns: the outcome; a process killed by signal N has status 128 + N.
  public static func run(_ arguments: [String], fault: String? = nil) throws -> Subprocess.Outcome {
    var environment = [
      "PATH=/usr/bin:/bin", "XDG_STATE_HOME=\(TestPaths.processStateDirectory.path)",
    ]
    if let fault { environment.append("STORETERM_TEST_FAULT=\(fault)") }
    return try Subprocess.run(path, arguments, environment: environment)
  }
}
