import StoreCore

extension TransactionsScreen {
  /// The inspector's lines for iOS 27's bundle links and multiseat seats, in the wire's names:
  /// `bundleProductId … · bundleSubscriptionGroupIdentifier … · bundleOriginalTransactionId … ·
  /// bundleTransactionId …`, `previousOriginalTransactionId …`, `multiSeatInfo DEVELOPER · 5 ×
  /// 9990 + 3 × 7990 (73.92 USD)`; none for a transaction without them.
  static func bundleAndSeatLines(_ payload: JWSTransactionDecodedPayload) -> [String] {
    var lines: [String] = []
    if let bundle = payload.bundleProductId {
      lines.append(
        "bundleProductId \(bundle)"
          + (payload.bundleSubscriptionGroupIdentifier.map {
            " · bundleSubscriptionGroupIdentifier \($0)"
          } ?? "")
          + (payload.bundleOriginalTransactionId.map { " · bundleOriginalTransactionId \($0)" }
            ?? "")
          + (payload.bundleTransactionId.map { " · bundleTransactionId \($0)" } ?? ""))
    }
    if let previous = payload.previousOriginalTransactionId {
      lines.append("previousOriginalTransactionId \(previous)")
    }
    if let seats = payload.multiSeatInfo {
      let tiers = seats.priceTiers.map { "\($0.tierQuantity) × \($0.tierPrice)" }
      let total = seats.priceTiers.reduce(Int64(0)) { $0 + $1.tierPrice * Int64($1.tierQuantity) }
      lines.append(
        "multiSeatInfo \(seats.invitationManagement ?? "") · "
          + tiers.joined(separator: " + ")
          + (payload.currency.map { " (\(Self.money(milliunits: total)) \($0))" } ?? ""))
    }
    return lines
  }

  /// The inspector's lines for an Advanced Commerce purchase, in the wire's names:
  /// `advancedCommerceInfo requestReferenceId … · taxCode … · taxExclusivePrice 2990 ·
  /// estimatedTax 0 · taxRate 0.00`, then one `item SKU "name" price 2990 (2.99 USD)` per item;
  /// none for any other transaction.
  static func advancedCommerceLines(_ payload: JWSTransactionDecodedPayload) -> [String] {
    guard let info = payload.advancedCommerceInfo else { return [] }
    let currency = payload.currency.map { " \($0)" } ?? ""
    var lines = [
      "advancedCommerceInfo requestReferenceId \(info.requestReferenceId) · taxCode \(info.taxCode)"
        + " · taxExclusivePrice \(info.taxExclusivePrice) · estimatedTax \(info.estimatedTax)"
        + " · taxRate \(info.taxRate)"
    ]
    for item in info.items {
      lines.append(
        "item \(item.sku) \"\(item.displayName)\" price \(item.price)"
          + " (\(Self.money(milliunits: item.price))\(currency))"
          + (item.revocationDate.map { " · revocationDate \($0)" } ?? ""))
    }
    return lines
  }
}
