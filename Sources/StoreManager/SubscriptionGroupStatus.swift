import Foundation
import StoreKit

/// The state of one subscription group for the customer, as the account screen shows it.
///
/// Read from StoreKit's `Product.SubscriptionInfo.status(for:)` (renewal state and info); when
/// that cannot be read, derived from the transactions (``SubscriptionStatusBuilder``).
public struct SubscriptionGroupStatus: Sendable, Hashable {
  /// StoreKit's `RenewalState` cases.
  public enum State: String, Sendable, Hashable {
    /// Active and entitled.
    case subscribed
    /// Ended.
    case expired
    /// Billing failed and the App Store is retrying; not entitled.
    case inBillingRetryPeriod
    /// Billing failed and the grace period keeps access; entitled.
    case inGracePeriod
    /// Refunded or revoked.
    case revoked

    /// The state for StoreKit's renewal state (nil for a value StoreKit may add later).
    init?(_ state: Product.SubscriptionInfo.RenewalState) {
      switch state {
      case .subscribed: self = .subscribed
      case .expired: self = .expired
      case .inBillingRetryPeriod: self = .inBillingRetryPeriod
      case .inGracePeriod: self = .inGracePeriod
      case .revoked: self = .revoked
      default: return nil
      }
    }
  }

  /// The subscription group.
  public var groupID: String
  /// The product of the latest transaction in the group.
  public var productID: String
  /// The group's state.
  public var state: State
  /// The latest transaction in the group.
  public var transactionID: UInt64
  /// When the current period ends.
  public var expirationDate: Date?
  /// Whether it renews at the end of the period; `nil` until renewal info is available.
  public var willAutoRenew: Bool?
  /// Whether the status's transaction is a Family Sharing copy (`ownershipType ==
  /// .familyShared`): a family member's subscription, not the customer's own.
  public var isFamilyShared = false

  /// Whether the state grants access (`subscribed` or `inGracePeriod`, as StoreKit defines).
  public var isEntitled: Bool { state == .subscribed || state == .inGracePeriod }
}

/// Derives each group's status from the transactions the app can see: the fallback when
/// StoreKit's status cannot be read.
public enum SubscriptionStatusBuilder {
  /// The status of every group `history` mentions: `subscribed` when its latest transaction is
  /// among `entitlements`, else `revoked` or `expired`.
  public static func statuses(
    entitlements: [Transaction], history: [Transaction]
  ) -> [String: SubscriptionGroupStatus] {
    let entitledIDs = Set(entitlements.map(\.id))
    var latest: [String: Transaction] = [:]
    for transaction in history + entitlements {
      guard let group = transaction.subscriptionGroupID else { continue }
      if let current = latest[group],
        current.purchaseDate > transaction.purchaseDate
          || (current.purchaseDate == transaction.purchaseDate && current.id >= transaction.id)
      {
        continue
      }
      latest[group] = transaction
    }
    return latest.mapValues { transaction in
      let state: SubscriptionGroupStatus.State =
        entitledIDs.contains(transaction.id)
        ? .subscribed : transaction.revocationDate != nil ? .revoked : .expired
      return SubscriptionGroupStatus(
        groupID: transaction.subscriptionGroupID ?? "", productID: transaction.productID,
        state: state, transactionID: transaction.id, expirationDate: transaction.expirationDate,
        willAutoRenew: nil, isFamilyShared: transaction.ownershipType == .familyShared)
    }
  }
}
