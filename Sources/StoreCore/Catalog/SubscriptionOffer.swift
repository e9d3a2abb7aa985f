import Foundation

extension CatalogProduct {
  /// A discount on a subscription: an introductory, promotional or win-back offer.
  public struct SubscriptionOffer: Sendable, Equatable {
    /// The offer identifier; nil for introductory offers, which have none.
    public let id: String?
    /// Introductory, promotional or win-back.
    public let type: OfferType
    /// Free trial, pay as you go or pay up front.
    public let paymentMode: PaymentMode
    /// The length of one offer period.
    public let period: SubscriptionPeriod
    /// How many periods the offer lasts (1 for free trials and pay-up-front offers).
    public let periodCount: Int
    /// The price per period (pay as you go) or in total (pay up front); 0 for a free trial.
    public let price: Decimal
    /// The price formatted for the storefront and locale.
    public let displayPrice: String

    /// Creates an offer value.
    public init(
      id: String?, type: OfferType, paymentMode: PaymentMode, period: SubscriptionPeriod,
      periodCount: Int, price: Decimal, displayPrice: String
    ) {
      self.id = id
      self.type = type
      self.paymentMode = paymentMode
      self.period = period
      self.periodCount = periodCount
      self.price = price
      self.displayPrice = displayPrice
    }

    /// The kind of offer, with StoreKit's case names as raw values.
    public enum OfferType: String, Hashable, Sendable {
      /// For customers new to the subscription group.
      case introductory
      /// For existing or lapsed customers, chosen by the app.
      case promotional
      /// For customers whose subscription ended.
      case winBack
    }

    /// How the customer pays during the offer, with StoreKit's case names as raw values.
    public enum PaymentMode: String, Hashable, Sendable {
      /// Nothing is charged during the offer.
      case freeTrial
      /// A discounted price each period.
      case payAsYouGo
      /// One discounted price for the whole offer.
      case payUpFront
    }
  }
}
