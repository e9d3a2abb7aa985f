import Foundation
import StoreCore

extension Product.SubscriptionInfo.RenewalInfo {
  /// What the next renewal of an Advanced Commerce subscription will charge (iOS 18.4).
  ///
  /// storeterm sells Advanced Commerce one-time charges only: a signed subscription request
  /// throws `StoreKitError.unsupported`, so no renewal info storeterm signs has this value.
  public struct AdvancedCommerceInfo: Equatable, Hashable, Sendable {
    /// The subscription's description.
    public let description: String
    /// The subscription's display name.
    public let displayName: String
    /// The token the developer's next request about this subscription must name.
    public let consistencyToken: String
    /// The `requestReferenceId` of the request that last changed the subscription.
    public let requestReferenceID: String
    /// The items the subscription renews.
    public let items: [Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item]
    /// The subscription's period.
    public let period: SubscriptionPeriod
    /// The developer's tax code.
    public let taxCode: String

    /// An item the subscription renews.
    public struct Item: Equatable, Hashable, Sendable {
      /// An item's details, as a transaction carries them.
      public typealias Details = Transaction.AdvancedCommerceInfo.Item.Details

      /// The item's SKU, name, description, price and offer.
      public let details: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.Details
      /// A price increase scheduled for the item, if any (iOS 26.2).
      public let priceIncreaseInfo:
        Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo?

      /// A price increase of an item (iOS 26.2).
      public struct PriceIncreaseInfo: Equatable, Hashable, Sendable {
        /// The SKUs the App Store cancels if the customer declines the increase.
        public let dependentSKUs: [String]
        /// The new price.
        public let price: Decimal
        /// Where the increase stands.
        public let status:
          Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item.PriceIncreaseInfo.Status

        /// Where a price increase stands; raw values are the App Store Server API's.
        public struct Status: RawRepresentable, Equatable, Hashable, Sendable {
          /// The raw value (`SCHEDULED`, `PENDING`, `ACCEPTED`).
          public let rawValue: String

          /// Creates a value from its raw value.
          public init(rawValue: String) { self.rawValue = rawValue }

          /// Announced, not yet asking for consent.
          public static let scheduled = Status(rawValue: "SCHEDULED")
          /// Waiting for the customer's consent.
          public static let pending = Status(rawValue: "PENDING")
          /// The customer consented, or no consent was needed.
          public static let accepted = Status(rawValue: "ACCEPTED")
        }
      }
    }
  }

  /// The next renewal of an Advanced Commerce subscription; nil for every subscription
  /// storeterm sells (it sells no Advanced Commerce subscription, see ``AdvancedCommerceInfo``).
  public var advancedCommerceInfo: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo? {
    nil
  }
}
