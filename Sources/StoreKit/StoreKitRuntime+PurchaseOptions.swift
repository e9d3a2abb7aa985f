import StoreCore

@_spi(StoreTerm) extension StoreKitRuntime {
  /// The engine's request for a set of StoreKit purchase options (`SKTestSession.buyProduct`).
  public static func purchaseOptions(_ options: Set<Product.PurchaseOption>) -> PurchaseOptions {
    Product.PurchaseOption.request(from: options)
  }
}
