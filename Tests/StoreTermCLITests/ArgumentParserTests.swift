import StoreTermCLI
import Testing

/// Global options before or after the command, both value spellings, and `--`.
@Suite struct ArgumentParserTests {
  static let parser = StoreTermCommand.parser

  @Test func globalOptionsGoBeforeOrAfterTheCommand() async throws {
    let before = try ArgumentParserTests.parser.parse([
      "--json", "--config", "a.storekit", "products",
    ])
    let after = try ArgumentParserTests.parser.parse(["products", "--config=a.storekit", "--json"])
    #expect(before.command.name == "products")
    #expect(before.options == after.options)
    #expect(before.value("config") == "a.storekit")
    #expect(before.flag("json"))
    #expect(before.explicitCommand && after.explicitCommand)
  }

  @Test func theDefaultCommandWhenNoneIsNamed() async throws {
    let parsed = try ArgumentParserTests.parser.parse(["--locale", "de_DE"])
    #expect(parsed.command.name == "products")
    #expect(!parsed.explicitCommand)
  }

  @Test func doubleDashEndsOptions() async throws {
    let parsed = try ArgumentParserTests.parser.parse(["help", "--", "--json"])
    #expect(parsed.arguments == ["--json"])
    #expect(!parsed.flag("json"))
  }
}
