import Foundation

/// The built `storeterm`, run as a process of its own: for tests that kill it mid-command.
///
/// A real process dying by `SIGKILL` is what a crash is; it also starts faster than a Swift
/// Testing exit test, which runs a fresh copy of the whole test binary.
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
