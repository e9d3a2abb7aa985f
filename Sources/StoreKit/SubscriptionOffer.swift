import Foundation
import StoreCore

extension Product {
  /// An introductory, promotional or win-back offer of a subscription.
  public struct SubscriptionOffer: Equatable, Hashable, Sendable {
    /// The offer identifier; nil for introductory offers.
    public let id: String?
    /// Introductory, promotional or win-back.
    public let type: Product.SubscriptionOffer.OfferType
    /// The price per period in the storefront's currency (0 for a free trial).
    public let price: Decimal
    /// The price formatted for the storefront.
    public let displayPrice: String
    /// The length of one offer period.
    public let period: Product.SubscriptionPeriod
    /// How many periods the offer lasts.
    public let periodCount: Int
    /// Free trial, pay as you go or pay up front.
    public let paymentMode: Product.SubscriptionOffer.PaymentMode

    init(_ offer: CatalogProduct.SubscriptionOffer) {
      id = offer.id
      type = OfferType(rawValue: offer.type.rawValue)
      price = offer.price
      displayPrice = offer.displayPrice
      period = SubscriptionPeriod(offer.period)
      periodCount = offer.periodCount
      paymentMode = PaymentMode(rawValue: offer.paymentMode.rawValue)
    }

    /// The kind of an offer.
    public struct OfferType: RawRepresentable, Equatable, Hashable, Sendable {
      /// The raw value, such as `introductory`.
      public let rawValue: String

      /// Creates a type from its raw value.
      public init(rawValue: String) { self.rawValue = rawValue }

      /// An introductory offer for new subscribers of the group.
      public static let introductory = OfferType(rawValue: "introductory")
      /// A promotional offer the developer signs for chosen customers.
      public static let promotional = OfferType(rawValue: "promotional")
      /// A win-back offer for former subscribers.
      public static let winBack = OfferType(rawValue: "winBack")

      /// The type for the customer.
      public var localizedDescription: String {
        switch self {
        case .introductory: "Introductory Offer"
        case .promotional: "Promotional Offer"
        case .winBack: "Win-Back Offer"
        default: rawValue
        }
      }
    }

    /// How the customer pays during the offer.
    public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
      /// The raw value, such as `freeTrial`.
      public let rawValue: String

      /// Creates a mode from its raw value.
      public init(rawValue: String) { self.rawValue = rawValue }

      /// Nothing to pay during the offer.
      public static let freeTrial = PaymentMode(rawValue: "freeTrial")
      /// A discounted price each period.
      public static let payAsYouGo = PaymentMode(rawValue: "payAsYouGo")
      /// One discounted price for the whole offer.
      public static let payUpFront = PaymentMode(rawValue: "payUpFront")

      /// The mode for the customer.
      public var localizedDescription: String {
        switch self {
        case .freeTrial: "Free Trial"
        case .payAsYouGo: "Pay As You Go"
        case .payUpFront: "Pay Up Front"
        default: rawValue
        }
      }
    }

    /// The parts of a promotional offer's signature, made by the developer's server.
    public struct Signature: Sendable {
      /// The identifier of the key that signed.
      public let keyID: String
      /// A unique value the signature covers.
      public let nonce: UUID
      /// When the server signed, in milliseconds since 1970.
      public let timestamp: Int
      /// The signature bytes.
      public let signature: Data

      /// Creates a signature from its parts.
      public init(keyID: String, nonce: UUID, timestamp: Int, signature: Data) {
        self.keyID = keyID
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
      }
    }
  }
}
