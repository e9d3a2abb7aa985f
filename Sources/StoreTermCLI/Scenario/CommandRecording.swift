import Foundation
import StoreCore

/// `storeterm --record FILE <command>`: the command's change appended to a scenario file as one
/// step, with what the customer has afterwards.
@MainActor
struct CommandRecording {
  private var recorder: ScenarioRecorder
  private let action: ScenarioAction
  private let now: Date
  private let requestsBefore: Set<UInt64>

  /// The commands that change nothing a scenario holds: recording them writes nothing.
  static let readingCommands: Set<String> = [
    "products", "balances", "transactions", "entitlements", "status", "jws", "verify", "cert",
    "customers", "customer", "help",
  ]

  /// Starts recording the command `context` runs, before it runs.
  ///
  /// Nil without `--record` or for a command that changes nothing. A command a scenario cannot
  /// hold is a usage error, refused before anything changes.
  static func begin(_ context: CommandContext) async throws -> CommandRecording? {
    guard let file = context.parsed.value("record") else { return nil }
    guard let action = try step(for: context.parsed) else { return nil }
    var recorder = try ScenarioRecorder(path: file, option: "--record", paths: context.paths)
    let store = try context.openStore(reportingWarnings: false)
    let now = store.clock.now()
    if recorder.isNew {
      // The starting state is the default customer's, whom a scenario starts as.
      let before =
        store.customerID == Customer.defaultID ? try await ScenarioPlayer.observe(store) : nil
      try recorder.begin(
        catalog: catalogName(context, file: file), now: now, before: before,
        generator: "Recorded by storeterm --record.")
    }
    let requests = try store.engine.records(customerID: store.customerID).map(\.id)
    return CommandRecording(
      recorder: recorder, action: action, now: now, requestsBefore: Set(requests))
  }

  /// Appends the step, once the command has run; `succeeded` is whether it exited 0.
  mutating func finish(_ context: CommandContext, succeeded: Bool) async throws {
    let outcome: String?
    if case .purchase(let purchase) = action {
      let store = try context.openStore(reportingWarnings: false)
      let made = try store.engine.records(customerID: store.customerID)
        .filter { !requestsBefore.contains($0.id) }
      outcome =
        !succeeded
        ? "failed"
        : purchase.outcome == .cancelled
          ? "userCancelled"
          : made.contains { $0.state == .pendingApproval || $0.state == .interrupted }
            ? "pending" : "success"
    } else {
      // A refused step changed nothing: there is nothing to replay.
      guard succeeded else { return }
      outcome = nil
    }
    let store = try context.openStore(reportingWarnings: false)
    try recorder.record(
      action, outcome: outcome, customer: store.customerID, now: now,
      after: try await ScenarioPlayer.observe(store))
  }

  /// The step a command line is, nil for one that changes nothing.
  static func step(for parsed: ParsedArguments) throws -> ScenarioAction? {
    let name = parsed.command.name
    let arguments = parsed.arguments
    // The UI records from its own key (to this file); a replay records nothing.
    if readingCommands.contains(name) || name == "ui" || name == "scenario" { return nil }
    var words: [String]
    switch name {
    case "purchase":
      guard parsed.value("account-token") == nil else {
        throw UsageError("--record: a purchase with --account-token cannot be a scenario step")
      }
      words = ["purchase", arguments[0]]
      for (flag, word) in [
        ("ask-to-buy", "ask-to-buy"), ("interrupted", "interrupted"), ("cancel", "cancelled"),
      ] where parsed.flag(flag) {
        words.append(word)
      }
      for option in ["fail", "quantity", "offer", "offer-code"] {
        if let value = parsed.value(option) { words += [option, ScenarioText.quoted(value)] }
      }
    case "manage":
      words = arguments + (parsed.value("price").map { [$0] } ?? [])
    case "clock", "settings", "family":
      if arguments.isEmpty { return nil }
      words = [name == "settings" ? "setting" : name] + arguments.map(ScenarioText.quoted)
    default:
      throw UsageError("--record: '\(name)' cannot be a scenario step")
    }
    do {
      let tokens = try ScenarioParser.tokenize(words.joined(separator: " "), line: 1)
      return try ScenarioParser.action(tokens, line: 1)
    } catch let error as ScenarioError {
      throw UsageError("--record: \(error.message)")
    }
  }

  /// `--config`'s catalog as the scenario names it: a bundled name, or the path relative to the
  /// scenario's folder when it lies inside it (absolute otherwise).
  static func catalogName(_ context: CommandContext, file: String) -> String {
    guard let config = context.parsed.value("config") else { return "demo" }
    if ConfigurationFile.bundled.contains(where: { $0.name == config }) { return config }
    let cwd = FileManager.default.currentDirectoryPath
    let absolute = config.hasPrefix("/") ? config : (cwd as NSString).appendingPathComponent(config)
    let scenarioFile = file.hasPrefix("/") ? file : (cwd as NSString).appendingPathComponent(file)
    let folder = (scenarioFile as NSString).deletingLastPathComponent + "/"
    return absolute.hasPrefix(folder) ? String(absolute.dropFirst(folder.count)) : absolute
  }
}
