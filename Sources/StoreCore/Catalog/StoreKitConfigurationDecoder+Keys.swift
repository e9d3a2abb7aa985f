/// The file's keys for in-app requests signed by the developer: Xcode's
/// `subscriptionOffersKeyPair` and storeterm's `_advancedCommerceProductIDs`.
extension StoreKitConfigurationDecoder {
  /// storeterm's `_advancedCommerceProductIDs`: consumables or non-consumables of the file that
  /// are Advanced Commerce generic products (`AdvancedCommerceProduct(id:)` accepts them).
  func advancedCommerceProductIDs(
    _ root: JSONCursor, products: [ConfiguredProduct]
  ) throws(JSONReadError) -> Set<String> {
    var ids: Set<String> = []
    for element in try root.elements("_advancedCommerceProductIDs") {
      let id = try element.string()
      guard
        let product = products.first(where: { $0.productID == id }),
        product.type == .consumable || product.type == .nonConsumable
      else {
        throw element.error("'\(id)' is not a consumable or non-consumable of this file")
      }
      ids.insert(id)
    }
    return ids
  }

  /// Xcode's `subscriptionOffersKeyPair` (`{"id": …, "privateKey": …}`), if the file has one.
  mutating func subscriptionOffersKey(
    _ root: JSONCursor
  ) throws(JSONReadError) -> StoreKitConfiguration.SubscriptionOffersKey? {
    guard let pair = try root.optional("subscriptionOffersKeyPair") else { return nil }
    checkKeys(pair, ConfigurationKeys.offersKeyPair)
    return StoreKitConfiguration.SubscriptionOffersKey(
      id: try pair.string("id"), privateKey: try pair.string("privateKey"))
  }
}
