import Foundation

/// The products of a configuration as a customer in one storefront and locale sees them.
public struct ProductCatalog: Sendable {
  /// The configuration the products come from.
  public let configuration: StoreKitConfiguration
  /// The storefront that sets the currency.
  public let storefront: Storefront
  /// The locale that picks localizations and formats prices.
  public let locale: String
  /// Every product for a customer eligible for every introductory offer, formatted once:
  /// Foundation's currency formatting is the costly part of a lookup.
  private let eligibleProducts: [Product]
  private let indexByID: [String: Int]

  /// Creates a catalog; `storefront` and `locale` override the file's settings when given.
  public init(
    configuration: StoreKitConfiguration, storefront: Storefront? = nil, locale: String? = nil
  ) {
    self.configuration = configuration
    // The decoder only accepts known storefronts, so the fallback is for hand-built values.
    self.storefront =
      storefront ?? Storefront(countryCode: configuration.settings.storefront) ?? .unitedStates
    self.locale = locale ?? configuration.settings.locale
    var products: [Product] = []
    Self.build(configuration, storefront: self.storefront, locale: self.locale, into: &products)
    eligibleProducts = products
    var index: [String: Int] = [:]
    for (position, product) in products.enumerated() where index[product.id] == nil {
      index[product.id] = position
    }
    indexByID = index
  }

  /// Every product: subscriptions first (group by group, highest level first), then the rest in
  /// file order.
  ///
  /// - Parameter subscribedGroups: groups the customer has subscribed to, who is therefore no
  ///   longer eligible for their introductory offers.
  public func products(subscribedGroups: Set<String> = []) -> [Product] {
    guard !subscribedGroups.isEmpty else { return eligibleProducts }
    return eligibleProducts.map { Self.product($0, subscribedGroups: subscribedGroups) }
  }

  /// The product with identifier `id`, if the configuration has it.
  public func product(id: String, subscribedGroups: Set<String> = []) -> Product? {
    indexByID[id].map { Self.product(eligibleProducts[$0], subscribedGroups: subscribedGroups) }
  }

  /// `product` as a customer who subscribed to `subscribedGroups` sees it.
  private static func product(_ product: Product, subscribedGroups: Set<String>) -> Product {
    guard let info = product.subscription, subscribedGroups.contains(info.subscriptionGroupID)
    else { return product }
    return Product(
      id: product.id, type: product.type, displayName: product.displayName,
      description: product.description, price: product.price, displayPrice: product.displayPrice,
      isFamilyShareable: product.isFamilyShareable,
      subscription: Product.SubscriptionInfo(
        subscriptionGroupID: info.subscriptionGroupID, groupDisplayName: info.groupDisplayName,
        groupLevel: info.groupLevel, subscriptionPeriod: info.subscriptionPeriod,
        introductoryOffer: info.introductoryOffer, promotionalOffers: info.promotionalOffers,
        winBackOffers: info.winBackOffers, isEligibleForIntroOffer: false))
  }

  private static func build(
    _ configuration: StoreKitConfiguration, storefront: Storefront, locale: String,
    into products: inout [Product]
  ) {
    let builder = ProductCatalog.Builder(storefront: storefront, locale: locale)
    for group in configuration.subscriptionGroups {
      let ordered = group.subscriptions.enumerated()
        .sorted { ($0.element.groupLevel, $0.offset) < ($1.element.groupLevel, $1.offset) }
      products += ordered.map { builder.product($0.element, in: group) }
    }
    products += configuration.products.map(builder.product)
  }

  /// `price` formatted for the storefront's currency in the catalog's locale.
  public func displayPrice(_ price: Decimal) -> String {
    Builder(storefront: storefront, locale: locale).displayPrice(price)
  }
}

extension ProductCatalog {
  /// Turns configured products into localized, priced `Product` values.
  struct Builder {
    let storefront: Storefront
    let locale: String

    func displayPrice(_ price: Decimal) -> String {
      price.formatted(.currency(code: storefront.currencyCode).locale(Locale(identifier: locale)))
    }

    func product(_ configured: ConfiguredProduct) -> Product {
      let text = localizedText(
        configured.localizations, fallback: configured.referenceName, id: configured.productID)
      return Product(
        id: configured.productID, type: configured.type, displayName: text.displayName,
        description: text.description, price: configured.price,
        displayPrice: displayPrice(configured.price), isFamilyShareable: configured.familyShareable,
        subscription: nil)
    }

    func product(
      _ configured: ConfiguredSubscription, in group: ConfiguredSubscriptionGroup
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
        isEligibleForIntroOffer: true)
      return Product(
        id: configured.productID, type: .autoRenewable, displayName: text.displayName,
        description: text.description, price: configured.price,
        displayPrice: displayPrice(configured.price), isFamilyShareable: configured.familyShareable,
        subscription: info)
    }

    func offer(
      _ configured: ConfiguredOffer, type: Product.SubscriptionOffer.OfferType
    ) -> Product.SubscriptionOffer {
      Product.SubscriptionOffer(
        id: type == .introductory ? nil : configured.offerID, type: type,
        paymentMode: configured.paymentMode, period: configured.period,
        periodCount: configured.periodCount, price: configured.price,
        displayPrice: displayPrice(configured.price))
    }

    /// The best localization's texts; a product with no usable name shows its reference name.
    func localizedText(
      _ localizations: [Localization], fallback: String, id: String
    ) -> (displayName: String, description: String) {
      let match = LocaleIdentifier.bestMatch(locale, in: localizations)
      let name = match?.displayName ?? ""
      let fallbackName = fallback.isEmpty ? id : fallback
      return (name.isEmpty ? fallbackName : name, match?.description ?? "")
    }
  }
}
