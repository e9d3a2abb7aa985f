import Foundation
import StoreCore

// iOS 26.4 billing plans and iOS 27 bundles in renewal info, each read from its signed field.
extension Product.SubscriptionInfo.RenewalInfo {
  /// What happens when a commitment ends (iOS 26.4).
  public struct CommitmentInfo: Equatable, Hashable, Sendable {
    /// The product the subscription renews to after the commitment.
    public let autoRenewPreference: String
    /// How it is billed after the commitment.
    public let renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType
    /// When the commitment renews.
    public let renewalDate: Date
    /// The price of the next commitment.
    public let renewalPrice: Decimal
    /// Whether the commitment renews.
    public let willAutoRenew: Bool
  }

  /// How the subscription is billed from the next renewal; nil without a billing plan.
  public var renewalBillingPlanType: SubscriptionInfo.BillingPlanType? {
    payload.renewalBillingPlanType.map { SubscriptionInfo.BillingPlanType(rawValue: $0.rawValue) }
  }
  /// The renewal of the current commitment; nil outside a commitment.
  public var commitmentInfo: Product.SubscriptionInfo.RenewalInfo.CommitmentInfo? {
    guard let info = payload.commitmentInfo, let date = info.commitmentRenewalDate else {
      return nil
    }
    return CommitmentInfo(
      autoRenewPreference: info.commitmentAutoRenewProductId ?? payload.autoRenewProductId,
      renewalBillingPlanType: SubscriptionInfo.BillingPlanType(
        rawValue: (info.commitmentRenewalBillingPlanType ?? .monthly).rawValue),
      renewalDate: Date(epochMilliseconds: date),
      renewalPrice: Decimal(info.commitmentRenewalPrice ?? 0) / 1000,
      willAutoRenew: info.commitmentAutoRenewStatus == .on)
  }

  /// Whether the subscription leaves its bundle at the next renewal (iOS 27).
  public var willUnbundle: Bool { payload.willUnbundle ?? false }
  /// The subscription bundle this subscription belongs to (iOS 27).
  public var bundleProductID: String? { payload.bundleProductId }
  /// The subscription group of that bundle (iOS 27).
  public var bundleSubscriptionGroupID: String? { payload.bundleSubscriptionGroupIdentifier }
}

extension Product.SubscriptionInfo.RenewalInfo.ExpirationReason {
  /// The subscription ended because it left its bundle (iOS 27); Apple documents no server
  /// value, so the raw value is the next free one (the engine's `ExpirationIntent.unbundled`).
  public static var unbundled: Product.SubscriptionInfo.RenewalInfo.ExpirationReason {
    Product.SubscriptionInfo.RenewalInfo.ExpirationReason(
      rawValue: StoreCore.ExpirationIntent.unbundled.rawValue)
  }
}
