import Foundation
import StoreCore

/// `storeterm manage ACTION TRANSACTION_ID`: what Xcode's transaction manager does to one
/// transaction.
enum ManageCommand {
  /// The engine's controls by the words this command takes, in the order help lists them.
  static let actions = [
    TransactionControl.approve, .decline, .resolve, .refund, .revoke, .finish, .delete, .expire,
    .renew, .autoRenewOff, .autoRenewOn, .priceIncrease, .consent, .declinePriceIncrease,
    .requestRefund, .refundProrated, .declineRefund, .reverseRefund,
  ].map(\.commandName)

  static let spec = CommandSpec(
    name: "manage",
    abstract: "Act on a transaction: \(actions.joined(separator: ", "))",
    arguments: ["ACTION", "TRANSACTION_ID"],
    options: [
      .value("price", "PRICE", help: "price-increase: the new renewal price (default +20%)"),
      .value(
        "percentage", "PERCENT",
        help: "refund-prorated: the share refunded, such as 40 or 67.932 (default: the "
          + "subscription's unused time, else 50)"),
      .value(
        "reason", "REASON",
        help: "request-refund: the customer's reason, Apple's consumptionRequestReason "
          + "(default OTHER)"),
      .flag(
        "take-offer",
        help: "auto-renew-off: take the retention offer shown instead (auto-renew stays on)"),
    ],
    examples: [
      "storeterm manage approve 2", "storeterm manage price-increase 1 --price 5.99",
      "storeterm manage auto-renew-off 1 --take-offer",
      "storeterm manage request-refund 3 --reason UNINTENDED_PURCHASE",
      "storeterm manage refund-prorated 3 --percentage 40",
    ])

  static func run(_ context: CommandContext) async throws {
    let action = context.parsed.arguments[0]
    let idText = context.parsed.arguments[1]
    guard let control = TransactionControl(commandName: action) else {
      throw UsageError("'\(action)' is not an action (\(actions.joined(separator: ", ")))")
    }
    guard let id = UInt64(idText) else {
      throw UsageError("\(idText): a transaction ID is a whole number, such as 3")
    }
    let newPrice = control == .priceIncrease ? try price(context) : nil
    let percentage = control == .refundProrated ? try percentage(context) : nil
    let reason = control == .requestRefund ? try reason(context) : nil
    let takesOffer = context.parsed.flag("take-offer")
    guard !takesOffer || control == .autoRenewOff else {
      throw UsageError("--take-offer: only auto-renew-off shows a retention offer")
    }
    let store = try context.openStore()
    // Turning auto-renew off is the App Store's cancel flow: the retention message first.
    let retention =
      control == .autoRenewOff ? try await RetentionFlow.offer(for: id, store: store) : nil
    if takesOffer {
      try takeOffer(retention, id: id, idText: idText, store: store, context: context)
      return
    }
    if let retention, !context.json {
      for line in RetentionFlow.lines(retention, catalog: store.catalog) {
        context.output.write(line + "\n")
      }
    }
    let changed: SignedTransaction?
    if let reason {
      try store.engine.requestRefund(id, reason: reason)
      changed = nil
    } else {
      changed = try store.engine.perform(
        control, on: id, newPrice: newPrice, percentage: percentage)
    }
    if context.json {
      var members = [
        JSONMember("action", .string(action)), JSONMember("transactionId", .string(idText)),
        JSONMember("transaction", changed?.payload.jsonValue ?? .null),
      ]
      if control == .autoRenewOff {
        members.append(JSONMember("retentionMessage", RetentionFlow.json(retention)))
      }
      context.output.write(JSONValue.object(members).prettyText + "\n")
    } else if let changed {
      context.output.write(
        "\(past(action)): \(TransactionText.line(changed, catalog: store.catalog))\n")
    } else {
      context.output.write("\(past(action)): transaction \(id)\n")
    }
  }

  /// `--take-offer`: the customer takes what the retention message offers; refused (ledger
  /// unchanged) when it offers nothing to take.
  private static func takeOffer(
    _ offer: RetentionOffer?, id: UInt64, idText: String, store: StoreContext,
    context: CommandContext
  ) throws {
    guard let offer, offer.proposal != .message else {
      throw CommandFailure(
        "\(idText): the App Store shows no retention offer to take for this subscription")
    }
    guard let taken = try RetentionFlow.take(offer, transactionID: id, store: store) else {
      throw CommandFailure("\(idText): the retention offer could not be taken")
    }
    if context.json {
      context.output.write(
        JSONValue.object([
          JSONMember("action", .string("take-offer")),
          JSONMember("transactionId", .string(idText)),
          JSONMember("retentionMessage", RetentionFlow.json(offer)),
          JSONMember("transaction", taken.payload.jsonValue),
        ]).prettyText + "\n")
      return
    }
    for line in RetentionFlow.lines(offer, catalog: store.catalog) {
      context.output.write(line + "\n")
    }
    context.output.write(
      "took the retention offer: \(TransactionText.line(taken, catalog: store.catalog))\n")
  }

  private static func price(_ context: CommandContext) throws(UsageError) -> Decimal? {
    guard let text = context.parsed.value("price") else { return nil }
    guard let price = PriceParser.decimal(text), price > 0 else {
      throw UsageError("--price \(text): not a price such as 5.99")
    }
    // The catalog's bound: a larger renewal price would pass Int64 milliunits when signed.
    guard price <= PriceParser.largest else {
      throw UsageError(
        "--price \(text): does not fit in milliunits (at most \(PriceParser.largest))")
    }
    return price
  }

  /// `--percentage 40` or `67.932` as Apple's milliunits (40000, 67932).
  private static func percentage(_ context: CommandContext) throws(UsageError) -> Int? {
    guard let text = context.parsed.value("percentage") else { return nil }
    let milliunits = PriceParser.decimal(text).map { NSDecimalNumber(decimal: $0 * 1000) }
    guard text.count <= 10, let milliunits, milliunits.decimalValue == Decimal(milliunits.intValue),
      RefundDecision.proratedRange.contains(milliunits.intValue)
    else {
      throw UsageError(
        "--percentage \(text): a share such as 40 or 67.932, more than 0 and less than 100")
    }
    return milliunits.intValue
  }

  /// `--reason`: one of Apple's `consumptionRequestReason` values.
  private static func reason(_ context: CommandContext) throws(UsageError)
    -> ConsumptionRequestReason
  {
    guard let text = context.parsed.value("reason") else { return .other }
    guard let reason = ConsumptionRequestReason(rawValue: text) else {
      let names = ConsumptionRequestReason.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("--reason \(text): not one of \(names)")
    }
    return reason
  }

  private static func past(_ action: String) -> String {
    switch action {
    case "expire": "expired"
    case "renew": "renewed"
    case "auto-renew-off": "auto-renew turned off"
    case "auto-renew-on": "auto-renew turned on"
    case "price-increase": "price increase requested"
    case "consent": "price increase agreed"
    case "decline-price-increase": "price increase declined"
    case "approve": "approved"
    case "decline": "declined"
    case "resolve": "resolved"
    case "refund": "refunded"
    case "revoke": "revoked"
    case "request-refund": "refund requested"
    case "refund-prorated": "refunded in part"
    case "decline-refund": "refund declined"
    case "reverse-refund": "refund reversed"
    case "finish": "finished"
    default: "deleted"
    }
  }
}
