import Foundation

/// The offer a purchase ends up with, decided by StoreKit's eligibility rules.
public struct AppliedOffer: Sendable, Equatable {
  /// The offer from the catalog.
  public var offer: CatalogProduct.SubscriptionOffer
  /// Whether it was redeemed as an offer code (StoreKit's product offers have no code type).
  public var isOfferCode = false

  /// Picks the offer for a subscription purchase, or throws StoreKit's purchase error.
  ///
  /// Without an explicit choice the introductory offer applies when the customer is eligible, as
  /// StoreKit does. A promotional offer needs a customer who subscribed in the group before; a
  /// win-back offer needs one whose subscription has ended and the offer's `isEligible` switch.
  public static func choose(
    _ choice: PurchaseOptions.OfferChoice?, for product: CatalogProduct,
    configured: ConfiguredSubscription?, hasSubscribed: Bool, isActive: Bool
  ) throws(PurchaseRefusal) -> AppliedOffer? {
    guard let subscription = product.subscription else {
      if choice != nil { throw .invalidOfferIdentifier }
      return nil
    }
    switch choice {
    case nil:
      guard !hasSubscribed, let intro = subscription.introductoryOffer else { return nil }
      return AppliedOffer(offer: intro)
    case .introductory:
      guard let intro = subscription.introductoryOffer else { throw .invalidOfferIdentifier }
      guard !hasSubscribed else { throw .ineligibleForOffer }
      return AppliedOffer(offer: intro)
    case .promotional(let id):
      return try promotional(id, subscription, hasSubscribed: hasSubscribed)
    case .winBack(let id):
      return try winBack(
        id, subscription, configured, hasSubscribed: hasSubscribed, isActive: isActive)
    case .code(let referenceName):
      return try code(referenceName, configured, hasSubscribed: hasSubscribed, isActive: isActive)
    case .identifier(let id):
      if subscription.promotionalOffers.contains(where: { $0.id == id }) {
        return try promotional(id, subscription, hasSubscribed: hasSubscribed)
      }
      return try winBack(
        id, subscription, configured, hasSubscribed: hasSubscribed, isActive: isActive)
    }
  }

  private static func promotional(
    _ id: String, _ subscription: CatalogProduct.SubscriptionInfo, hasSubscribed: Bool
  ) throws(PurchaseRefusal) -> AppliedOffer {
    guard let offer = subscription.promotionalOffers.first(where: { $0.id == id }) else {
      throw .invalidOfferIdentifier
    }
    guard hasSubscribed else { throw .ineligibleForOffer }
    return AppliedOffer(offer: offer)
  }

  private static func winBack(
    _ id: String, _ subscription: CatalogProduct.SubscriptionInfo,
    _ configured: ConfiguredSubscription?,
    hasSubscribed: Bool, isActive: Bool
  ) throws(PurchaseRefusal) -> AppliedOffer {
    guard let offer = subscription.winBackOffers.first(where: { $0.id == id }) else {
      throw .invalidOfferIdentifier
    }
    let switchedOn = configured?.winBackOffers.first { $0.offerID == id }?.isEligible ?? true
    guard hasSubscribed, !isActive, switchedOn else { throw .ineligibleForOffer }
    return AppliedOffer(offer: offer)
  }

  /// An offer code by its reference name: eligibility is the code's own list (`new` customers of
  /// the group, `existing` subscribers, `expired` ones).
  private static func code(
    _ referenceName: String, _ configured: ConfiguredSubscription?, hasSubscribed: Bool,
    isActive: Bool
  ) throws(PurchaseRefusal) -> AppliedOffer {
    guard let code = configured?.codeOffers.first(where: { $0.referenceName == referenceName })
    else { throw .invalidOfferIdentifier }
    let audience = isActive ? "existing" : hasSubscribed ? "expired" : "new"
    guard code.eligibility.isEmpty || code.eligibility.contains(audience) else {
      throw .ineligibleForOffer
    }
    var applied = AppliedOffer(
      offer: CatalogProduct.SubscriptionOffer(
        id: referenceName, type: .promotional, paymentMode: code.paymentMode, period: code.period,
        periodCount: code.periodCount, price: code.price, displayPrice: ""))
    applied.isOfferCode = true
    return applied
  }

  /// The `offerType` of the signed transaction.
  public var offerType: OfferType {
    if isOfferCode { return .offerCode }
    switch offer.type {
    case .introductory: return .introductoryOffer
    case .promotional: return .promotionalOffer
    case .winBack: return .winBackOffer
    }
  }

  /// The `offerDiscountType` of the signed transaction.
  public var discountType: OfferDiscountType {
    switch offer.paymentMode {
    case .freeTrial: .freeTrial
    case .payAsYouGo: .payAsYouGo
    case .payUpFront: .payUpFront
    }
  }

  /// How long the first transaction under the offer lasts: the whole free trial or up-front
  /// term, or one discounted period when paying as you go (later periods come with renewals).
  public var firstTermCount: Int {
    offer.paymentMode == .payAsYouGo ? 1 : offer.periodCount
  }

  /// The offer's whole duration as ISO 8601 (`P1W`, `P3M`), as `offerPeriod` carries it.
  public var offerPeriod: String {
    "P\(offer.period.value * offer.periodCount)\(offer.period.unit.designator)"
  }

  /// The offer as a subscription carries it to its renewals, with `remaining` discounted ones.
  public func periodOffer(remaining: Int) -> SubscriptionState.PeriodOffer {
    SubscriptionState.PeriodOffer(
      type: offerType, id: offer.id, discount: discountType, period: offerPeriod,
      price: TransactionFactory.milliunits(offer.price), remaining: remaining)
  }

  /// The offer starting at the next renewal: every pay-as-you-go period, or the one free or
  /// up-front term.
  public var fromNextRenewal: SubscriptionState.PeriodOffer {
    periodOffer(remaining: offer.paymentMode == .payAsYouGo ? offer.periodCount : 1)
  }

  /// How the request stores the offer: `promotional:ID`, `winBack:ID`, `introductory`.
  public var requestTag: String {
    if isOfferCode { return "code:\(offer.id ?? "")" }
    return offer.id.map { "\(offer.type.rawValue):\($0)" } ?? offer.type.rawValue
  }
}
