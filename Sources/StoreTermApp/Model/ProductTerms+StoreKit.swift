import StoreCore
@_spi(StoreTerm) import StoreKit

extension ProductTerms {
  /// `price(_:)` for a StoreKit product.
  static func price(_ product: Product) -> String { price(product.catalogEntry) }

  /// `offer(_:then:)` for StoreKit values.
  static func offer(_ offer: Product.SubscriptionOffer, then product: Product) -> String {
    self.offer(offer.catalogOffer, then: product.catalogEntry)
  }
}
