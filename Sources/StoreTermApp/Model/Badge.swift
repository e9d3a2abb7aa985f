import Foundation
import StoreCore
import StoreKit
import StoreManager

/// A status badge beside a product: what the customer has, or what buying it would do.
public enum Badge: Hashable, Sendable {
  /// The subscription in force, or a non-renewing one.
  case active
  /// A non-consumable the customer owns.
  case owned
  /// An Ask to Buy request waits for a parent.
  case pendingApproval
  /// Billing failed; access continues through the grace period.
  case gracePeriod
  /// Billing failed and the App Store is retrying; no access.
  case billingProblem
  /// Auto-renew is off: access ends on this date.
  case expiresOn(Date)
  /// A higher level than the active plan of its group.
  case upgrade
  /// A lower level than the active plan of its group.
  case downgrade
  /// The customer has it only because a family member bought it and shares it
  /// (`ownershipType == .familyShared`); shown instead of Active or Owned.
  case familySharing

  /// The badge's words, such as `Expires on 2026-12-07`.
  public var text: String {
    switch self {
    case .active: "Active"
    case .owned: "Owned"
    case .pendingApproval: "Pending approval"
    case .gracePeriod: "Grace period"
    case .billingProblem: "Billing problem"
    case .expiresOn(let date): "Expires on \(DateText.day(date))"
    case .upgrade: "Upgrade"
    case .downgrade: "Downgrade"
    case .familySharing: "Family Sharing"
    }
  }

  /// Whether the badge needs the customer's attention.
  public var isWarning: Bool {
    switch self {
    case .pendingApproval, .gracePeriod, .billingProblem, .expiresOn: true
    default: false
    }
  }

  /// The badges of `product` in `snapshot`, most important first.
  public static func badges(for product: Product, in snapshot: StoreSnapshot) -> [Badge] {
    var badges: [Badge] = []
    let entitled = snapshot.entitledProductIDs.contains(product.id)
    if let subscription = product.subscription {
      let status = snapshot.statuses[subscription.subscriptionGroupID]
      if let status, status.productID == product.id {
        switch status.state {
        case .subscribed: badges.append(.active)
        case .inGracePeriod: badges.append(.gracePeriod)
        case .inBillingRetryPeriod: badges.append(.billingProblem)
        case .expired, .revoked: break
        }
        if status.isEntitled, status.willAutoRenew == false, let end = status.expirationDate {
          badges.append(.expiresOn(end))
        }
      } else if entitled {
        badges.append(.active)
      } else if let status, status.isEntitled,
        let current = snapshot.product(status.productID)?.subscription
      {
        // StoreKit numbers levels from 1, the highest tier; a smaller number is an upgrade.
        if subscription.groupLevel < current.groupLevel { badges.append(.upgrade) }
        if subscription.groupLevel > current.groupLevel { badges.append(.downgrade) }
      }
    } else if entitled {
      badges.append(product.type == .nonConsumable ? .owned : .active)
    }
    if snapshot.family.isShared(product.id) {
      // Apple's own account pages mark shared purchases "Family Sharing" rather than as bought.
      if let index = badges.firstIndex(where: { $0 == .active || $0 == .owned }) {
        badges[index] = .familySharing
      } else if entitled {
        badges.append(.familySharing)
      }
    }
    if snapshot.purchaseState(of: product.id) == .pending, !entitled {
      badges.insert(.pendingApproval, at: 0)
    }
    return badges
  }

  /// The intro offer wording for `product`, only when the customer is eligible for it.
  public static func introOffer(for product: Product, in snapshot: StoreSnapshot) -> String? {
    guard let subscription = product.subscription, let offer = subscription.introductoryOffer,
      snapshot.introEligibleGroups.contains(subscription.subscriptionGroupID)
    else { return nil }
    return ProductTerms.offer(offer, then: product)
  }
}
