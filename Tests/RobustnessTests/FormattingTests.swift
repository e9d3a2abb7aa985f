import Foundation
import StoreTermTestSupport
import Testing

/// The house style holds: `swift format lint` (with the repository's `.swift-format`) reports
/// nothing for the sources, the tests and the manifest.
@Suite struct FormattingTests {
  @Test func swiftFormatLintIsClean() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "format", "lint", "-r", "Sources", "Tests", "Plugins", "Package.swift",
    ]
    process.currentDirectoryURL = TestPaths.packageRoot
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      print("Skipping the format check: swift format cannot be started (\(error)).")
      return
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(output)")
    #expect(output.isEmpty, "\(output)")
  }
}
