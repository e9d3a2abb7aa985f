import Foundation
import StoreCore

extension Transaction {
  /// What a purchase made through the Advanced Commerce API bought (iOS 18.4): the developer's
  /// items, their prices and the tax, read from the signed `advancedCommerceInfo`.
  public struct AdvancedCommerceInfo: Equatable, Hashable, Sendable {
    /// A subscription's description; nil for a one-time charge.
    public let description: String?
    /// A subscription's display name; nil for a one-time charge.
    public let displayName: String?
    /// The estimated tax, in the transaction's currency.
    public let estimatedTax: Decimal
    /// The price before tax, in the transaction's currency.
    public let taxExclusivePrice: Decimal
    /// The `requestReferenceId` the developer's signed request named.
    public let requestReferenceID: String
    /// The items bought.
    public let items: [Transaction.AdvancedCommerceInfo.Item]
    /// A subscription's period; nil for a one-time charge.
    public let period: SubscriptionPeriod?
    /// The tax code the developer's request named.
    public let taxCode: String
    /// The tax rate applied, as a fraction.
    public let taxRate: Decimal

    /// One developer-defined product bought in the transaction.
    public struct Item: Equatable, Hashable, Sendable {
      /// The item's SKU, name, description, price and offer.
      public let details: Transaction.AdvancedCommerceInfo.Item.Details
      /// The refunds made on this item, if any.
      public let refunds: [Transaction.AdvancedCommerceInfo.Refund]?
      /// When access to this item was revoked, if it was.
      public let revocationDate: Date?

      /// What the developer's request said of an item.
      public struct Details: Equatable, Hashable, Sendable {
        /// The developer's identifier of the item.
        public let sku: String
        /// The name shown to the customer.
        public let displayName: String
        /// The description shown to the customer.
        public let description: String
        /// The offer applied to the item, if any.
        public let offer: Transaction.AdvancedCommerceInfo.Offer?
        /// The item's price, in the transaction's currency.
        public let price: Decimal
      }
    }

    /// A discount on a subscription item.
    public struct Offer: Equatable, Hashable, Sendable {
      /// The length of one discounted period.
      public let period: SubscriptionPeriod
      /// How many periods the discount lasts.
      public let periodCount: Int
      /// The discounted price per period.
      public let price: Decimal
      /// Why the developer gave the offer.
      public let reason: Transaction.AdvancedCommerceInfo.Offer.Reason

      /// Why an offer applies; raw values are the App Store Server API's.
      public struct Reason: RawRepresentable, Equatable, Hashable, Sendable {
        /// The raw value (`ACQUISITION`, `WIN_BACK`, `RETENTION`).
        public let rawValue: String

        /// Creates a value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// An offer to a new customer.
        public static let acquisition = Reason(rawValue: "ACQUISITION")
        /// An offer to a former subscriber.
        public static let winBack = Reason(rawValue: "WIN_BACK")
        /// An offer to keep a current subscriber.
        public static let retention = Reason(rawValue: "RETENTION")
      }
    }

    /// A refund made on an item.
    public struct Refund: Equatable, Hashable, Sendable {
      /// The amount refunded, in the transaction's currency.
      public let amount: Decimal
      /// When the refund was granted.
      public let date: Date
      /// Why it was refunded.
      public let reason: Transaction.AdvancedCommerceInfo.Refund.Reason
      /// Whether it was full, prorated or a custom amount.
      public let type: Transaction.AdvancedCommerceInfo.Refund.RefundType

      /// Why a refund was made; raw values are the Advanced Commerce API's.
      public struct Reason: RawRepresentable, Equatable, Hashable, Sendable {
        /// The raw value (`UNINTENDED_PURCHASE` …).
        public let rawValue: String

        /// Creates a value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The customer did not mean to buy.
        public static let unintended = Reason(rawValue: "UNINTENDED_PURCHASE")
        /// The item was not delivered.
        public static let unfulfilled = Reason(rawValue: "FULFILLMENT_ISSUE")
        /// The customer was not satisfied.
        public static let unsatisfied = Reason(rawValue: "UNSATISFIED_WITH_PURCHASE")
        /// A legal reason.
        public static let legal = Reason(rawValue: "LEGAL")
        /// Another reason.
        public static let other = Reason(rawValue: "OTHER")
        /// The subscription's items were changed.
        public static let modifyItems = Reason(rawValue: "MODIFY_ITEMS_REFUND")
      }

      /// How much of the price a refund returned; raw values are the Advanced Commerce API's.
      public struct RefundType: RawRepresentable, Equatable, Hashable, Sendable {
        /// The raw value (`FULL`, `PRORATED`, `CUSTOM`).
        public let rawValue: String

        /// Creates a value from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The whole price.
        public static let full = RefundType(rawValue: "FULL")
        /// The unused part of the period.
        public static let proRated = RefundType(rawValue: "PRORATED")
        /// An amount the developer chose.
        public static let custom = RefundType(rawValue: "CUSTOM")
      }
    }
  }

  /// The items, prices and tax of a purchase made through the Advanced Commerce API, from the
  /// signed `advancedCommerceInfo`; nil for any other purchase.
  public var advancedCommerceInfo: Transaction.AdvancedCommerceInfo? {
    payload.advancedCommerceInfo.map(AdvancedCommerceInfo.init(wire:))
  }
}

extension Transaction.AdvancedCommerceInfo {
  /// The StoreKit view of the signed object: milliunits become the currency's units.
  init(wire: AdvancedCommerceTransactionInfo) {
    self.init(
      description: wire.descriptors?.description, displayName: wire.descriptors?.displayName,
      estimatedTax: Self.units(wire.estimatedTax),
      taxExclusivePrice: Self.units(wire.taxExclusivePrice),
      requestReferenceID: wire.requestReferenceId,
      items: wire.items.map { item in
        Item(
          details: Item.Details(
            sku: item.sku, displayName: item.displayName, description: item.description,
            offer: nil, price: Self.units(item.price)),
          refunds: nil,
          revocationDate: item.revocationDate.map {
            Date(timeIntervalSince1970: TimeInterval($0) / 1000)
          })
      },
      period: wire.period.flatMap(CatalogProduct.SubscriptionPeriod.init(iso8601:)).map(
        Product.SubscriptionPeriod.init),
      taxCode: wire.taxCode, taxRate: Decimal(string: wire.taxRate) ?? 0)
  }

  /// Milliunits (4990) as the currency's units (4.99).
  static func units(_ milliunits: Int64) -> Decimal { Decimal(milliunits) / 1000 }
}
