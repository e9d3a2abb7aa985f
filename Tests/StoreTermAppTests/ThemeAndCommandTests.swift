import Foundation
import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermCLI

/// The built-in themes match `Themes/`, and `storeterm ui` refuses bad options before it takes
/// the terminal.
@Suite struct ThemeAndCommandTests {
  static let themes = ["default", "light", "high-contrast", "monochrome"]

  @Test(arguments: themes) func theBuiltInThemeMatchesItsFile(name: String) throws {
    let url = TestPaths.packageRoot.appending(path: "Themes/\(name).json")
    let file = try ThemeFile.load(contentsOf: url)
    let builtIn = try BuiltInThemes.resolve(name, environment: [:])
    #expect(file == builtIn)
    #expect(try String(contentsOf: url, encoding: .utf8) == BuiltInThemes.files[name]! + "\n")
  }

  @Test func noColorMeansMonochrome() throws {
    #expect(try BuiltInThemes.resolve(nil, environment: ["NO_COLOR": "1"]) == .monochrome)
    #expect(try BuiltInThemes.resolve(nil, environment: [:]) == .default)
    let light = try BuiltInThemes.resolve("light", environment: ["NO_COLOR": "1"])
    #expect(light.styles.values.allSatisfy { $0 == $0.withoutColors })
  }

  @Test func aBadThemeFileExitsOneNamingTheFileAndTheKey() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-theme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let theme = directory.appending(path: "ocean.json")
    try Data(#"{"roles": {"selektion": ["bold"]}}"#.utf8).write(to: theme)
    let run = await runStoreTerm([
      "ui", "--theme", theme.path, "--db", directory.appending(path: "l.sqlite").path,
    ])
    #expect(run.status == 1)
    #expect(run.standardError.contains("Theme file \(theme.path): unknown role \"selektion\""))
  }

  @Test func anUnknownThemeNameIsAUsageError() async {
    let run = await runStoreTerm(["ui", "--theme", "sepia", "--db", "/nonexistent/l.sqlite"])
    #expect(run.status == 64)
    #expect(
      run.standardError.contains(
        "--theme sepia: not a theme (default, high-contrast, light, monochrome"))
  }

  @Test func plainStoretermWithoutATerminalPrintsProducts() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-ui-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appending(path: "l.sqlite").path
    let plain = await runStoreTerm(["--db", database])
    #expect(plain.status == 0)
    #expect(plain.standardOutput.contains("Plus Monthly"))
  }
}
