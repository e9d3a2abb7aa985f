import Foundation

extension CatalogProduct {
  /// What StoreKit tells an app about an auto-renewable subscription product.
  public struct SubscriptionInfo: Sendable, Equatable {
    /// The identifier of the subscription group.
    public let subscriptionGroupID: String
    /// The localized name of the group.
    public let groupDisplayName: String
    /// The level of service within the group; 1 is the highest.
    public let groupLevel: Int
    /// How long one renewal lasts.
    public let subscriptionPeriod: SubscriptionPeriod
    /// The introductory offer, if the product has one (shown whether or not the customer is eligible).
    public let introductoryOffer: SubscriptionOffer?
    /// Promotional offers the app may present.
    public let promotionalOffers: [SubscriptionOffer]
    /// Win-back offers configured for the product.
    public let winBackOffers: [SubscriptionOffer]
    /// True until the customer has subscribed to any product in the group.
    public internal(set) var isEligibleForIntroOffer: Bool
    /// The monthly billing plan over a 12-month commitment offered beside the up-front price;
    /// nil when the product offers only the up-front price.
    public var commitmentPlan: CommitmentPlan?
    /// For a subscription bundle, the subscriptions of other groups it includes, in file
    /// order; empty for any other subscription.
    public var bundledProductIDs: [String] = []
    /// Whether StoreKit presents the product as a subscription suite.
    public var isSuite = false
    /// The prices per seat of a subscription sold by seat, lowest seat counts first; empty when
    /// it is not (`supportsMultiSeatPurchase` is false).
    public var seatPriceTiers: [SeatPriceTier] = []

    /// Creates subscription info.
    public init(
      subscriptionGroupID: String, groupDisplayName: String, groupLevel: Int,
      subscriptionPeriod: SubscriptionPeriod, introductoryOffer: SubscriptionOffer?,
      promotionalOffers: [SubscriptionOffer], winBackOffers: [SubscriptionOffer],
      isEligibleForIntroOffer: Bool, commitmentPlan: CommitmentPlan? = nil
    ) {
      self.subscriptionGroupID = subscriptionGroupID
      self.groupDisplayName = groupDisplayName
      self.groupLevel = groupLevel
      self.subscriptionPeriod = subscriptionPeriod
      self.introductoryOffer = introductoryOffer
      self.promotionalOffers = promotionalOffers
      self.winBackOffers = winBackOffers
      self.isEligibleForIntroOffer = isEligibleForIntroOffer
      self.commitmentPlan = commitmentPlan
    }
  }
}

extension CatalogProduct {
  /// A 1-year subscription billed monthly: 12 charges of `monthlyPrice`, one commitment.
  public struct CommitmentPlan: Sendable, Equatable {
    /// The price of each monthly charge.
    public let monthlyPrice: Decimal
    /// `monthlyPrice` formatted for the storefront.
    public let monthlyDisplayPrice: String
    /// The price of the whole commitment (`commitmentDisplayPrice`, or 12 monthly charges).
    public let commitmentPrice: Decimal
    /// `commitmentPrice` formatted for the storefront.
    public let commitmentDisplayPrice: String

    /// How many monthly charges one commitment has: Apple's plan is 12 months.
    public static let billingPeriods = 12
    /// The period between two charges.
    public static let billingPeriod = SubscriptionPeriod(value: 1, unit: .month)
    /// The length of one commitment.
    public static let commitmentPeriod = SubscriptionPeriod(value: 1, unit: .year)

    /// Creates a plan.
    public init(
      monthlyPrice: Decimal, monthlyDisplayPrice: String, commitmentPrice: Decimal,
      commitmentDisplayPrice: String
    ) {
      self.monthlyPrice = monthlyPrice
      self.monthlyDisplayPrice = monthlyDisplayPrice
      self.commitmentPrice = commitmentPrice
      self.commitmentDisplayPrice = commitmentDisplayPrice
    }
  }
}
