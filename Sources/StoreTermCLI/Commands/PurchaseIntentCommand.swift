import StoreCore

/// `storeterm purchase-intent PRODUCT`: the customer chooses a promoted product on the App
/// Store, and the running app hears of it through `PurchaseIntent.intents` (Xcode's "Send
/// Purchase Intent").
enum PurchaseIntentCommand {
  static let spec = CommandSpec(
    name: "purchase-intent",
    abstract: "Send the running app a purchase intent, as choosing a promoted product does",
    arguments: ["PRODUCT"],
    options: [
      .value(
        "offer", "ID",
        help: "A win-back offer the customer chose with it (PurchaseIntent.offer)")
    ],
    examples: [
      "storeterm purchase-intent dev.storeterm.demo.plus.monthly",
      "storeterm purchase-intent dev.storeterm.demo.lifetime --customer kin",
      "storeterm purchase-intent dev.storeterm.demo.plus.monthly --offer OFFER",
    ])

  static func run(_ context: CommandContext) throws {
    let productID = context.parsed.arguments[0]
    let store = try context.openStore()
    guard let product = store.catalog.product(id: productID) else {
      throw CommandFailure("\(productID): no such product in the catalog")
    }
    let offerID = context.parsed.value("offer")
    if let offerID {
      // The App Store shows a win-back offer only to a customer who can redeem it now.
      guard product.subscription?.winBackOffers.contains(where: { $0.id == offerID }) == true
      else {
        throw CommandFailure("\(offerID): not a win-back offer of \(productID)")
      }
      let available = try store.engine.availableOffers(customerID: store.customerID)
      guard available[productID]?.contains(offerID) == true else {
        throw CommandFailure(
          "\(offerID): \(store.customerID) cannot redeem this win-back offer now")
      }
    }
    try store.engine.sendPurchaseIntent(
      productID: productID, offerID: offerID, customerID: store.customerID)
    if context.json {
      var members = [
        JSONMember("productId", .string(productID)),
        JSONMember("customer", .string(store.customerID)),
      ]
      if let offerID { members.append(JSONMember("offerIdentifier", .string(offerID))) }
      context.output.write(JSONValue.object(members).prettyText + "\n")
      return
    }
    let offer = offerID.map { " and the win-back offer " + $0 } ?? ""
    context.output.write(
      "sent: purchase intent for \(product.displayName) (\(productID))\(offer) to"
        + " \(store.customerID)'s app\n")
  }
}
