import Foundation
import StoreCore

// How a catalog's subscription bundles and suites (format 6.3) reach the app: the product's
// type and its bundled subscriptions. The engine sells both as auto-renewable subscriptions of
// their own group; only a bundle's members gain access through it.
extension Product {
  /// StoreKit's type of a catalog entry: a subscription with members is a `.subscriptionBundle`,
  /// one from a suite group a `.subscriptionSuite`.
  static func type(of entry: CatalogProduct) -> Product.ProductType {
    guard let info = entry.subscription else { return ProductType(rawValue: entry.type.rawValue) }
    if !info.bundledProductIDs.isEmpty { return .subscriptionBundle }
    if info.isSuite { return .subscriptionSuite }
    return ProductType(rawValue: entry.type.rawValue)
  }
}

extension Product.SubscriptionInfo.BundledSubscription {
  /// A bundle's member as the bundle's product lists it; nil for a product that is not a
  /// subscription.
  init?(_ member: CatalogProduct) {
    guard let info = member.subscription else { return nil }
    self.init(
      id: member.id, displayName: member.displayName, description: member.description,
      displayPrice: member.displayPrice, isFamilyShareable: member.isFamilyShareable,
      subscriptionGroupID: info.subscriptionGroupID, subscriptionGroupLevel: info.groupLevel,
      subscriptionGroupDisplayName: info.groupDisplayName)
  }
}
