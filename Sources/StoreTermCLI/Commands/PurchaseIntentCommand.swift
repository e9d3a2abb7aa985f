import StoreCore

/// `storeterm purchase-intent PRODUCT`: the customer chooses a promoted product on the App
/// Store, and the running app hears of it through `PurchaseIntent.intents` (Xcode's "Send
/// Purchase Intent").
enum PurchaseIntentCommand {
  static let spec = CommandSpec(
    name: "purchase-intent",
    abstract: "Send the running app a purchase intent, as choosing a promoted product does",
    arguments: ["PRODUCT"],
    examples: [
      "storeterm purchase-intent dev.storeterm.demo.plus.monthly",
      "storeterm purchase-intent dev.storeterm.demo.lifetime --customer kin",
    ])

  static func run(_ context: CommandContext) throws {
    let productID = context.parsed.arguments[0]
    let store = try context.openStore()
    guard let product = store.catalog.product(id: productID) else {
      throw CommandFailure("\(productID): no such product in the catalog")
    }
    try store.engine.sendPurchaseIntent(productID: productID, customerID: store.customerID)
    if context.json {
      context.output.write(
        JSONValue.object([
          JSONMember("productId", .string(productID)),
          JSONMember("customer", .string(store.customerID)),
        ]).prettyText + "\n")
      return
    }
    context.output.write(
      "sent: purchase intent for \(product.displayName) (\(productID)) to \(store.customerID)'s app\n"
    )
  }
}
