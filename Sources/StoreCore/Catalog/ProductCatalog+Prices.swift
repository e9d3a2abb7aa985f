import Foundation

extension StoreKitConfiguration {
  /// The configuration with these products' prices, in milliunits by product ID: the App
  /// Store's current prices after a price increase (see `Docs/DECISIONS.md`, "the product's
  /// price is what a renewal charges").
  public func repricing(_ prices: [String: Int64]) -> StoreKitConfiguration {
    guard !prices.isEmpty else { return self }
    var configuration = self
    let decimal = { (milliunits: Int64) in Decimal(milliunits) / 1000 }
    for index in configuration.products.indices {
      if let price = prices[configuration.products[index].productID] {
        configuration.products[index].price = decimal(price)
      }
    }
    for group in configuration.subscriptionGroups.indices {
      for index in configuration.subscriptionGroups[group].subscriptions.indices {
        let id = configuration.subscriptionGroups[group].subscriptions[index].productID
        if let price = prices[id] {
          configuration.subscriptionGroups[group].subscriptions[index].price = decimal(price)
        }
      }
    }
    return configuration
  }
}

extension ProductCatalog {
  /// The catalog with these products' prices (milliunits by product ID); itself when they are
  /// the prices it has.
  public func repricing(_ prices: [String: Int64]) -> ProductCatalog {
    let repriced = configuration.repricing(prices)
    guard repriced != configuration else { return self }
    return ProductCatalog(configuration: repriced, storefront: storefront, locale: locale)
  }
}
