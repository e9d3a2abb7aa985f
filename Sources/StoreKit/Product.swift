import Foundation
import StoreCore

/// An in-app purchase as the App Store presents it to the app: Apple's `Product`.
public struct Product: Identifiable, Equatable, Hashable, CustomDebugStringConvertible, Sendable {
  /// The product identifier.
  public typealias ID = String

  /// The product identifier from App Store Connect (the `.storekit` file's `productID`).
  public let id: Product.ID
  /// Consumable, non-consumable, non-renewing or auto-renewable.
  public let type: Product.ProductType
  /// The localized name.
  public let displayName: String
  /// The localized description.
  public let description: String
  /// The price in the storefront's currency.
  public let price: Decimal
  /// The price formatted for the storefront's currency and the locale, such as `4,99 €`.
  public let displayPrice: String
  /// Whether Family Sharing can share the purchase.
  public let isFamilyShareable: Bool
  /// Subscription details for auto-renewable subscriptions; nil for every other type.
  public let subscription: Product.SubscriptionInfo?

  /// The catalog entry this product was made from, with the storefront's currency and locale.
  let entry: CatalogProduct
  /// Whether several seats can be bought at once with `.seats(_:)` (iOS 27.3): true for a
  /// subscription the catalog prices by seat (storeterm's `_multiSeatPriceTiers`).
  public let supportsMultiSeatPurchase: Bool
  let currencyCode: String
  let localeIdentifier: String

  init(_ entry: CatalogProduct, catalog: ProductCatalog) {
    self.entry = entry
    id = entry.id
    type = Self.type(of: entry)
    displayName = entry.displayName
    description = entry.description
    price = entry.price
    displayPrice = entry.displayPrice
    isFamilyShareable = entry.isFamilyShareable
    subscription = entry.subscription.map {
      SubscriptionInfo(
        $0, price: entry.price, displayPrice: entry.displayPrice,
        bundled: catalog.bundledProducts(of: entry.id))
    }
    supportsMultiSeatPurchase = entry.subscription?.seatPriceTiers.isEmpty == false
    currencyCode = catalog.storefront.currencyCode
    localeIdentifier = catalog.locale
  }

  /// The product as the App Store describes it, in JSON.
  public var jsonRepresentation: Data { Data(entry.jsonValue.compactText.utf8) }

  /// The JSON representation, readable.
  public var debugDescription: String { entry.jsonValue.prettyText }

  /// Formats a price in this product's currency and locale, as `displayPrice` is formatted.
  public var priceFormatStyle: Decimal.FormatStyle.Currency {
    Decimal.FormatStyle.Currency(code: currencyCode, locale: Locale(identifier: localeIdentifier))
  }

  /// Formats a subscription period's unit (`month`, `Monat`) in the product's locale.
  public var subscriptionPeriodUnitFormatStyle: Product.SubscriptionPeriod.Unit.FormatStyle {
    Product.SubscriptionPeriod.Unit.FormatStyle(locale: Locale(identifier: localeIdentifier))
  }

  /// Products are equal when the same catalog entry is offered in the same currency and locale.
  public static func == (lhs: Product, rhs: Product) -> Bool {
    lhs.entry == rhs.entry && lhs.currencyCode == rhs.currencyCode
      && lhs.localeIdentifier == rhs.localeIdentifier
  }

  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(displayPrice)
    hasher.combine(displayName)
  }
}

extension Product {
  /// The kind of a product, with StoreKit's raw values (also the `type` of signed transactions).
  public struct ProductType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The wire string, such as `Auto-Renewable Subscription`.
    public let rawValue: String

    /// Creates a type from its wire string; an unknown string is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Used once, then gone (coins, lives).
    public static let consumable = ProductType(rawValue: "Consumable")
    /// Bought once, owned forever (a lifetime unlock).
    public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
    /// A subscription that renews each period until cancelled.
    public static let autoRenewable = ProductType(rawValue: "Auto-Renewable Subscription")
    /// Access for a fixed time with no automatic renewal.
    public static let nonRenewable = ProductType(rawValue: "Non-Renewing Subscription")

    /// The type's name for the customer.
    public var localizedDescription: String {
      switch self {
      case .consumable: "Consumable"
      case .nonConsumable: "Non-Consumable"
      case .autoRenewable: "Auto-Renewable Subscription"
      case .nonRenewable: "Non-Renewing Subscription"
      default: rawValue
      }
    }
  }

  /// The outcome of `purchase(options:)`.
  public enum PurchaseResult: Sendable {
    /// The purchase succeeded with a transaction to verify.
    case success(VerificationResult<Transaction>)
    /// The customer cancelled.
    case userCancelled
    /// The purchase waits for approval; its transaction arrives through `Transaction.updates`.
    case pending
  }

  /// Why a purchase could not be made.
  public enum PurchaseError: Error, LocalizedError, Equatable, Hashable {
    /// The quantity is not allowed for this product (1 to 10).
    case invalidQuantity
    /// The product is not available.
    case productUnavailable
    /// The customer may not make purchases.
    case purchaseNotAllowed
    /// The customer is not eligible for the offer.
    case ineligibleForOffer
    /// The offer identifier is not one of the product's offers.
    case invalidOfferIdentifier
    /// The offer's price is not valid.
    case invalidOfferPrice
    /// The offer's signature is not valid.
    case invalidOfferSignature
    /// The offer is missing parameters.
    case missingOfferParameters
    /// The purchase needs a payment method binding the developer has not configured (iOS 26.5).
    case paymentMethodBindingConfigurationRequired
    /// Multiseat purchases are turned off for the account (iOS 27.3).
    case multiSeatPurchaseDisabled

    /// A sentence for the customer.
    public var errorDescription: String? {
      switch self {
      case .invalidQuantity: "The quantity is not allowed for this product."
      case .productUnavailable: "The product is not available."
      case .purchaseNotAllowed: "Purchases are not allowed on this account."
      case .ineligibleForOffer: "The customer is not eligible for this offer."
      case .invalidOfferIdentifier: "The offer identifier is not valid."
      case .invalidOfferPrice: "The offer price is not valid."
      case .invalidOfferSignature: "The offer signature is not valid."
      case .missingOfferParameters: "The offer is missing parameters."
      case .paymentMethodBindingConfigurationRequired:
        "The purchase needs a payment method configuration."
      case .multiSeatPurchaseDisabled: "Multiseat purchases are not allowed on this account."
      }
    }

    init(_ refusal: PurchaseRefusal) {
      switch refusal {
      case .invalidQuantity: self = .invalidQuantity
      case .productUnavailable: self = .productUnavailable
      case .purchaseNotAllowed: self = .purchaseNotAllowed
      case .ineligibleForOffer: self = .ineligibleForOffer
      case .invalidOfferIdentifier: self = .invalidOfferIdentifier
      case .invalidOfferPrice: self = .invalidOfferPrice
      case .invalidOfferSignature: self = .invalidOfferSignature
      case .missingOfferParameters: self = .missingOfferParameters
      case .multiSeatPurchaseDisabled: self = .multiSeatPurchaseDisabled
      }
    }
  }
}
