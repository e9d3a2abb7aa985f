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

    /// Creates subscription info.
    public init(
      subscriptionGroupID: String, groupDisplayName: String, groupLevel: Int,
      subscriptionPeriod: SubscriptionPeriod, introductoryOffer: SubscriptionOffer?,
      promotionalOffers: [SubscriptionOffer], winBackOffers: [SubscriptionOffer],
      isEligibleForIntroOffer: Bool
    ) {
      self.subscriptionGroupID = subscriptionGroupID
      self.groupDisplayName = groupDisplayName
      self.groupLevel = groupLevel
      self.subscriptionPeriod = subscriptionPeriod
      self.introductoryOffer = introductoryOffer
      self.promotionalOffers = promotionalOffers
      self.winBackOffers = winBackOffers
      self.isEligibleForIntroOffer = isEligibleForIntroOffer
    }
  }
}
