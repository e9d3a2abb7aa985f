import Foundation
import StoreCore

// iOS 26.4 billing plans and iOS 27 bundles on a transaction: each reads its signed fields
// (`billingPlanType`, `commitmentInfo`, `bundleProductId` and the other bundle links).
extension Transaction {
  /// Where a monthly charge stands in its commitment (iOS 26.4).
  public struct CommitmentInfo: Equatable, Hashable, Sendable {
    /// When the commitment ends.
    public let expirationDate: Date
    /// Which monthly charge of the commitment this transaction is, from 1.
    public let billingPeriodNumber: UInt64
    /// How many monthly charges the commitment has.
    public let totalBillingPeriods: UInt64
    /// The price of the whole commitment.
    public let price: Decimal
  }

  /// How the subscription is billed; nil for a product without billing plans (iOS 26.4).
  public var billingPlanType: SubscriptionInfo.BillingPlanType? {
    payload.billingPlanType.map { SubscriptionInfo.BillingPlanType(rawValue: $0.rawValue) }
  }
  /// The commitment a monthly charge belongs to; nil outside a commitment (iOS 26.4).
  public var commitmentInfo: Transaction.CommitmentInfo? {
    guard let info = payload.commitmentInfo, let expires = info.commitmentExpiresDate else {
      return nil
    }
    return CommitmentInfo(
      expirationDate: Date(epochMilliseconds: expires),
      billingPeriodNumber: UInt64(max(0, info.billingPeriodNumber ?? 0)),
      totalBillingPeriods: UInt64(max(0, info.totalBillingPeriods ?? 0)),
      price: Decimal(info.commitmentPrice ?? 0) / 1000)
  }

  /// The subscription bundle this transaction came with (iOS 27).
  public var bundleProductID: String? { payload.bundleProductId }
  /// The subscription group of that bundle (iOS 27).
  public var bundleSubscriptionGroupID: String? { payload.bundleSubscriptionGroupIdentifier }
  /// The original transaction ID of that bundle (iOS 27).
  public var bundleOriginalTransactionID: String? { payload.bundleOriginalTransactionId }
  /// The transaction ID of that bundle (iOS 27).
  public var bundleTransactionID: String? { payload.bundleTransactionId }
  /// The original transaction ID before the customer moved into or out of a bundle (iOS 27).
  public var previousOriginalTransactionID: UInt64? {
    payload.previousOriginalTransactionId.flatMap { UInt64($0) }
  }
}

extension Transaction.RevocationReason {
  /// The customer switched to a subscription bundle (iOS 27); Apple documents no server value,
  /// so the raw value is the next free one (the engine's `RevocationReason.upgradedToBundle`).
  public static var upgradedToBundle: Transaction.RevocationReason {
    Transaction.RevocationReason(rawValue: StoreCore.RevocationReason.upgradedToBundle.rawValue)
  }
}

extension Transaction.OwnershipType {
  /// An organization assigned it to the customer (iOS 27), as `inAppOwnershipType` would say.
  public static var assigned: Transaction.OwnershipType {
    Transaction.OwnershipType(rawValue: "ASSIGNED")
  }
}

extension Product.ProductType {
  /// A subscription that includes subscriptions of other groups (iOS 27).
  public static let subscriptionBundle = Product.ProductType(rawValue: "Subscription Bundle")
  /// A subscription to a suite of apps (iOS 27).
  public static let subscriptionSuite = Product.ProductType(rawValue: "Subscription Suite")
}
