import Foundation
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// Bad input: exit 1 and one sentence naming the input; usage errors exit 64 with the usage line.
@Suite struct CommandLineErrorTests {
  static let usage = "usage: storeterm [<command>] [options]   (storeterm --help lists them)\n"

  @Test(arguments: [
    (["frob"], "storeterm: unknown command 'frob'"),
    (["products", "--frob"], "storeterm: unknown option '--frob'"),
    (["-x"], "storeterm: unknown option '-x'"),
    (["products", "extra"], "storeterm: unexpected argument 'extra'"),
    (["--config"], "storeterm: option --config needs a value (PATH)"),
    (["--json=yes"], "storeterm: option --json takes no value"),
    (
      ["--storefront", "XX"],
      "storeterm: --storefront XX: not an App Store storefront (an ISO 3166-1 alpha-3 code such as USA)"
    ),
    (
      ["--locale", "1234"],
      "storeterm: --locale 1234: not a locale identifier such as en_US or de_DE"
    ),
    (["help", "frob"], "storeterm: unknown command 'frob'"),
  ])
  func usageErrors(arguments: [String], message: String) async {
    let run = await runStoreTerm(arguments)
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
    #expect(run.standardError == message + "\n" + CommandLineErrorTests.usage)
  }

  @Test func aMissingFile() async {
    let run = await runStoreTerm(["products", "--config", "/nonexistent/Missing.storekit"])
    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "storeterm: /nonexistent/Missing.storekit: no such file\n")
  }

  @Test func aDirectoryInsteadOfAFile() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let run = await runStoreTerm(["--config", directory.path])
    #expect(run.status == 1)
    #expect(
      run.standardError == "storeterm: \(directory.path): is a directory, not a .storekit file\n")
  }

  @Test func aFileThatIsNotJSONOrHasABadPeriod() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let notJSON = directory.appending(path: "Notes.storekit")
    try Data("version = 4\n".utf8).write(to: notJSON)
    let run = await runStoreTerm(["products", "--config", notJSON.path])
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "storeterm: \(notJSON.path): not valid JSON: unexpected character 'v', expected a value at line 1, column 1\n"
    )

    let badPeriod = directory.appending(path: "Demo.storekit")
    let demo = try String(contentsOf: TestPaths.demoCatalog, encoding: .utf8)
    try Data(demo.replacingOccurrences(of: "\"P1W\"", with: "\"P5X\"").utf8).write(to: badPeriod)
    let periodRun = await runStoreTerm(["--config", badPeriod.path])
    #expect(periodRun.status == 1)
    #expect(
      periodRun.standardError
        == "storeterm: \(badPeriod.path): subscriptionGroups[0].subscriptions[1].introductoryOffer.subscriptionPeriod: \"P5X\" is not an ISO 8601 period\n"
    )
  }

  @Test func helpAndVersion() async {
    let help = await runStoreTerm(["--help"])
    #expect(help.status == 0)
    #expect(
      help.standardOutput.hasPrefix(
        "storeterm: StoreKit 2 in a terminal, the App Store simulated on Linux.\n"))
    let configLine = help.standardOutput.split(separator: "\n").first {
      $0.hasPrefix("  --config PATH ")
    }
    #expect(
      configLine?.hasSuffix(
        " A .storekit file, or a bundled demo: demo (the default, in dollars) or demo-jp (in yen)")
        == true)
    let bareHelp = await runStoreTerm(["help"])
    #expect(bareHelp.standardOutput == help.standardOutput)
    let productsHelp = await runStoreTerm(["products", "--help"])
    #expect(
      productsHelp.standardOutput.hasPrefix(
        "storeterm products: The catalog as the customer sees it"))
    let namedHelp = await runStoreTerm(["help", "products"])
    #expect(namedHelp.standardOutput == productsHelp.standardOutput)
    // A command's page lists its own options and an example.
    let purchaseHelp = await runStoreTerm(["help", "purchase"]).standardOutput
    #expect(purchaseHelp.contains("\nOptions:\n  --quantity N "))
    #expect(
      purchaseHelp.contains(
        "\nExamples:\n  storeterm purchase dev.storeterm.demo.plus.monthly\n"))
    for command in StoreTermCommand.commands {
      let page = await runStoreTerm(["help", command.name]).standardOutput
      #expect(page.contains("\nExample"), "help \(command.name) shows no example")
    }
    let misspelled = await runStoreTerm(["help", "purchse"])
    #expect(misspelled.status == 64)
    #expect(
      misspelled.standardError.hasPrefix(
        "storeterm: unknown command 'purchse'; did you mean 'purchase'?\n"))
    let version = await runStoreTerm(["--version"])
    #expect(version.standardOutput == "storeterm 0.1.0\n")
  }
}
