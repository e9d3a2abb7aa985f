import StoreCore

// storeterm's own screens word prices and offers with StoreCore's `ProductTerms`, which reads
// catalog values. These SPI accessors hand the catalog value behind a StoreKit value to them;
// app code never sees them.

extension Product {
  /// The catalog entry this product was made from.
  @_spi(StoreTerm) public var catalogEntry: CatalogProduct { entry }

  /// The product the App Store would return for `entry` of `catalog`, for screens and
  /// benchmarks built without a running App Store.
  @_spi(StoreTerm) public init(catalogEntry entry: CatalogProduct, of catalog: ProductCatalog) {
    self.init(entry, catalog: catalog)
  }
}

extension Product.SubscriptionOffer {
  /// The catalog offer this offer was made from.
  @_spi(StoreTerm) public var catalogOffer: CatalogProduct.SubscriptionOffer {
    CatalogProduct.SubscriptionOffer(
      id: id,
      type: CatalogProduct.SubscriptionOffer.OfferType(rawValue: type.rawValue) ?? .promotional,
      paymentMode: CatalogProduct.SubscriptionOffer.PaymentMode(rawValue: paymentMode.rawValue)
        ?? .freeTrial,
      period: CatalogProduct.SubscriptionPeriod(value: period.value, unit: period.unit.catalogUnit),
      periodCount: periodCount, price: price, displayPrice: displayPrice)
  }
}

extension Product.SubscriptionPeriod.Unit {
  /// The catalog's unit.
  var catalogUnit: CatalogProduct.SubscriptionPeriod.Unit {
    switch self {
    case .day: .day
    case .week: .week
    case .month: .month
    case .year: .year
    }
  }
}
