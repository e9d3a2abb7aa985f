import Foundation

/// A consumable, non-consumable or non-renewing subscription as written in the configuration.
public struct ConfiguredProduct: Sendable, Equatable {
  /// The StoreKit product identifier.
  public var productID: String
  /// The developer-facing name (`referenceName`).
  public var referenceName: String
  /// Xcode's opaque `internalID`.
  public var internalID: String
  /// Consumable, non-consumable or non-renewing.
  public var type: CatalogProduct.ProductType
  /// The price in the storefront's currency (an empty price in the file loads as 0).
  public var price: Decimal
  /// Whether Family Sharing applies (`familyShareable`).
  public var familyShareable: Bool
  /// Every localization in file order.
  public var localizations: [Localization]

  /// Creates a product.
  public init(
    productID: String, referenceName: String, internalID: String, type: CatalogProduct.ProductType,
    price: Decimal, familyShareable: Bool, localizations: [Localization]
  ) {
    self.productID = productID
    self.referenceName = referenceName
    self.internalID = internalID
    self.type = type
    self.price = price
    self.familyShareable = familyShareable
    self.localizations = localizations
  }
}

/// A localized name and description for one locale.
public struct Localization: Sendable, Equatable {
  /// The locale as written in the file (`en_US`, `ar`, `zh_Hans`).
  public var locale: String
  /// The localized display name.
  public var displayName: String
  /// The localized description.
  public var description: String

  /// Creates a localization.
  public init(locale: String, displayName: String, description: String) {
    self.locale = locale
    self.displayName = displayName
    self.description = description
  }
}
