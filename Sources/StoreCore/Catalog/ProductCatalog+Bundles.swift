import Foundation

extension ProductCatalog {
  /// The subscriptions `bundleID` includes when it is a subscription bundle, in file order;
  /// empty for any other product.
  public func bundledProducts(of bundleID: String) -> [CatalogProduct] {
    (product(id: bundleID)?.subscription?.bundledProductIDs ?? []).compactMap { product(id: $0) }
  }
}
