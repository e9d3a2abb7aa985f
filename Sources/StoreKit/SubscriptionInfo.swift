import Foundation
import StoreCore

extension Product {
  /// An auto-renewable subscription's group, period and offers.
  public struct SubscriptionInfo: Equatable, Hashable, Sendable {
    /// The subscription group.
    public let subscriptionGroupID: String
    /// How long one period of service lasts.
    public let subscriptionPeriod: Product.SubscriptionPeriod
    /// The introductory offer, whether or not the customer is eligible for it.
    public let introductoryOffer: Product.SubscriptionOffer?
    /// The promotional offers.
    public let promotionalOffers: [Product.SubscriptionOffer]
    /// The win-back offers.
    public let winBackOffers: [Product.SubscriptionOffer]
    /// The level in the group: 1 is the highest service.
    public let groupLevel: Int
    /// The group's localized name.
    public let groupDisplayName: String
    /// The ways the subscription can be paid for (iOS 26.4): the price of each period, billed up
    /// front, then, when the product offers it, 12 monthly charges over a 1-year commitment.
    public private(set) var pricingTerms: [Product.SubscriptionInfo.PricingTerms]
    /// The subscriptions a bundle includes (iOS 27); empty unless the product is a
    /// `.subscriptionBundle` (a format 6.3 `subscriptionBundleGroups` entry).
    public let bundledSubscriptions: [Product.SubscriptionInfo.BundledSubscription]

    init(
      _ info: CatalogProduct.SubscriptionInfo, price: Decimal, displayPrice: String,
      bundled: [CatalogProduct] = []
    ) {
      bundledSubscriptions = bundled.compactMap(BundledSubscription.init)
      subscriptionGroupID = info.subscriptionGroupID
      subscriptionPeriod = SubscriptionPeriod(info.subscriptionPeriod)
      introductoryOffer = info.introductoryOffer.map(SubscriptionOffer.init)
      promotionalOffers = info.promotionalOffers.map(SubscriptionOffer.init)
      winBackOffers = info.winBackOffers.map(SubscriptionOffer.init)
      groupLevel = info.groupLevel
      groupDisplayName = info.groupDisplayName
      pricingTerms = [
        PricingTerms(
          upFront: SubscriptionPeriod(info.subscriptionPeriod), price: price,
          displayPrice: displayPrice,
          offers: (introductoryOffer.map { [$0] } ?? []) + promotionalOffers + winBackOffers,
          seatTiers: info.seatPriceTiers)
      ]
      if let plan = info.commitmentPlan { pricingTerms.append(PricingTerms(monthly: plan)) }
    }

    /// Whether the customer may get the group's introductory offer, asked of the App Store now.
    public var isEligibleForIntroOffer: Bool {
      get async { await Self.isEligibleForIntroOffer(for: subscriptionGroupID) }
    }

    /// Whether the customer may get an introductory offer in `groupID`: true until they have
    /// subscribed to any product of the group.
    public static func isEligibleForIntroOffer(for groupID: String) async -> Bool {
      guard let configuration = try? StoreKitRuntime.configuration(),
        let groups = try? configuration.engine.subscribedGroups(
          customerID: configuration.customerID)
      else { return false }
      return !groups.contains(groupID)
    }

    /// The statuses of the customer's subscriptions in this group.
    public var status: [Product.SubscriptionInfo.Status] {
      get async throws { try await Self.status(for: subscriptionGroupID) }
    }

    /// The statuses of the customer's subscriptions in `groupID` (one, or several with Family
    /// Sharing).
    ///
    /// - Throws: `StoreKitError` (a simulated Subscription Status failure).
    public static func status(for groupID: String) async throws -> [Product.SubscriptionInfo.Status]
    {
      await StoreKitRuntime.roundTrip()
      let configuration = try StoreKitRuntime.configuration()
      let statuses = try StoreKitRuntime.call(.subscriptionStatus) {
        if let failure = configuration.engine.session.failures[.subscriptionStatus] {
          throw failure.error
        }
        return try configuration.engine.subscriptionStatuses(
          customerID: configuration.customerID, groupID: groupID)
      }
      return statuses.map { StoreKitRuntime.status($0, with: configuration) }
    }

    /// The status of the subscription a transaction belongs to, or nil when it is not a
    /// subscription of the customer.
    public static func status(transactionID: UInt64) async throws -> Product.SubscriptionInfo
      .Status?
    {
      let configuration = try StoreKitRuntime.configuration()
      guard let record = try? configuration.engine.record(transactionID),
        let groupID = record.signed?.payload.subscriptionGroupIdentifier
      else { return nil }
      let originalID = record.signed.flatMap { UInt64($0.payload.originalTransactionId) }
      return try await status(for: groupID).first {
        $0.transaction.unsafePayloadValue.originalID == originalID
      }
    }
  }
}
