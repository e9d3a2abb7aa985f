import Foundation

/// The products of a configuration as a customer in one storefront and locale sees them.
public struct ProductCatalog: Sendable {
  /// The configuration the products come from.
  public let configuration: StoreKitConfiguration
  /// The storefront that sets the currency.
  public let storefront: Storefront
  /// The locale that picks localizations and formats prices.
  public let locale: String

  /// Creates a catalog; `storefront` and `locale` override the file's settings when given.
  public init(
    configuration: StoreKitConfiguration, storefront: Storefront? = nil, locale: String? = nil
  ) {
    self.configuration = configuration
    // The decoder only accepts known storefronts, so the fallback is for hand-built values.
    self.storefront =
      storefront ?? Storefront(countryCode: configuration.settings.storefront) ?? .unitedStates
    self.locale = locale ?? configuration.settings.locale
  }

  /// Every product: subscriptions first (group by group, highest level first), then the rest in
  /// file order.
  ///
  /// - Parameter subscribedGroups: groups the customer has subscribed to, who is therefore no
  ///   longer eligible for their introductory offers.
  public func products(subscribedGroups: Set<String> = []) -> [Product] {
    let subscriptions = configuration.subscriptionGroups.flatMap { group in
      group.subscriptions.enumerated()
        .sorted { ($0.element.groupLevel, $0.offset) < ($1.element.groupLevel, $1.offset) }
        .map { product($0.element, in: group, subscribedGroups: subscribedGroups) }
    }
    return subscriptions + configuration.products.map(product)
  }

  /// The product with identifier `id`, if the configuration has it.
  public func product(id: String, subscribedGroups: Set<String> = []) -> Product? {
    products(subscribedGroups: subscribedGroups).first { $0.id == id }
  }

  /// `price` formatted for the storefront's currency in the catalog's locale.
  public func displayPrice(_ price: Decimal) -> String {
    price.formatted(.currency(code: storefront.currencyCode).locale(Locale(identifier: locale)))
  }

  private func product(_ configured: ConfiguredProduct) -> Product {
    let text = localizedText(
      configured.localizations, fallback: configured.referenceName, id: configured.productID)
    return Product(
      id: configured.productID, type: configured.type, displayName: text.displayName,
      description: text.description, price: configured.price,
      displayPrice: displayPrice(configured.price), isFamilyShareable: configured.familyShareable,
      subscription: nil)
  }

  private func product(
    _ configured: ConfiguredSubscription, in group: ConfiguredSubscriptionGroup,
    subscribedGroups: Set<String>
  ) -> Product {
    let text = localizedText(
      configured.localizations, fallback: configured.referenceName, id: configured.productID)
    let groupName = LocaleIdentifier.bestMatch(locale, in: group.localizations)?.displayName
    let info = Product.SubscriptionInfo(
      subscriptionGroupID: group.id,
      groupDisplayName: groupName.flatMap { $0.isEmpty ? nil : $0 } ?? group.name,
      groupLevel: configured.groupLevel,
      subscriptionPeriod: configured.period,
      introductoryOffer: configured.introductoryOffer.map { offer($0, type: .introductory) },
      promotionalOffers: configured.promotionalOffers.map { offer($0, type: .promotional) },
      winBackOffers: configured.winBackOffers.map { offer($0, type: .winBack) },
      isEligibleForIntroOffer: !subscribedGroups.contains(group.id))
    return Product(
      id: configured.productID, type: .autoRenewable, displayName: text.displayName,
      description: text.description, price: configured.price,
      displayPrice: displayPrice(configured.price), isFamilyShareable: configured.familyShareable,
      subscription: info)
  }

  private func offer(
    _ configured: ConfiguredOffer, type: Product.SubscriptionOffer.OfferType
  ) -> Product.SubscriptionOffer {
    Product.SubscriptionOffer(
      id: type == .introductory ? nil : configured.offerID, type: type,
      paymentMode: configured.paymentMode, period: configured.period,
      periodCount: configured.periodCount, price: configured.price,
      displayPrice: displayPrice(configured.price))
  }

  /// The best localization's texts; a product with no usable name shows its reference name.
  private func localizedText(
    _ localizations: [Localization], fallback: String, id: String
  ) -> (displayName: String, description: String) {
    let match = LocaleIdentifier.bestMatch(locale, in: localizations)
    let name = match?.displayName ?? ""
    let fallbackName = fallback.isEmpty ? id : fallback
    return (name.isEmpty ? fallbackName : name, match?.description ?? "")
  }
}
