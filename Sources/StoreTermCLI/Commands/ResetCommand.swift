/// `storeterm reset --yes`: deletes every transaction, as `SKTestSession.clearTransactions()`.
enum ResetCommand {
  static let spec = CommandSpec(
    name: "reset", abstract: "Delete every transaction of every customer (needs --yes)",
    options: [.flag("yes", help: "Confirm that every transaction is to be deleted")],
    examples: ["storeterm reset --yes"])

  static func run(_ context: CommandContext) async throws {
    guard context.parsed.flag("yes") else {
      throw UsageError("reset deletes every transaction; add --yes to confirm")
    }
    let store = try context.openStore()
    try store.engine.clearTransactions()
    let place = context.paths.postgres.map(PostgresURI.display) ?? context.paths.database
    context.output.write("deleted every transaction in \(place)\n")
  }
}
