/// Plain-English price terms for products and offers: `$4.99 / month`, `1 week free`.
///
/// One place for these phrases so the command line and every screen word them the same way.
public enum ProductTerms {
  /// `month`, `3 months`, `week`: one period as it follows a price.
  public static func period(_ period: CatalogProduct.SubscriptionPeriod) -> String {
    period.value == 1 ? unitName(period.unit, plural: false) : duration(period, count: 1)
  }

  /// The total length of `count` periods, always with a number: `1 week`, `3 months`.
  public static func duration(_ period: CatalogProduct.SubscriptionPeriod, count: Int) -> String {
    let total = period.value * count
    return "\(total) \(unitName(period.unit, plural: total != 1))"
  }

  /// The price a customer pays: `$4.99 / month` for subscriptions, the display price otherwise.
  public static func price(_ product: CatalogProduct) -> String {
    guard let subscription = product.subscription else { return product.displayPrice }
    return "\(product.displayPrice) / \(period(subscription.subscriptionPeriod))"
  }

  /// What an offer costs: `1 week free`, `3 months at $2.49`, `$8.99 for 3 months`.
  public static func offer(_ offer: CatalogProduct.SubscriptionOffer) -> String {
    let length = duration(offer.period, count: offer.periodCount)
    switch offer.paymentMode {
    case .freeTrial: return "\(length) free"
    case .payAsYouGo: return "\(length) at \(offer.displayPrice)"
    case .payUpFront: return "\(offer.displayPrice) for \(length)"
    }
  }

  /// An offer followed by the regular price: `1 week free, then $4.99 / month`.
  public static func offer(_ offer: CatalogProduct.SubscriptionOffer, then product: CatalogProduct)
    -> String
  {
    "\(self.offer(offer)), then \(price(product))"
  }

  private static func unitName(_ unit: CatalogProduct.SubscriptionPeriod.Unit, plural: Bool)
    -> String
  {
    plural ? "\(unit.rawValue)s" : unit.rawValue
  }
}
