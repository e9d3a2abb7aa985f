import Foundation

/// A subscription group: products that give one service at different levels; only one is active.
public struct ConfiguredSubscriptionGroup: Sendable, Equatable {
  /// The group identifier (`id`), referenced by each subscription's `subscriptionGroupID`.
  public var id: String
  /// The developer-facing group name.
  public var name: String
  /// Localized group names (written from format 4.0).
  public var localizations: [Localization]
  /// The group's auto-renewable subscriptions in file order.
  public var subscriptions: [ConfiguredSubscription]

  /// Creates a group.
  public init(
    id: String, name: String, localizations: [Localization],
    subscriptions: [ConfiguredSubscription]
  ) {
    self.id = id
    self.name = name
    self.localizations = localizations
    self.subscriptions = subscriptions
  }
}

/// An auto-renewable subscription as written in the configuration.
public struct ConfiguredSubscription: Sendable, Equatable {
  /// The StoreKit product identifier.
  public var productID: String
  /// The developer-facing name.
  public var referenceName: String
  /// Xcode's opaque `internalID`.
  public var internalID: String
  /// The renewal price.
  public var price: Decimal
  /// Whether Family Sharing applies.
  public var familyShareable: Bool
  /// Every localization in file order.
  public var localizations: [Localization]
  /// The identifier of the group that holds it.
  public var subscriptionGroupID: String
  /// The level of service (`groupNumber`); 1 is the highest.
  public var groupLevel: Int
  /// The renewal period (`recurringSubscriptionPeriod`).
  public var period: CatalogProduct.SubscriptionPeriod
  /// The introductory offer, from `introductoryOffers[0]` or the older `introductoryOffer`.
  public var introductoryOffer: ConfiguredOffer?
  /// Promotional offers (`adHocOffers`).
  public var promotionalOffers: [ConfiguredOffer]
  /// Offer codes (`codeOffers`).
  public var codeOffers: [ConfiguredOffer]
  /// Win-back offers (`winbackOffers`).
  public var winBackOffers: [ConfiguredOffer]
  /// Billing plans (`billingPlans`, format 5.0).
  public var billingPlans: [ConfiguredBillingPlan]
  /// For a subscription bundle (format 6.3 `subscriptionBundleGroups`), the product IDs of the
  /// subscriptions of other groups it includes (`members`); empty for any other subscription.
  public var bundledProductIDs: [String] = []
  /// Whether it is a subscription suite (format 6.3 `subscriptionSuiteGroups`).
  public var isSuite = false
  /// Seat-based prices (storeterm's `_multiSeatPriceTiers`), lowest seat counts first; empty
  /// when the subscription is not sold by seat.
  public var seatPriceTiers: [ConfiguredSeatTier] = []

  /// Creates a subscription.
  public init(
    productID: String, referenceName: String, internalID: String, price: Decimal,
    familyShareable: Bool, localizations: [Localization], subscriptionGroupID: String,
    groupLevel: Int, period: CatalogProduct.SubscriptionPeriod,
    introductoryOffer: ConfiguredOffer? = nil,
    promotionalOffers: [ConfiguredOffer] = [], codeOffers: [ConfiguredOffer] = [],
    winBackOffers: [ConfiguredOffer] = [], billingPlans: [ConfiguredBillingPlan] = []
  ) {
    self.productID = productID
    self.referenceName = referenceName
    self.internalID = internalID
    self.price = price
    self.familyShareable = familyShareable
    self.localizations = localizations
    self.subscriptionGroupID = subscriptionGroupID
    self.groupLevel = groupLevel
    self.period = period
    self.introductoryOffer = introductoryOffer
    self.promotionalOffers = promotionalOffers
    self.codeOffers = codeOffers
    self.winBackOffers = winBackOffers
    self.billingPlans = billingPlans
  }
}

/// A subscription offer of any kind as written in the configuration.
///
/// One shape serves introductory, promotional, code and win-back offers; the fields that only
/// some kinds have are optional.
public struct ConfiguredOffer: Sendable, Equatable {
  /// Xcode's opaque `internalID`.
  public var internalID: String
  /// The `offerID` of promotional and win-back offers.
  public var offerID: String?
  /// The developer-facing name of promotional, code and win-back offers.
  public var referenceName: String?
  /// How the customer pays.
  public var paymentMode: CatalogProduct.SubscriptionOffer.PaymentMode
  /// The length of one offer period.
  public var period: CatalogProduct.SubscriptionPeriod
  /// How many periods (`numberOfPeriods`, 1 when absent).
  public var periodCount: Int
  /// The offer price; 0 for free offers whatever the file says.
  public var price: Decimal
  /// Offer codes: who may redeem (`new`, `existing`, `expired`).
  public var eligibility: Set<String>
  /// Offer codes: whether the code stacks with another offer.
  public var isStackable: Bool
  /// Win-back offers: the local-testing eligibility switch (`isEligible`).
  public var isEligible: Bool

  /// Creates an offer.
  public init(
    internalID: String, offerID: String? = nil, referenceName: String? = nil,
    paymentMode: CatalogProduct.SubscriptionOffer.PaymentMode,
    period: CatalogProduct.SubscriptionPeriod,
    periodCount: Int = 1, price: Decimal = 0, eligibility: Set<String> = [],
    isStackable: Bool = false, isEligible: Bool = true
  ) {
    self.internalID = internalID
    self.offerID = offerID
    self.referenceName = referenceName
    self.paymentMode = paymentMode
    self.period = period
    self.periodCount = periodCount
    self.price = price
    self.eligibility = eligibility
    self.isStackable = isStackable
    self.isEligible = isEligible
  }
}

/// A billing plan of a format 5.0 subscription (billed up front or monthly with a commitment).
public struct ConfiguredBillingPlan: Sendable, Equatable {
  /// Xcode's opaque `internalID`.
  public var internalID: String
  /// `BILLED_UPFRONT` or `MONTHLY`.
  public var billingPlanType: String
  /// The price per billing.
  public var price: Decimal
  /// The total committed price (`commitmentDisplayPrice`), when given.
  public var commitmentPrice: Decimal?
  /// Whether the plan is offered (`isEnabled`).
  public var isEnabled: Bool

  /// Creates a billing plan.
  public init(
    internalID: String, billingPlanType: String, price: Decimal, commitmentPrice: Decimal?,
    isEnabled: Bool
  ) {
    self.internalID = internalID
    self.billingPlanType = billingPlanType
    self.price = price
    self.commitmentPrice = commitmentPrice
    self.isEnabled = isEnabled
  }
}
