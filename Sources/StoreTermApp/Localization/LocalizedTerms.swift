import StoreCore
@_spi(StoreTerm) import StoreKit

/// ``ProductTerms`` in the catalog's language: English is ProductTerms' own wording; other
/// languages fill the same phrases from the resource tables (`%@ / %@`, `%@ free`, `1 Jahr`).
///
/// Foundation's `DateComponentsFormatter` and `MeasurementFormatter` are unavailable in
/// swift-corelibs-foundation, so periods come from the tables too (see DECISIONS.md).
enum LocalizedTerms {
  /// `$4.99 / month` for a subscription, the display price otherwise.
  static func price(_ product: Product, _ locale: String) -> String {
    price(product.catalogEntry, locale)
  }

  /// `$4.99 / month` for a catalog subscription, the display price otherwise.
  static func price(_ entry: CatalogProduct, _ locale: String) -> String {
    guard !isEnglish(locale) else { return ProductTerms.price(entry) }
    guard let subscription = entry.subscription else { return entry.displayPrice }
    return UIText.text(
      "%@ / %@", locale, entry.displayPrice, period(subscription.subscriptionPeriod, locale))
  }

  /// An offer followed by the regular price: `1 week free, then $4.99 / month`.
  static func offer(_ offer: Product.SubscriptionOffer, then product: Product, _ locale: String)
    -> String
  {
    self.offer(offer.catalogOffer, then: product.catalogEntry, locale)
  }

  /// A catalog offer followed by the product's regular price, as the Redeem Code sheet and the
  /// paywall word it.
  static func offer(
    _ offer: CatalogProduct.SubscriptionOffer, then product: CatalogProduct, _ locale: String
  ) -> String {
    guard !isEnglish(locale) else { return ProductTerms.offer(offer, then: product) }
    let length = duration(offer.period, count: offer.periodCount, locale)
    let first: String
    switch offer.paymentMode {
    case .freeTrial: first = UIText.text("%@ free", locale, length)
    case .payAsYouGo: first = UIText.text("%1$@ at %2$@", locale, length, offer.displayPrice)
    case .payUpFront: first = UIText.text("%1$@ for %2$@", locale, offer.displayPrice, length)
    }
    return UIText.text("%1$@, then %2$@", locale, first, price(product, locale))
  }

  /// One period as it follows a price: `month`, `3 months`.
  static func period(_ period: CatalogProduct.SubscriptionPeriod, _ locale: String) -> String {
    guard period.value != 1 else { return UIText.text(period.unit.rawValue, locale) }
    return duration(period, count: 1, locale)
  }

  /// The length of `count` periods, always with a number: `1 Jahr`, `3 Monate`, `1年`.
  static func duration(_ period: CatalogProduct.SubscriptionPeriod, count: Int, _ locale: String)
    -> String
  {
    let total = period.value * count
    let unit = period.unit.rawValue
    return UIText.text(total == 1 ? "%@ \(unit)" : "%@ \(unit)s", locale, "\(total)")
  }

  private static func isEnglish(_ locale: String) -> Bool {
    LocaleIdentifier.language(of: locale) == UIText.baseLanguage
  }
}
