import Foundation
import StoreCore

/// `storeterm purchase PRODUCT`: one purchase through the simulated App Store.
enum PurchaseCommand {
  static let spec = CommandSpec(
    name: "purchase", abstract: "Buy a product; prints success, pending or userCancelled",
    arguments: ["PRODUCT"],
    options: [
      .value("quantity", "N", help: "How many (consumables only; default 1)"),
      .value("offer", "ID", help: "A promotional or win-back offer ID, or 'intro'"),
      .value("account-token", "UUID", help: "The app account token to attach"),
      .flag("ask-to-buy", help: "Ask a parent first: the purchase stays pending until approved"),
      .flag("interrupted", help: "Interrupt the purchase: it stays pending until resolved"),
      .flag("cancel", help: "The customer cancels the payment sheet"),
      .value(
        "fail", "ERROR",
        help: "Fail with a StoreKit error, such as networkError or productUnavailable"),
    ])

  static func run(_ context: CommandContext) async throws {
    let productID = context.parsed.arguments[0]
    let options = try options(context.parsed)
    let store = try context.openStore()
    let outcome: PurchaseOutcome
    do {
      outcome = try store.engine.purchase(
        productID, customerID: store.customerID, options: options)
    } catch let error as PurchaseError {
      throw CommandFailure("purchase \(productID): \(error)")
    } catch let error as StoreKitError {
      throw CommandFailure("purchase \(productID): \(error)")
    }
    switch outcome {
    case .success(let transaction):
      if context.json {
        context.output.write(
          JSONValue.object([
            JSONMember("result", .string("success")),
            JSONMember("transactionId", .string(transaction.payload.transactionId)),
            JSONMember("transaction", transaction.payload.jsonValue),
          ]).prettyText + "\n")
      } else {
        context.output.write(
          "success: \(TransactionText.line(transaction, catalog: store.catalog))\n")
      }
    case .pending(let id):
      if context.json {
        context.output.write(
          JSONValue.object([
            JSONMember("result", .string("pending")),
            JSONMember("transactionId", .string(String(id))),
          ]).prettyText + "\n")
      } else {
        let record = try store.engine.record(id)
        let action = record.state == .interrupted ? "resolve" : "approve"
        context.output.write(
          "pending: transaction \(id) is \(record.state.phrase)"
            + " (storeterm manage \(action) \(id))\n")
      }
    case .userCancelled:
      context.output.write(
        context.json
          ? JSONValue.object([JSONMember("result", .string("userCancelled"))]).prettyText + "\n"
          : "userCancelled\n")
    }
  }

  /// The purchase options from the command line; a malformed value is a usage error.
  static func options(_ parsed: ParsedArguments) throws(UsageError) -> PurchaseOptions {
    var options = PurchaseOptions()
    if let text = parsed.value("quantity") {
      guard let quantity = Int(text) else {
        throw UsageError("--quantity \(text): not a whole number")
      }
      options.quantity = quantity
    }
    if let text = parsed.value("account-token") {
      guard let token = UUID(uuidString: text) else {
        throw UsageError(
          "--account-token \(text): not a UUID such as 6F9619FF-8B86-D011-B42D-00C04FC964FF")
      }
      options.appAccountToken = token
    }
    if let offer = parsed.value("offer") {
      options.offer = offer == "intro" ? .introductory : .identifier(offer)
    }
    if parsed.flag("ask-to-buy") { options.askToBuy = true }
    if parsed.flag("interrupted") { options.interrupted = true }
    options.cancel = parsed.flag("cancel")
    if let name = parsed.value("fail") {
      // A purchase fails with StoreKit's or the purchase API's errors, not verification ones.
      guard let failure = SimulatedFailure(name: name),
        SimulatedFailure.names.contains(name)
          || name.hasPrefix("StoreKitError.") || name.hasPrefix("Product.PurchaseError.")
      else {
        throw UsageError(
          "--fail \(name): not a StoreKit error (one of \(SimulatedFailure.names.joined(separator: ", ")))"
        )
      }
      options.failure = failure
    }
    return options
  }
}
