import Foundation

/// An in-app purchase as StoreKit presents it to the app: localized, priced for the storefront.
///
/// Mirrors StoreKit's `Product`: the same property names, with `displayPrice` formatted by
/// Foundation for the storefront's currency in the chosen locale.
public struct CatalogProduct: Sendable, Equatable, Identifiable {
  /// The product identifier from the configuration (`productID`).
  public let id: String
  /// Consumable, non-consumable, non-renewing or auto-renewable.
  public let type: ProductType
  /// The localized name.
  public let displayName: String
  /// The localized description.
  public let description: String
  /// The price in the storefront's currency, in units (not milliunits).
  public let price: Decimal
  /// The price formatted for the storefront's currency and the locale, such as `4,99 €`.
  public let displayPrice: String
  /// Whether Family Sharing can share the purchase.
  public let isFamilyShareable: Bool
  /// Subscription details for auto-renewable subscriptions; nil for every other type.
  public internal(set) var subscription: SubscriptionInfo?

  /// Creates a product value.
  public init(
    id: String, type: ProductType, displayName: String, description: String, price: Decimal,
    displayPrice: String, isFamilyShareable: Bool, subscription: SubscriptionInfo?
  ) {
    self.id = id
    self.type = type
    self.displayName = displayName
    self.description = description
    self.price = price
    self.displayPrice = displayPrice
    self.isFamilyShareable = isFamilyShareable
    self.subscription = subscription
  }
}

extension CatalogProduct {
  /// The kind of a product, with StoreKit's raw values (also the `type` field of signed transactions).
  public struct ProductType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The wire string, such as `Auto-Renewable Subscription`.
    public let rawValue: String

    /// Creates a type from its wire string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Used once, then gone (coins, lives).
    public static let consumable = ProductType(rawValue: "Consumable")
    /// Bought once, owned forever (a lifetime unlock).
    public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
    /// Access for a fixed time with no automatic renewal.
    public static let nonRenewable = ProductType(rawValue: "Non-Renewing Subscription")
    /// A subscription that renews each period until cancelled.
    public static let autoRenewable = ProductType(rawValue: "Auto-Renewable Subscription")

    /// The four types StoreKit 2 defines, in that order.
    public static let allCases: [ProductType] = [
      .consumable, .nonConsumable, .nonRenewable, .autoRenewable,
    ]

    /// The wire string.
    public var description: String { rawValue }
  }
}
