import StoreCore

/// `storeterm settings [NAME on|off]`: the test environment's switches (Ask to Buy, interrupted
/// purchases, billing issues, the billing grace period), as the terminal UI's settings panel and
/// `SKTestSession`'s properties turn them; kept in the ledger, so every process sees them.
enum SettingsCommand {
  static let spec = CommandSpec(
    name: "settings",
    abstract: "The test environment's switches; 'NAME on|off' turns one for every process",
    arguments: ["[NAME]", "[on|off]"],
    examples: [
      "storeterm settings", "storeterm settings billing-issues on",
      "storeterm settings grace-period off --json",
    ])

  /// Each switch by its command-line name, in the order the settings panel lists them.
  static let names: [(name: String, key: StoreSession.Switch)] = [
    ("ask-to-buy", .askToBuy), ("interrupted-purchases", .interruptedPurchases),
    ("billing-issues", .billingIssues), ("grace-period", .gracePeriod),
  ]

  static func run(_ context: CommandContext) async throws {
    let arguments = context.parsed.arguments
    let store = try context.openStore()
    if let name = arguments.first {
      guard let entry = names.first(where: { $0.name == name }) else {
        throw UsageError(
          "settings \(name): not a switch ("
            + names.map(\.name).joined(separator: ", ") + ")"
            + Suggestion.didYouMean(name, among: names.map(\.name)))
      }
      guard arguments.count == 2, let enabled = ["on": true, "off": false][arguments[1]] else {
        throw UsageError("settings \(name): say on or off, such as: storeterm settings \(name) on")
      }
      try store.setSessionSwitch(entry.key, enabled)
    }
    let session = store.engine.session
    if context.json {
      context.output.write(
        JSONValue.object(
          names.map { JSONMember($0.key.rawValue, .bool(session.isOn($0.key))) }
        ).prettyText + "\n")
      return
    }
    var table = TextTable(headers: ["SETTING", "STATE"])
    table.rows = names.map { [$0.name, session.isOn($0.key) ? "on" : "off"] }
    context.output.write(table.render())
  }
}
