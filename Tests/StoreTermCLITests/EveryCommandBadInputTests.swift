import Foundation
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// Every command, the same mistakes: each answer starts `storeterm: `, names what was wrong,
/// exits 64 for a usage mistake or 1 for a refusal, and leaves the ledger as it was.
@Suite struct EveryCommandBadInputTests {
  /// One mistake and what the answer must be.
  struct Mistake: CustomStringConvertible, Sendable {
    var arguments: [String]
    /// A piece of the first error line that names the input.
    var names: String
    var status: Int32
    var description: String { arguments.joined(separator: " ") }
  }

  /// Values for a command's required arguments that parse (and `reset`'s confirmation), so the
  /// mistake under test is the only one on the line.
  static func filled(_ command: CommandSpec) -> [String] {
    switch command.name {
    case "manage": return ["refund", "1"]
    case "server-keys": return ["list"]
    case "reset": return ["--yes"]
    default:
      let samples = [
        "PRODUCT": "dev.storeterm.demo.coins.100", "TRANSACTION_ID": "1", "ID": "default",
        "FILE": "/nonexistent/input.txt",
      ]
      return command.arguments.filter { !$0.hasPrefix("[") }.map { samples[$0] ?? "x" }
    }
  }

  /// Commands that are run: `help` reads no options but its own.
  static let commands = StoreTermCommand.commands.filter { $0.name != "help" }

  /// The parser's mistakes, for every command and every option it declares.
  static let parserMistakes: [Mistake] = commands.flatMap { command -> [Mistake] in
    let required = filled(command)
    var mistakes = [
      Mistake(
        arguments: [command.name] + required + ["--no-such-option"],
        names: "'--no-such-option'", status: 64),
      Mistake(
        arguments: [command.name] + required
          + Array(
            repeating: "surplus",
            count: command.maximumArgumentCount - required.filter { !$0.hasPrefix("-") }.count + 1),
        names: "'surplus'", status: 64),
    ]
    if !required.isEmpty {
      let needs = command.name == "reset" ? "add --yes to confirm" : "'\(command.name)' needs"
      mistakes.append(Mistake(arguments: [command.name], names: needs, status: 64))
    }
    for option in command.options {
      if let valueName = option.valueName {
        mistakes.append(
          Mistake(
            arguments: [command.name] + required + ["--\(option.name)"],
            names: "--\(option.name) needs a value (\(valueName))", status: 64))
      } else {
        mistakes.append(
          Mistake(
            arguments: [command.name] + required + ["--\(option.name)=yes"],
            names: "--\(option.name) takes no value", status: 64))
      }
    }
    if let first = command.options.first(where: { $0.name.count > 4 }) {
      // One letter dropped: within two edits, so the answer suggests the real name.
      var typo = first.name
      typo.remove(at: typo.index(typo.startIndex, offsetBy: 2))
      mistakes.append(
        Mistake(
          arguments: [command.name] + required + ["--\(typo)"],
          names: "did you mean '--\(first.name)'?", status: 64))
    }
    return mistakes
  }

  /// Malformed global values: refused the same way whatever the command.
  static let valueMistakes: [Mistake] = commands.flatMap { command -> [Mistake] in
    let required = filled(command)
    let values: [(option: [String], names: String, status: Int32)] = [
      (["--storefront", "XX"], "--storefront XX: not an App Store storefront", 64),
      (["--locale", "1234"], "--locale 1234: not a locale identifier", 64),
      (["--environment", "Production"], "--environment Production: not one of", 64),
      (["--non-renewing-length", "P1X"], "--non-renewing-length P1X: not an ISO 8601", 64),
      (["--config", "/nonexistent/x.storekit"], "/nonexistent/x.storekit: no such file", 1),
    ]
    return values.map {
      Mistake(arguments: [command.name] + required + $0.option, names: $0.names, status: $0.status)
    }
  }

  /// A ledger holding one purchase, made once (a purchase per case was most of this suite's
  /// time), and its `transactions --json`; each case runs on a copy of its folder.
  static let bought = Task { () throws -> (folder: URL, transactions: String) in
    let folder = try TestPaths.temporaryDirectory()
    let db = folder.appending(path: "ledger.sqlite").path
    let bought = await runStoreTerm(["purchase", "dev.storeterm.demo.lifetime", "--db", db])
    #expect(bought.status == 0)
    let listed = await runStoreTerm(["transactions", "--json", "--db", db])
    return (folder, listed.standardOutput)
  }

  @Test(arguments: parserMistakes + valueMistakes)
  func theAnswerIsOneNamedLineAndNothingChanges(mistake: Mistake) async throws {
    let (folder, before) = try await Self.bought.value
    let copy = try TestPaths.temporaryDirectory().appending(path: "store")
    try FileManager.default.copyItem(at: folder, to: copy)
    let db = copy.appending(path: "ledger.sqlite").path

    // The ledger first: a mistake may be an option left without its value at the end.
    let run = await runStoreTerm(["--db", db] + mistake.arguments)
    let firstLine = run.standardError.split(separator: "\n").first.map(String.init) ?? ""
    #expect(run.status == mistake.status, "\(mistake): \(firstLine)")
    #expect(firstLine.hasPrefix("storeterm: "), "\(mistake): \(firstLine)")
    #expect(firstLine.contains(mistake.names), "\(mistake): \(firstLine)")
    #expect(run.standardOutput == "", "\(mistake)")
    let after = await runStoreTerm(["transactions", "--json", "--db", db])
    #expect(after.standardOutput == before, "\(mistake) changed the ledger")
  }

  @Test func everyCommandIsCovered() {
    let covered = Set((Self.parserMistakes + Self.valueMistakes).map { $0.arguments[0] })
    #expect(covered == Set(Self.commands.map(\.name)))
    #expect(Self.parserMistakes.count > 3 * Self.commands.count)
  }
}
