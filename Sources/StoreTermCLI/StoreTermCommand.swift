import Foundation
import StoreCore
import StoreFiles
import StoreJWS

/// The `storeterm` program: parses the command line and runs one command.
public enum StoreTermCommand {
  /// Options every command accepts, before or after the command.
  public static let globalOptions: [OptionSpec] = [
    .value(
      "config", "PATH",
      help: "A .storekit file, or a bundled demo: demo (the default, in dollars) or demo-jp (in "
        + "yen)"),
    .value(
      "storefront", "ISO3", help: "The storefront, such as USA, DEU, JPN (default: the file's)"),
    .value(
      "locale", "ID",
      help: "The locale for names, prices and the screens' language, such as de_DE (default: the "
        + "file's)"),
    .value(
      "db", "PATH",
      help: "The ledger database (default: $XDG_STATE_HOME/storeterm/ledger.sqlite), or a"
        + " PostgreSQL URI a team shares: postgresql://user@host/db (password from ~/.pgpass)"),
    .value("customer", "ID", help: "The App Store account to act as (default: default)"),
    .value(
      "bundle-id", "ID",
      help: "The bundle ID stamped into signed data (default: dev.storeterm.demo)"),
    .value(
      "environment", "NAME",
      help: "Xcode (default), Sandbox or LocalTesting, stamped into signed data"),
    .value(
      "non-renewing-length", "PERIOD",
      help: "How long a non-renewing subscription grants access (ISO 8601; default P1Y)"),
    .value(
      "record", "FILE",
      help: "Append the command's change to a scenario file, with what the customer then has"
        + " (storeterm scenario run replays it); in the UI, the W key starts and stops it"),
    .flag("json", help: "Print JSON with StoreKit's field names instead of text"),
    .flag("read-only", help: "Open the ledger read-only; commands that could change it refuse"),
    .flag("verbose", help: "Also report what was ignored, such as unknown keys in the file"),
    .flag("help", short: "h", help: "Show help for storeterm or for one command"),
    .flag("version", help: "Print the version"),
  ]

  /// Every command, in the order help lists them.
  public static let commands: [CommandSpec] = [
    .init(
      name: "products",
      abstract: "The catalog as the customer sees it: names, prices, periods and intro offers",
      examples: [
        "storeterm products --storefront DEU --locale de_DE", "storeterm products --json",
      ]),
    PurchaseCommand.spec,
    PurchaseIntentCommand.spec,
    BalancesCommand.spec,
    TransactionsCommand.transactionsSpec,
    TransactionsCommand.entitlementsSpec,
    ManageCommand.spec,
    StatusCommand.spec,
    ClockCommand.spec,
    SettingsCommand.spec,
    FamilyCommand.spec,
    SeatsCommand.spec,
    SignedDataCommands.jwsSpec,
    SignedDataCommands.verifySpec,
    SignedDataCommands.certSpec,
    ResetCommand.spec,
    CustomersCommand.spec,
    CustomerCommand.spec,
    ImportCommand.spec,
    UICommand.spec,
    ServeCommand.spec,
    ServerKeysCommand.spec,
    NotificationsCommand.spec,
    DatabaseCommand.spec,
    RefundsCommand.spec,
    ScenarioCommand.spec,
    .init(
      name: "help", abstract: "Show help for storeterm or for one command",
      arguments: ["[COMMAND]"],
      examples: ["storeterm help purchase"]
    ),
  ]

  /// The parser built from the declarations above.
  public static let parser = ArgumentParser(
    globalOptions: globalOptions, commands: commands, defaultCommand: commands[0])

  /// The version printed by `--version`.
  public static let version = "storeterm 0.1.0"

  /// Runs the program with the process's arguments and environment, and exits with its status.
  public static func main() async -> Never {
    LibCryptoLifetime.keepUntilExit()
    let status = await run(
      Array(CommandLine.arguments.dropFirst()), output: StandardOutput(),
      environment: ProcessInfo.processInfo.environment,
      interactive: isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0)
    // Output that was lost is a failure even when the command's change committed: a script
    // reading it must not take silence for an answer (as `echo hi >/dev/full` exits 1).
    if let (stream, code) = StandardOutput.failure.withLock({ $0 }) {
      StandardOutput().writeError(
        "storeterm: \(stream): \(SafeFileWriter.message(code)); output was lost"
          + (status == ExitStatus.success ? " (the command itself succeeded)\n" : "\n"))
      exit(status == ExitStatus.success ? ExitStatus.failure : status)
    }
    exit(status)
  }

  /// Runs one command line and returns the exit status (0 success, 1 failure, 64 usage error).
  ///
  /// `environment` supplies `XDG_STATE_HOME` and `HOME` for the default state folder. With no
  /// command, an `interactive` run (standard input and output are a terminal) opens the front
  /// end (`ui`); otherwise it prints the products, so scripts and pipes keep their table.
  public static func run(
    _ arguments: [String], output rawOutput: some TextOutput, environment: [String: String],
    interactive: Bool = false
  ) async -> Int32 {
    // Every word printed from here on passes the terminal-safety rule, whatever its source.
    let parsed: ParsedArguments
    do {
      parsed = try parser.parse(arguments)
    } catch {
      SafeOutput(base: rawOutput, json: false).writeError(
        "storeterm: \(error.message)\n\(HelpText.usageLine)\n")
      return ExitStatus.usage
    }
    let output = SafeOutput(base: rawOutput, json: parsed.flag("json"))
    if parsed.flag("version") {
      output.write(version + "\n")
      return ExitStatus.success
    }
    if parsed.flag("help") || parsed.command.name == "help" {
      return help(parsed, output: output)
    }
    let launchesUI = interactive && !parsed.explicitCommand && !parsed.flag("json")
    do {
      let context = try CommandContext(parsed: parsed, output: output, environment: environment)
      if context.readOnly,
        let refusal = ReadOnlySeat.refusal(
          for: parsed.command.name, postgres: context.paths.postgres != nil)
      {
        throw CommandFailure(refusal)
      }
      if let uri = context.paths.postgres, let refusal = PostgresURI.refusal(uri) {
        throw UsageError(refusal)
      }
      // As an app does at launch, deliver what a crashed or interrupted run left unfinished.
      // A missing ledger has nothing unfinished, and reset is about to delete everything.
      // A scenario replays on a ledger of its own: the one named by --db is never opened.
      if parsed.command.name != "reset", parsed.command.name != "scenario", !context.readOnly,
        context.paths.ledgerExists
      {
        try await ManagedStore.recover(context)
      }
      if launchesUI { return try await UICommand.run(context) }
      var recording = try await CommandRecording.begin(context)
      let status: Int32
      do {
        status = try await execute(context)
      } catch {
        try? await recording?.finish(context, succeeded: false)
        throw error
      }
      try await recording?.finish(context, succeeded: status == ExitStatus.success)
      return status
    } catch let error as UsageError {
      output.writeError("storeterm: \(error.message)\n\(HelpText.usageLine)\n")
      return ExitStatus.usage
    } catch {
      // One voice: `storeterm: <input>: <what is wrong>`; failures name their input first.
      output.writeError("storeterm: \(error)\n")
      return ExitStatus.failure
    }
  }

  /// Runs the command `context` names and returns its exit status.
  @MainActor
  private static func execute(_ context: CommandContext) async throws -> Int32 {
    let parsed = context.parsed
    switch parsed.command.name {
    case "ui": return try await UICommand.run(context)
    case "products": try ProductsCommand.run(context)
    case "purchase": try await PurchaseCommand.run(context)
    case "purchase-intent": try PurchaseIntentCommand.run(context)
    case "balances": try BalancesCommand.run(context)
    case "transactions": try await TransactionsCommand.run(context, entitlementsOnly: false)
    case "entitlements": try await TransactionsCommand.run(context, entitlementsOnly: true)
    case "manage": try await ManageCommand.run(context)
    case "status": try await StatusCommand.run(context)
    case "clock": try await ClockCommand.run(context)
    case "family": try await FamilyCommand.run(context)
    case "seats": try SeatsCommand.run(context)
    case "settings": try await SettingsCommand.run(context)
    case "jws": try await SignedDataCommands.jws(context)
    case "verify":
      return try SignedDataCommands.verify(context) ? ExitStatus.success : ExitStatus.failure
    case "cert": try SignedDataCommands.cert(context)
    case "reset": try await ResetCommand.run(context)
    case "customers": try CustomersCommand.run(context)
    case "customer": try CustomerCommand.run(context)
    case "import": try await ImportCommand.run(context)
    case "serve": try await ServeCommand.run(context)
    case "server-keys": try ServerKeysCommand.run(context)
    case "notifications": try NotificationsCommand.run(context)
    case "db": try DatabaseCommand.run(context)
    case "refunds": try RefundsCommand.run(context)
    case "scenario": return try await ScenarioCommand.run(context)
    default: preconditionFailure("command '\(parsed.command.name)' is declared but not wired")
    }
    return ExitStatus.success
  }

  private static func help(_ parsed: ParsedArguments, output: some TextOutput) -> Int32 {
    let topic = parsed.command.name == "help" ? parsed.arguments.first : parsed.command.name
    guard let topic else {
      output.write(HelpText.overview(parser))
      return ExitStatus.success
    }
    guard let command = commands.first(where: { $0.name == topic }) else {
      let suggestion = Suggestion.didYouMean(topic, among: commands.map(\.name))
      output.writeError(
        "storeterm: unknown command '\(topic)'\(suggestion)\n\(HelpText.usageLine)\n")
      return ExitStatus.usage
    }
    // Plain `storeterm --help` arrives with the default command: it asks for the overview.
    let page =
      parsed.explicitCommand ? HelpText.command(command, parser: parser) : HelpText.overview(parser)
    output.write(page)
    return ExitStatus.success
  }
}

/// The process exit statuses storeterm uses.
public enum ExitStatus {
  /// Everything worked.
  public static let success: Int32 = 0
  /// The command failed (bad input file, failed operation).
  public static let failure: Int32 = 1
  /// The command line was wrong (`EX_USAGE`).
  public static let usage: Int32 = 64
}
