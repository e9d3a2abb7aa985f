import StoreCore

/// `storeterm manage ACTION TRANSACTION_ID`: what Xcode's transaction manager does to one
/// transaction.
enum ManageCommand {
  static let actions = ["approve", "decline", "resolve", "refund", "revoke", "finish", "delete"]

  static let spec = CommandSpec(
    name: "manage",
    abstract: "Act on a transaction: \(actions.joined(separator: ", "))",
    arguments: ["ACTION", "TRANSACTION_ID"])

  static func run(_ context: CommandContext) async throws {
    let action = context.parsed.arguments[0]
    let idText = context.parsed.arguments[1]
    guard actions.contains(action) else {
      throw UsageError("'\(action)' is not an action (\(actions.joined(separator: ", ")))")
    }
    guard let id = UInt64(idText) else {
      throw UsageError("\(idText): a transaction ID is a whole number, such as 3")
    }
    let store = try context.openStore()
    let engine = store.engine
    var changed: SignedTransaction?
    switch action {
    case "approve": changed = try engine.approve(id)
    case "resolve": changed = try engine.resolve(id)
    case "refund": changed = try engine.refund(id)
    case "revoke": changed = try engine.revoke(id)
    case "decline": try engine.decline(id)
    case "finish": try engine.finish(id)
    default: try engine.delete(id)
    }
    if context.json {
      context.output.write(
        JSONValue.object([
          JSONMember("action", .string(action)), JSONMember("transactionId", .string(idText)),
          JSONMember("transaction", changed?.payload.jsonValue ?? .null),
        ]).prettyText + "\n")
    } else if let changed {
      context.output.write(
        "\(past(action)): \(TransactionText.line(changed, catalog: store.catalog))\n")
    } else {
      context.output.write("\(past(action)): transaction \(id)\n")
    }
  }

  private static func past(_ action: String) -> String {
    switch action {
    case "approve": "approved"
    case "decline": "declined"
    case "resolve": "resolved"
    case "refund": "refunded"
    case "revoke": "revoked"
    case "finish": "finished"
    default: "deleted"
    }
  }
}
