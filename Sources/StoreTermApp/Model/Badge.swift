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
  /// A purchase was interrupted and waits to be resolved (not a parent's answer).
  case interrupted
  /// The customer chose this plan; it starts at the current plan's next renewal, on this date.
  case scheduled(Date)
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
  /// A promotional or win-back offer the customer can buy this subscription with now.
  case offerAvailable

  /// The badge's words in English, such as `Expires on 2026-12-07`.
  public var text: String { text(UIText.baseLanguage) }

  /// The badge's words in `locale`'s language.
  public func text(_ locale: String) -> String {
    switch self {
    case .active: UIText.text("Active", locale)
    case .owned: UIText.text("Owned", locale)
    case .pendingApproval: UIText.text("Pending approval", locale)
    case .interrupted: UIText.text("Interrupted", locale)
    case .scheduled(let date): UIText.text("Starts on %@", locale, DateText.day(date))
    case .gracePeriod: UIText.text("Grace period", locale)
    case .billingProblem: UIText.text("Billing problem", locale)
    case .expiresOn(let date): UIText.text("Expires on %@", locale, DateText.day(date))
    case .upgrade: UIText.text("Upgrade", locale)
    case .downgrade: UIText.text("Downgrade", locale)
    case .familySharing: UIText.text("Family Sharing", locale)
    case .offerAvailable: UIText.text("Offer available", locale)
    }
  }

  /// Whether the badge needs the customer's attention.
  public var isWarning: Bool {
    switch self {
    case .pendingApproval, .interrupted, .gracePeriod, .billingProblem, .expiresOn: true
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
      } else if let status, let start = scheduledStart(of: product.id, status: status, in: snapshot)
      {
        badges.append(.scheduled(start))
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
    if snapshot.sharer(of: product.id) != nil {
      // Apple's own account pages mark shared purchases "Family Sharing" rather than as bought.
      if let index = badges.firstIndex(where: { $0 == .active || $0 == .owned }) {
        badges[index] = .familySharing
      } else {
        // Shared access in the grace period is still access, had through the family.
        badges.append(.familySharing)
      }
    }
    if snapshot.availableOffers[product.id]?.isEmpty == false { badges.append(.offerAvailable) }
    // What the ledger says is open, never what this process remembers of its own purchases.
    switch openRequest(for: product.id, in: snapshot)?.state {
    case .pendingApproval: badges.insert(.pendingApproval, at: 0)
    case .interrupted: badges.insert(.interrupted, at: 0)
    default: break
    }
    return badges
  }

  /// The signed-in customer's newest purchase request for `productID` that waits for a parent
  /// (Ask to Buy) or for a resolution (interrupted), if any.
  public static func openRequest(for productID: String, in snapshot: StoreSnapshot)
    -> TransactionRecord?
  {
    snapshot.records.first {
      $0.customerID == snapshot.customerID && $0.productID == productID
        && ($0.state == .pendingApproval || $0.state == .interrupted)
    }
  }

  /// When `productID` starts, if the customer chose it to follow the plan in force at its next
  /// renewal (a downgrade or crossgrade: the renewal info's auto-renew preference).
  public static func scheduledStart(
    of productID: String, status: SubscriptionGroupStatus, in snapshot: StoreSnapshot
  ) -> Date? {
    guard status.productID != productID, status.state == .subscribed,
      status.willAutoRenew != false,
      snapshot.renewals[status.groupID]?.renewsInto == productID
    else { return nil }
    return status.expirationDate
  }

  /// The intro offer wording for `product`, only when the customer is eligible for it.
  public static func introOffer(for product: Product, in snapshot: StoreSnapshot) -> String? {
    guard let subscription = product.subscription, let offer = subscription.introductoryOffer,
      snapshot.introEligibleGroups.contains(subscription.subscriptionGroupID)
    else { return nil }
    return LocalizedTerms.offer(offer, then: product, snapshot.locale)
  }
}
