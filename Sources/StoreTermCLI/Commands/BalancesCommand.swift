import StoreCore

/// `storeterm balances`: the consumable balances the app recorded for the customer.
enum BalancesCommand {
  static let spec = CommandSpec(
    name: "balances",
    abstract: "Consumable balances the app delivered (purchases minus refunds)",
    examples: ["storeterm balances --json"])

  static func run(_ context: CommandContext) throws {
    let store = try context.openStore()
    let stored = try store.fulfillment.balances()
    // Every consumable of the catalog in its order, then balances of products no longer sold.
    let consumables = store.catalog.products().filter { $0.type == .consumable }
    var rows = consumables.map { (id: $0.id, name: $0.displayName, balance: stored[$0.id] ?? 0) }
    let listed = Set(rows.map(\.id))
    for id in stored.keys.sorted() where !listed.contains(id) {
      rows.append((id: id, name: "", balance: stored[id] ?? 0))
    }
    if context.json {
      let values = rows.map {
        JSONValue.object([
          JSONMember("productId", .string($0.id)), JSONMember("balance", .integer($0.balance)),
        ])
      }
      context.output.write(JSONValue.array(values).prettyText + "\n")
      return
    }
    guard !rows.isEmpty else {
      context.output.write("no consumables for customer \(store.customerID)\n")
      return
    }
    var table = TextTable(headers: ["PRODUCT", "NAME", "BALANCE"])
    table.rows = rows.map { [$0.id, $0.name, String($0.balance)] }
    context.output.write(table.render())
  }
}
