import Foundation

/// The products of a configuration as a customer in one storefront and locale sees them.
public struct ProductCatalog: Sendable {
  /// The configuration the products come from.
  public let configuration: StoreKitConfiguration
  /// The storefront that sets the currency.
  public let storefront: CatalogStorefront
  /// The locale that picks localizations and formats prices.
  public let locale: String
  /// Every product for a customer eligible for every introductory offer, formatted once:
  /// Foundation's currency formatting is the costly part of a lookup.
  private let eligibleProducts: [CatalogProduct]
  private let indexByID: [String: Int]

  /// Creates a catalog; `storefront` and `locale` override the file's settings when given.
  public init(
    configuration: StoreKitConfiguration, storefront: CatalogStorefront? = nil,
    locale: String? = nil
  ) {
    self.configuration = configuration
    // The decoder only accepts known storefronts, so the fallback is for hand-built values.
    self.storefront =
      storefront ?? CatalogStorefront(countryCode: configuration.settings.storefront)
      ?? .unitedStates
    self.locale = locale ?? configuration.settings.locale
    let products = Self.build(configuration, storefront: self.storefront, locale: self.locale)
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
  public func products(subscribedGroups: Set<String> = []) -> [CatalogProduct] {
    guard !subscribedGroups.isEmpty else { return eligibleProducts }
    return eligibleProducts.map { Self.product($0, subscribedGroups: subscribedGroups) }
  }

  /// Whether the configuration has a product with identifier `id`.
  public func contains(_ id: String) -> Bool { indexByID[id] != nil }

  /// The product with identifier `id`, if the configuration has it.
  public func product(id: String, subscribedGroups: Set<String> = []) -> CatalogProduct? {
    indexByID[id].map { Self.product(eligibleProducts[$0], subscribedGroups: subscribedGroups) }
  }

  /// `product` as a customer who subscribed to `subscribedGroups` sees it.
  private static func product(_ product: CatalogProduct, subscribedGroups: Set<String>)
    -> CatalogProduct
  {
    guard let group = product.subscription?.subscriptionGroupID, subscribedGroups.contains(group)
    else { return product }
    var product = product
    product.subscription?.isEligibleForIntroOffer = false
    return product
  }

  /// Every product in catalog order: each group's subscriptions by level, then the rest.
  private static func build(
    _ configuration: StoreKitConfiguration, storefront: CatalogStorefront, locale: String
  ) -> [CatalogProduct] {
    let builder = ProductCatalog.Builder(storefront: storefront, locale: locale)
    let subscriptions = configuration.subscriptionGroups.flatMap { group in
      group.subscriptions.enumerated()
        .sorted { ($0.element.groupLevel, $0.offset) < ($1.element.groupLevel, $1.offset) }
        .map { builder.product($0.element, in: group) }
    }
    return subscriptions + configuration.products.map(builder.product)
  }

  /// `price` formatted for the storefront's currency in the catalog's locale.
  public func displayPrice(_ price: Decimal) -> String {
    Builder(storefront: storefront, locale: locale).displayPrice(price)
  }

  /// A payload's price (in milliunits, as Apple's payloads carry it) formatted as
  /// ``displayPrice(_:)`` formats a catalog price: `5980` reads `5,98 €` in a German catalog.
  public func displayPrice(milliunits: Int64) -> String {
    displayPrice(Decimal(milliunits) / 1000)
  }
}
