import StoreCore

/// `storeterm family [join GROUP | leave]`: Family Sharing for the `--customer` account.
enum FamilyCommand {
  static let spec = CommandSpec(
    name: "family",
    abstract: "The customer's Family Sharing group; 'join GROUP' joins one, 'leave' leaves it",
    arguments: ["[join|leave]", "[GROUP]"],
    examples: [
      "storeterm family join smiths --customer bob", "storeterm family --customer bob --json",
    ])

  static func run(_ context: CommandContext) async throws {
    let arguments = context.parsed.arguments
    let store = try context.openStore()
    let customerID = store.customerID
    switch arguments.first {
    case nil:
      break
    case "join":
      guard arguments.count == 2 else {
        throw UsageError("'family join' needs a family group name such as smiths")
      }
      let received = try store.engine.joinFamily(arguments[1], customerID: customerID)
      if !context.json {
        let count =
          received.count == 1 ? "1 shared transaction" : "\(received.count) shared transactions"
        context.output.write(
          "customer \(customerID) joined family group \(arguments[1]); received \(count)\n")
        return
      }
    case "leave":
      guard arguments.count == 1 else {
        throw UsageError("unexpected argument '\(arguments[1])' after 'family leave'")
      }
      let group = try store.engine.leaveFamily(customerID: customerID)
      if !context.json {
        context.output.write(
          "customer \(customerID) left family group \(group); shared access was revoked\n")
        return
      }
    default:
      throw UsageError("'\(arguments[0])' is not a family action (join or leave)")
    }
    let members = try store.engine.familyMembers(customerID: customerID)
    let group = members.first?.familyGroup
    if context.json {
      context.output.write(
        JSONValue.object([
          JSONMember("customer", .string(customerID)),
          JSONMember("familyGroup", group.map(JSONValue.string) ?? .null),
          JSONMember("members", .array(members.map { .string($0.id) })),
        ]).prettyText + "\n")
      return
    }
    guard let group else {
      context.output.write("customer \(customerID) is not in a family group\n")
      return
    }
    context.output.write("family group \(group)\n")
    var table = TextTable(headers: ["CUSTOMER", "NAME"])
    table.rows = members.map { [$0.id == customerID ? "\($0.id) (you)" : $0.id, $0.name] }
    context.output.write(table.render())
  }
}
