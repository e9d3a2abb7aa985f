import Foundation
import StoreTermTestSupport
import Testing

/// The house style holds: `swift format lint` (with the repository's `.swift-format`) reports
/// nothing for the sources, the tests and the manifest.
@Suite struct FormattingTests {
  @Test func swiftFormatLintIsClean() throws {
    // Through `Subprocess`, whose reads retry when a signal interrupts them: Foundation's
    // `readDataToEndOfFile` traps on `EINTR`, and other tests' children exit meanwhile (the
    // whole suite crashed so once).
    let root = TestPaths.packageRoot
    let paths = ["Sources", "Tests", "Plugins", "Package.swift"].map {
      root.appending(path: $0).path
    }
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let outcome: Subprocess.Outcome
    do {
      outcome = try Subprocess.run(
        "/usr/bin/env", ["swift", "format", "lint", "-r"] + paths, environment: environment)
    } catch {
      print("Skipping the format check: swift format cannot be started (\(error)).")
      return
    }
    let output = outcome.output + outcome.error
    #expect(outcome.status == 0, "\(output)")
    #expect(output.isEmpty, "\(output)")
  }
}
