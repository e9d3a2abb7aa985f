/// Display names for products and subscription groups, so the explainer can say "upgraded to
/// Plus Yearly"; an unknown identifier (imported data from another catalog) reads as itself.
public struct ProductNames: Sendable, Equatable {
  /// Product display names by product ID.
  public var products: [String: String]
  /// Group display names by subscription group ID.
  public var groups: [String: String]

  /// Creates a lookup.
  public init(products: [String: String] = [:], groups: [String: String] = [:]) {
    self.products = products
    self.groups = groups
  }

  /// Every product and group of `catalog`, in its storefront's localization.
  public init(catalog: ProductCatalog) {
    var products: [String: String] = [:]
    var groups: [String: String] = [:]
    for id in catalog.configuration.allProductIDs {
      guard let product = catalog.product(id: id) else { continue }
      products[id] = product.displayName.isEmpty ? id : product.displayName
      if let info = product.subscription {
        groups[info.subscriptionGroupID] = info.groupDisplayName
      }
    }
    self.init(products: products, groups: groups)
  }

  /// The product's display name, or its identifier.
  public func product(_ id: String) -> String { products[id] ?? id }

  /// The group's display name, or its identifier.
  public func group(_ id: String) -> String { groups[id] ?? id }
}
