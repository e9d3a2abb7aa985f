import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreManager

/// `storeterm purchase PRODUCT`: one purchase through the simulated App Store.
enum PurchaseCommand {
  static let spec = CommandSpec(
    name: "purchase", abstract: "Buy a product; prints success, pending or userCancelled",
    arguments: ["PRODUCT"],
    options: [
      .value("quantity", "N", help: "How many (consumables only; default 1)"),
      .value("offer", "ID", help: "A promotional or win-back offer ID, or 'intro'"),
      .value("offer-code", "NAME", help: "Redeem an offer code by its reference name"),
      .value("account-token", "UUID", help: "The app account token to attach"),
      .value(
        "billing-plan", "PLAN",
        help: "upFront, or monthly: a 1-year subscription billed over a 12-month commitment"),
      .value("seats", "N", help: "The total seats of a multiseat purchase (iOS 27.3's .seats)"),
      .flag("ask-to-buy", help: "Ask a parent first: the purchase stays pending until approved"),
      .flag("interrupted", help: "Interrupt the purchase: it stays pending until resolved"),
      .flag("cancel", help: "The customer cancels the payment sheet"),
      .value(
        "fail", "ERROR",
        help: "Fail with a StoreKit error, such as networkError or productUnavailable"),
      .value(
        "signed-request", "FILE",
        help: "An Advanced Commerce one-time charge signed by the developer's server (a JWS)"),
    ],
    examples: [
      "storeterm purchase dev.storeterm.demo.plus.monthly",
      "storeterm purchase dev.storeterm.demo.coins.100 --quantity 3 --ask-to-buy",
      "storeterm --config Store.storekit purchase com.example.generic --signed-request charge.jws",
    ])

  /// Buys through the store manager, the same path the app takes: the App Store's answer is
  /// verified, the grant stored, and only then the transaction finished.
  @MainActor
  static func run(_ context: CommandContext) async throws {
    let productID = context.parsed.arguments[0]
    if let path = context.parsed.value("signed-request") {
      try await buyAdvancedCommerce(context, productID: productID, path: path)
      return
    }
    let (options, overrides) = try choices(context.parsed)
    let store = try context.openStore()
    let bought = try await ManagedStore.with(store) { manager in
      await FrontEndPurchase.buy(
        productID, options: options, overrides: overrides, through: manager)
    }
    let state = bought.state
    switch (state, bought.answer) {
    case (.succeeded, .success(let transaction)?):
      if context.json {
        var members = [
          JSONMember("result", .string("success")),
          JSONMember("transactionId", .string(transaction.payload.transactionId)),
          JSONMember("transaction", transaction.payload.jsonValue),
        ]
        // A downgrade answers with the current plan's transaction; what it scheduled is said.
        if let change = ScheduledPlanChange.of(purchaseOf: productID, answeredWith: transaction) {
          members.append(
            JSONMember(
              "scheduled",
              .object(
                [JSONMember("productId", .string(change.productID))]
                  + (change.starts.map {
                    [JSONMember("startsDate", .number(String($0.epochMilliseconds)))]
                  } ?? []))))
        }
        context.output.write(JSONValue.object(members).prettyText + "\n")
      } else {
        context.output.write(
          "success: \(TransactionText.line(transaction, catalog: store.catalog))\n")
        if let change = ScheduledPlanChange.of(purchaseOf: productID, answeredWith: transaction) {
          context.output.write(scheduled(change, catalog: store.catalog) + "\n")
        }
      }
    case (.pending, .pending(let id)?):
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
    case (.cancelled, _):
      context.output.write(
        context.json
          ? JSONValue.object([JSONMember("result", .string("userCancelled"))]).prettyText + "\n"
          : "userCancelled\n")
    case (.failed(.other(let sentence)), _):
      // The engine's own refusals (an unknown product, a plan change) name their input.
      throw CommandFailure(sentence)
    case (.failed(let failure), _):
      throw CommandFailure("purchase \(productID): \(failure)")
    default:
      throw CommandFailure("purchase \(productID): ended \(state)")
    }
  }

  /// A downgrade's second line, as the purchase sheet says it: `scheduled: Lite Monthly (…)
  /// starts at the next renewal on 2027-12-03T09:54:55Z; Premium Yearly continues until then`.
  static func scheduled(_ change: ScheduledPlanChange, catalog: ProductCatalog) -> String {
    let name = { (id: String) in catalog.product(id: id)?.displayName ?? id }
    let start = change.starts.map { " on " + TransactionText.date($0.epochMilliseconds) } ?? ""
    return "scheduled: \(name(change.productID)) (\(change.productID)) starts at the next renewal"
      + "\(start); \(name(change.currentProductID)) continues until then"
  }

  /// The app's purchase options and the tester's overrides from the command line; a
  /// malformed value is a usage error.
  static func choices(_ parsed: ParsedArguments) throws(UsageError) -> (
    Set<Product.PurchaseOption>, PurchaseOverrides
  ) {
    var options: Set<Product.PurchaseOption> = []
    var overrides = PurchaseOverrides()
    if let text = parsed.value("quantity") {
      guard let quantity = Int(text) else {
        throw UsageError("--quantity \(text): not a whole number")
      }
      options.insert(.quantity(quantity))
    }
    if let text = parsed.value("account-token") {
      guard let token = UUID(uuidString: text) else {
        throw UsageError(
          "--account-token \(text): not a UUID such as 6F9619FF-8B86-D011-B42D-00C04FC964FF")
      }
      options.insert(.appAccountToken(token))
    }
    if let text = parsed.value("seats") {
      guard let seats = Int(text) else {
        throw UsageError("--seats \(JSONValue.string(text).compactText): not a whole number")
      }
      options.insert(.seats(seats))
    }
    if let plan = parsed.value("billing-plan") {
      // StoreKit's `BillingPlanType` names.
      let plans: [String: Product.SubscriptionInfo.BillingPlanType] = [
        "upFront": .upFront, "monthly": .monthly,
      ]
      guard let type = plans[plan] else {
        throw UsageError(
          "--billing-plan \(JSONValue.string(plan).compactText): not a billing plan (upFront or monthly)"
        )
      }
      options.insert(.billingPlanType(type))
    }
    if let offer = parsed.value("offer") {
      overrides.offer = offer == "intro" ? .introductory : .identifier(offer)
    }
    if let code = parsed.value("offer-code") {
      guard overrides.offer == nil else {
        throw UsageError("--offer and --offer-code cannot be combined")
      }
      overrides.offer = .code(code)
    }
    if parsed.flag("ask-to-buy") { overrides.askToBuy = true }
    if parsed.flag("interrupted") { overrides.interrupted = true }
    overrides.cancel = parsed.flag("cancel")
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
      overrides.failure = failure
    }
    return (options, overrides)
  }
}
