import Foundation
import TerminalUI
import Testing

/// Themes map roles to styles; theme files override roles and name the file and key on error.
@Suite struct ThemeTests {
  func parse(_ json: String) throws(ThemeFileError) -> Theme {
    try ThemeFile.parse(Data(json.utf8), fileName: "Themes/ocean.json")
  }

  @Test func everyRoleHasAStyleInTheBuiltInThemes() {
    for role in StyleRole.allCases {
      #expect(Theme.default.styles[role] != nil, "default lacks \(role)")
      #expect(Theme.monochrome.styles[role] != nil, "monochrome lacks \(role)")
    }
  }

  @Test func monochromeUsesAttributesOnly() {
    for role in StyleRole.allCases {
      #expect(Theme.monochrome[role].foreground == .default)
      #expect(Theme.monochrome[role].background == .default)
    }
    #expect(Theme.monochrome[.selection].attributes == .reverse)
  }

  @Test func droppingColorsKeepsTheSelectionVisible() {
    let plain = Theme.default.withoutColors
    #expect(plain[.selection].attributes == .reverse)
    #expect(plain[.price] == Style(attributes: .bold))
  }

  @Test func aFileOverridesRolesOfItsBase() throws {
    let theme = try parse(
      #"{"name": "Ocean", "roles": {"selection": ["bold", "black", "on:cyan"], "price": ["208", "on:bright-blue"]}}"#
    )
    #expect(theme.name == "Ocean")
    #expect(
      theme[.selection] == Style(foreground: .ansi(0), background: .ansi(6), attributes: .bold))
    #expect(theme[.price] == Style(foreground: .indexed(208), background: .ansi(12)))
    #expect(theme[.title] == Theme.default[.title])
  }

  @Test func theBaseAndNameDefault() throws {
    let theme = try parse(#"{"base": "monochrome"}"#)
    #expect(theme.name == "ocean")
    #expect(theme.styles == Theme.monochrome.styles)
  }

  @Test(arguments: [
    ("{", "Theme file Themes/ocean.json is not valid JSON."),
    ("[]", "Theme file Themes/ocean.json must hold a JSON object with \"roles\"."),
    (
      #"{"roles": {}, "colours": {}}"#,
      "Theme file Themes/ocean.json has an unknown key \"colours\" (expected \"name\", \"base\" or \"roles\")."
    ),
    (#"{"name": 3}"#, "Theme file Themes/ocean.json: \"name\" must be a string."),
    (
      #"{"base": "dark"}"#,
      "Theme file Themes/ocean.json: \"base\" must be \"default\" or \"monochrome\"."
    ),
    (
      #"{"roles": ["bold"]}"#,
      "Theme file Themes/ocean.json: \"roles\" must be an object from role names to lists of words."
    ),
    (
      #"{"roles": {"selektion": ["bold"]}}"#,
      "Theme file Themes/ocean.json: unknown role \"selektion\" in \"roles\" (known roles: normal, dim, title, border, borderFocused, selection, selectionInactive, price, badge, success, warning, error, key, keyHint, keyHintDisabled)."
    ),
    (
      #"{"roles": {"price": ["bold", "purple"]}}"#,
      "Theme file Themes/ocean.json: role \"price\" has an unknown color or attribute \"purple\"."
    ),
    (
      #"{"roles": {"price": ["on:256"]}}"#,
      "Theme file Themes/ocean.json: role \"price\" has an unknown color or attribute \"on:256\"."
    ),
    (
      #"{"roles": {"price": "bold"}}"#,
      "Theme file Themes/ocean.json: role \"price\" must be a list of words such as [\"bold\", \"cyan\", \"on:black\"]."
    ),
    (
      #"{"roles": {"price": ["bold", 1]}}"#,
      "Theme file Themes/ocean.json: role \"price\" must be a list of words such as [\"bold\", \"cyan\", \"on:black\"]."
    ),
  ])
  func badFilesAreRefusedWithOneSentence(json: String, message: String) {
    #expect(throws: ThemeFileError(message)) { try parse(json) }
  }

  @Test func ofSeveralMistakesTheFirstKeyIsReported() {
    #expect(
      throws: ThemeFileError(
        "Theme file Themes/ocean.json: role \"dim\" has an unknown color or attribute \"x\".")
    ) {
      try parse(#"{"roles": {"title": ["y"], "dim": ["x"]}}"#)
    }
  }

  @Test func aMissingFileIsNamed() {
    let url = URL(fileURLWithPath: "/nonexistent/storeterm/ocean.json")
    #expect(throws: ThemeFileError("Theme file /nonexistent/storeterm/ocean.json does not exist."))
    {
      try ThemeFile.load(contentsOf: url)
    }
  }

  @Test func aFileOnDiskLoads() throws {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "theme-\(ProcessInfo.processInfo.globallyUniqueString).json")
    try Data(#"{"roles": {"error": ["red", "underline"]}}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(
      try ThemeFile.load(contentsOf: url)[.error]
        == Style(foreground: .ansi(1), attributes: .underline))
  }

  @Test func colorsDegradeToWhatTheTerminalHas() {
    #expect(TermColor.indexed(208).paletteIndex(colors: 256) == 208)
    #expect(TermColor.indexed(196).paletteIndex(colors: 8) == 1)  // pure red
    #expect(TermColor.indexed(12).paletteIndex(colors: 8) == 4)
    #expect(TermColor.ansi(14).paletteIndex(colors: 16) == 14)
    #expect(TermColor.ansi(14).paletteIndex(colors: 8) == 6)
    #expect(TermColor.indexed(250).paletteIndex(colors: 16) == 7)
    #expect(TermColor.default.paletteIndex(colors: 256) == nil)
  }
}
