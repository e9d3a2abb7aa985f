import Foundation
import StoreCore
import StorePersistence
import StoreServer

/// `storeterm manage auto-renew-off ID` as the App Store's cancel flow runs it: before
/// auto-renew goes off, the customer sees the retention message the developer chose (through
/// the Get Retention Message endpoint, or the default message); with `--take-offer` the
/// customer takes what it offers instead, and auto-renew stays on.
enum RetentionFlow {
  /// The retention offer the App Store would show for subscription transaction `id`, after
  /// checking that auto-renew can be turned off (the engine's refusal otherwise).
  static func offer(for id: UInt64, store: StoreContext) async throws -> RetentionOffer? {
    guard let record = try store.backend.ledger.record(id: id) else { return nil }
    if let refusal = TransactionControlRules.refusal(
      .autoRenewOff, record: record, chain: nil, now: store.clock.now())
    {
      throw refusal
    }
    guard let payload = record.signed?.payload, payload.type == .autoRenewableSubscription,
      let original = UInt64(payload.originalTransactionId)
    else { return nil }
    let latest =
      try store.backend.ledger.latestRecord(customerID: record.customerID, originalID: original)?
      .signed?
      .payload ?? payload
    let callout = RetentionCallout(
      store: store.backend.serverStores().retention(for: store.identity),
      signer: store.signer, clock: store.clock, catalog: store.catalog)
    return await callout.offer(
      originalTransactionID: original, productID: latest.productId,
      locale: store.catalog.locale)
  }

  /// Takes `offer` for the customer of transaction `id`: switches to the alternate product,
  /// or redeems the promotional offer (from the next renewal, on the current plan).
  static func take(_ offer: RetentionOffer, transactionID id: UInt64, store: StoreContext) throws
    -> SignedTransaction?
  {
    guard let customerID = try store.backend.ledger.record(id: id)?.customerID else { return nil }
    let outcome: PurchaseOutcome
    switch offer.proposal {
    case .message:
      return nil
    case .alternateProduct(let productID, _):
      outcome = try store.engine.purchase(productID, customerID: customerID)
    case .promotionalOffer(let productID, let offerID):
      outcome = try store.engine.purchase(
        productID, customerID: customerID,
        options: PurchaseOptions(offer: .promotional(offerID)))
    }
    if case .success(let signed) = outcome { return signed }
    return nil
  }

  /// The lines the customer sees, one item a line (newlines in the developer's text folded).
  static func lines(_ offer: RetentionOffer, catalog: ProductCatalog) -> [String] {
    func fold(_ text: String) -> String {
      text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
    var lines = ["retention message (\(offer.source.rawValue)): \(fold(offer.message.header))"]
    lines.append("  \(fold(offer.message.body))")
    if let image = offer.message.image { lines.append("  [image: \(fold(image.altText))]") }
    for point in offer.message.bulletPoints { lines.append("  • \(fold(point.text))") }
    switch offer.proposal {
    case .message: break
    case .alternateProduct(let productID, _):
      let name = catalog.product(id: productID)?.displayName ?? productID
      lines.append("  offer: switch to \(name) (\(productID))")
    case .promotionalOffer(let productID, let offerID):
      let name = catalog.product(id: productID)?.displayName ?? productID
      lines.append("  offer: promotional offer \(offerID) on \(name)")
    }
    return lines
  }

  /// The offer as `--json` shows it.
  static func json(_ offer: RetentionOffer?) -> JSONValue {
    guard let offer else { return .null }
    var members = [
      JSONMember("source", .string(offer.source.rawValue)),
      JSONMember("messageIdentifier", .string(offer.messageIdentifier)),
      JSONMember("message", offer.message.jsonValue),
    ]
    switch offer.proposal {
    case .message: break
    case .alternateProduct(let productID, let plan):
      var product = [JSONMember("productId", .string(productID))]
      if let plan { product.append(JSONMember("billingPlanType", .string(plan))) }
      members.append(JSONMember("alternateProduct", .object(product)))
    case .promotionalOffer(let productID, let offerID):
      members.append(
        JSONMember(
          "promotionalOffer",
          .object([
            JSONMember("productId", .string(productID)),
            JSONMember("offerIdentifier", .string(offerID)),
          ])))
    }
    return .object(members)
  }
}
