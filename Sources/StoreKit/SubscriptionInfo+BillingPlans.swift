import Foundation
import StoreCore

extension Product.SubscriptionInfo {
  /// The period between two charges of a subscription (iOS 26.4).
  public typealias BillingPeriod = Product.SubscriptionPeriod

  /// How a subscription's price is charged: all at once each period, or monthly over a
  /// commitment (iOS 26.4).
  ///
  /// Raw values are the App Store Server API's `billingPlanType` strings (`BILLED_UPFRONT`,
  /// `MONTHLY`).
  public struct BillingPlanType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value, as the App Store sends it (`BILLED_UPFRONT`).
    public let rawValue: String

    /// Creates a billing plan type from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The whole period's price at the start of each period.
    public static let upFront = BillingPlanType(rawValue: "BILLED_UPFRONT")
    /// A monthly charge over a longer commitment.
    public static let monthly = BillingPlanType(rawValue: "MONTHLY")
  }

  /// The total a commitment costs and how long it lasts (iOS 26.4).
  public struct CommitmentInfo: Equatable, Hashable, Sendable {
    /// The price of the whole commitment.
    public let price: Decimal
    /// `price`, formatted for the storefront.
    public let displayPrice: String
    /// How long the commitment lasts.
    public let period: Product.SubscriptionPeriod
  }

  /// The price charged at each billing event and the period between them (iOS 27.3).
  public struct BillingInfo: Equatable, Hashable, Sendable {
    /// The price charged at each billing event.
    public let price: Decimal
    /// `price`, formatted for the storefront.
    public let displayPrice: String
    /// The period between renewals.
    public let period: Product.SubscriptionInfo.BillingPeriod
  }

  /// One way to pay for a subscription: its billing plan, price, period and offers (iOS 26.4).
  public struct PricingTerms: Equatable, Hashable, Sendable {
    /// How the price is charged.
    public let billingPlanType: Product.SubscriptionInfo.BillingPlanType
    /// The period between charges.
    public let billingPeriod: Product.SubscriptionInfo.BillingPeriod
    /// The price of each charge.
    public let billingPrice: Decimal
    /// `billingPrice`, formatted for the storefront.
    @available(*, deprecated, message: "Use pricingModel")
    public var billingDisplayPrice: String { displayPrice }
    /// The commitment these terms bind the customer to.
    @available(*, deprecated, message: "Use pricingModel")
    public var commitmentInfo: Product.SubscriptionInfo.CommitmentInfo { commitment }
    /// The offers available with these terms.
    public let subscriptionOffers: [Product.SubscriptionOffer]
    /// How the price is set: one price, or by number of seats (iOS 27.3).
    public let pricingModel: Product.SubscriptionInfo.PricingTerms.PricingModel

    let displayPrice: String
    let commitment: Product.SubscriptionInfo.CommitmentInfo

    /// Up-front terms: one charge of `price` per `period`, the commitment being one period;
    /// priced by seat when the product has `seatTiers`.
    init(
      upFront period: Product.SubscriptionPeriod, price: Decimal, displayPrice: String,
      offers: [Product.SubscriptionOffer], seatTiers: [CatalogProduct.SeatPriceTier] = []
    ) {
      billingPlanType = .upFront
      billingPeriod = period
      billingPrice = price
      subscriptionOffers = offers
      self.displayPrice = displayPrice
      commitment = CommitmentInfo(price: price, displayPrice: displayPrice, period: period)
      pricingModel =
        seatTiers.isEmpty
        ? .singlePrice(
          SinglePrice(
            billingInfo: BillingInfo(price: price, displayPrice: displayPrice, period: period),
            commitmentInfo: commitment))
        : .seatBased(
          SeatBasedPricing(
            priceTiers: seatTiers.map {
              SeatBasedPricing.PriceTier(
                minimumSeats: $0.minimumSeats, maximumSeats: $0.maximumSeats,
                billingInfo: BillingInfo(
                  price: $0.price, displayPrice: $0.displayPrice, period: period))
            }))
    }

    /// Monthly terms: 12 charges of the plan's monthly price over a 1-year commitment; a
    /// commitment takes no offer, so none is listed.
    init(monthly plan: CatalogProduct.CommitmentPlan) {
      let period = SubscriptionPeriod(CatalogProduct.CommitmentPlan.billingPeriod)
      billingPlanType = .monthly
      billingPeriod = period
      billingPrice = plan.monthlyPrice
      subscriptionOffers = []
      displayPrice = plan.monthlyDisplayPrice
      commitment = CommitmentInfo(
        price: plan.commitmentPrice, displayPrice: plan.commitmentDisplayPrice,
        period: SubscriptionPeriod(CatalogProduct.CommitmentPlan.commitmentPeriod))
      pricingModel = .singlePrice(
        SinglePrice(
          billingInfo: BillingInfo(
            price: plan.monthlyPrice, displayPrice: plan.monthlyDisplayPrice, period: period),
          commitmentInfo: commitment))
    }

    /// The offers of one type available with these terms.
    public subscript(offers type: Product.SubscriptionOffer.OfferType)
      -> [Product.SubscriptionOffer]
    {
      subscriptionOffers.filter { $0.type == type }
    }

    /// How a subscription's price is set (iOS 27.3).
    public enum PricingModel: Equatable, Hashable, Sendable {
      /// One price for the subscription.
      case singlePrice(Product.SubscriptionInfo.PricingTerms.SinglePrice)
      /// A price per seat, by tiers of seat counts.
      case seatBased(Product.SubscriptionInfo.PricingTerms.SeatBasedPricing)
    }

    /// The price and commitment of a subscription with a single price (iOS 27.3).
    public struct SinglePrice: Equatable, Hashable, Sendable {
      /// The price charged at each billing event, and the period between renewals.
      public let billingInfo: Product.SubscriptionInfo.BillingInfo
      /// The commitment, with its total price.
      public let commitmentInfo: Product.SubscriptionInfo.CommitmentInfo
    }

    /// The tiers of a subscription priced by seat (iOS 27.3).
    public struct SeatBasedPricing: Equatable, Hashable, Sendable {
      /// The tiers, by number of seats.
      public let priceTiers: [Product.SubscriptionInfo.PricingTerms.SeatBasedPricing.PriceTier]

      /// The price of a range of seat counts.
      public struct PriceTier: Equatable, Hashable, Sendable {
        /// The fewest seats of the tier.
        public let minimumSeats: Int
        /// The most seats of the tier; nil when unbounded.
        public let maximumSeats: Int?
        /// The price per billing event and the period between them.
        public let billingInfo: Product.SubscriptionInfo.BillingInfo
      }
    }
  }
}

extension Product.SubscriptionInfo {
  /// A subscription a subscription bundle includes (iOS 27).
  public struct BundledSubscription: Equatable, Hashable, Sendable {
    /// The product identifier.
    public let id: Product.ID
    /// The localized name.
    public let displayName: String
    /// The localized description.
    public let description: String
    /// The localized price.
    public let displayPrice: String
    /// Whether Family Sharing shares it.
    public let isFamilyShareable: Bool
    /// Its subscription group.
    public let subscriptionGroupID: String
    /// Its level in that group.
    public let subscriptionGroupLevel: Int
    /// That group's localized name.
    public let subscriptionGroupDisplayName: String
  }
}
