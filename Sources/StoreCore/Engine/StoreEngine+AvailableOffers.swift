import Foundation

extension StoreEngine {
  /// The promotional and win-back offers the customer could buy each subscription with now.
  ///
  /// By product identifier, in the catalog's order: exactly those a purchase would accept
  /// (``PurchasePlan``'s rules, tried without buying). Products with none are left out.
  public func availableOffers(customerID: String) throws -> [String: [String]] {
    let catalog = self.catalog
    let now = clock.now()
    let candidates = catalog.products().compactMap { product -> (String, [String])? in
      guard let subscription = product.subscription else { return nil }
      let ids = (subscription.promotionalOffers + subscription.winBackOffers).compactMap(\.id)
      return ids.isEmpty ? nil : (product.id, ids)
    }
    guard !candidates.isEmpty else { return [:] }
    let records = try ledger.decidingRecords(customerID: customerID)
    let subscriptions = try ledger.subscriptions(customerID: customerID)
    var available: [String: [String]] = [:]
    for (productID, ids) in candidates {
      let usable = ids.filter { id in
        let options = PurchaseOptions(offer: .identifier(id))
        return
          (try? PurchasePlan.make(
            productID: productID, options: options, records: records,
            subscriptions: subscriptions, catalog: catalog, now: now)) != nil
      }
      if !usable.isEmpty { available[productID] = usable }
    }
    return available
  }
}
