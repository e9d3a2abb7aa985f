import Foundation

/// One entry of a customer's timeline, named the way App Store Server Notifications V2 name it.
public struct TimelineEntry: Sendable, Equatable {
  /// When it happened.
  public var date: Date
  /// The notification type, such as `DID_RENEW`; nil for events Apple sends no notification for
  /// (an Ask to Buy request, the app finishing a transaction).
  public var notificationType: NotificationTypeV2?
  /// The subtype, such as `GRACE_PERIOD`.
  public var subtype: NotificationSubtype?
  /// A storeterm name for events without a notification: `ASK_TO_BUY`, `FINISHED`.
  public var localName: String?
  /// A plain-English label: `Renewed Plus Monthly`.
  public var label: String
  /// The transaction concerned, if any.
  public var transactionID: String?
  /// Whether the entry came from imported App Store data rather than the simulation.
  public var isImported: Bool

  /// Creates an entry.
  public init(
    date: Date, notificationType: NotificationTypeV2?, subtype: NotificationSubtype? = nil,
    localName: String? = nil, label: String, transactionID: String? = nil,
    isImported: Bool = false
  ) {
    self.date = date
    self.notificationType = notificationType
    self.subtype = subtype
    self.localName = localName
    self.label = label
    self.transactionID = transactionID
    self.isImported = isImported
  }

  /// `DID_FAIL_TO_RENEW/GRACE_PERIOD`, `SUBSCRIBED/INITIAL_BUY`, or the local name.
  public var name: String {
    guard let type = notificationType else { return localName ?? "" }
    return subtype.map { "\(type.rawValue)/\($0.rawValue)" } ?? type.rawValue
  }
}

/// Builds a customer's timeline from the ledger's events and imported notifications.
public enum CustomerTimeline {
  /// Every event of `history`, oldest first (ties keep their recorded order).
  public static func entries(_ history: CustomerHistory, names: ProductNames = ProductNames())
    -> [TimelineEntry]
  {
    let types = Dictionary(
      history.transactions.map { ($0.transactionId, $0) }, uniquingKeysWith: { a, _ in a })
    let entries = history.events.enumerated().compactMap { index, event in
      entry(for: event, names: names, transactions: types, history: history).map { (index, $0) }
    }
    return entries.sorted { a, b in
      a.1.date != b.1.date ? a.1.date < b.1.date : a.0 < b.0
    }.map(\.1)
  }

  static func entry(
    for event: HistoryEvent, names: ProductNames,
    transactions: [String: JWSTransactionDecodedPayload], history: CustomerHistory
  ) -> TimelineEntry? {
    switch event {
    case .ledger(let event):
      return ledgerEntry(event, names: names, transactions: transactions, history: history)
    case .notification(let notification):
      let product = notification.productID.map(names.product) ?? "a product"
      return TimelineEntry(
        date: notification.date, notificationType: notification.type,
        subtype: notification.subtype,
        label: NotificationLabel.label(notification.type, notification.subtype, product: product),
        transactionID: notification.transactionID, isImported: true)
    }
  }

  private static func ledgerEntry(
    _ event: StoreEvent, names: ProductNames,
    transactions: [String: JWSTransactionDecodedPayload], history: CustomerHistory
  ) -> TimelineEntry? {
    let product = event.productID.map(names.product) ?? "a product"
    let id = event.transactionID.map(String.init)
    let payload = id.flatMap { transactions[$0] }
    func apple(_ type: NotificationTypeV2, _ subtype: NotificationSubtype? = nil) -> TimelineEntry {
      TimelineEntry(
        date: event.date, notificationType: type, subtype: subtype,
        label: NotificationLabel.label(type, subtype, product: product), transactionID: id)
    }
    func local(_ name: String, _ label: String) -> TimelineEntry {
      TimelineEntry(
        date: event.date, notificationType: nil, localName: name, label: label, transactionID: id)
    }
    switch event.kind {
    case .customerCreated: return nil
    case .purchased, .approved, .resolved:
      guard let payload else { return local("PURCHASED", "Bought \(product)") }
      if payload.type == .autoRenewableSubscription {
        let subtype: NotificationSubtype =
          payload.originalTransactionId == payload.transactionId ? .initialBuy : .resubscribe
        return apple(.subscribed, subtype)
      }
      return apple(.oneTimeCharge)
    case .askToBuyRequested: return local("ASK_TO_BUY", "Asked a parent to approve \(product)")
    case .interrupted: return local("INTERRUPTED", "Purchase of \(product) was interrupted")
    case .declined: return local("ASK_TO_BUY_DECLINED", "A parent declined \(product)")
    case .cancelled: return local("CANCELLED", "Closed the payment sheet for \(product)")
    case .failed:
      return local("PURCHASE_FAILED", "Purchase of \(product) failed: \(event.detail)")
    case .refunded: return apple(.refund)
    // storeterm's revoke is a refund for a developer issue; Apple's REVOKE is Family Sharing's.
    case .revoked: return apple(.refund)
    case .refundRequested: return local("REFUND_REQUESTED", "Asked for a refund of \(product)")
    case .offerCodeRedeemed: return apple(.offerRedeemed)
    case .finished: return local("FINISHED", "The app finished transaction \(id ?? "")")
    case .deleted: return local("DELETED", "Transaction \(id ?? "") was deleted in testing")
    case .cleared: return local("CLEARED", "Every transaction was cleared in testing")
    case .renewed: return apple(.didRenew)
    case .billingFailed:
      return event.detail == "grace period"
        ? apple(.didFailToRenew, .gracePeriod) : apple(.didFailToRenew)
    case .gracePeriodEnded: return apple(.gracePeriodExpired)
    case .billingRecovered: return apple(.didRenew, .billingRecovery)
    case .expired:
      switch event.detail {
      case ExpirationIntent.billingError.name: return apple(.expired, .billingRetry)
      case ExpirationIntent.customerDidNotConsentToPriceIncrease.name:
        return apple(.expired, .priceIncrease)
      case ExpirationIntent.productNotAvailable.name: return apple(.expired, .productNotForSale)
      default: return apple(.expired, .voluntary)
      }
    case .autoRenewDisabled: return apple(.didChangeRenewalStatus, .autoRenewDisabled)
    case .autoRenewEnabled: return apple(.didChangeRenewalStatus, .autoRenewEnabled)
    case .upgraded: return apple(.didChangeRenewalPref, .upgrade)
    case .downgraded: return apple(.didChangeRenewalPref, .downgrade)
    case .crossgraded: return apple(.didChangeRenewalPref)
    case .priceIncreaseRequested: return apple(.priceIncrease, .pending)
    case .priceIncreaseConsented: return apple(.priceIncrease, .accepted)
    case .priceIncreaseDeclined:
      // Apple reports a declined increase as auto-renew turning off; the label says why.
      var entry = apple(.didChangeRenewalStatus, .autoRenewDisabled)
      entry.label = "Declined the price increase for \(product); auto-renew is off"
      return entry
    case .familyJoined: return local("FAMILY_JOINED", "Joined family group \(event.detail)")
    case .familyLeft: return local("FAMILY_LEFT", "Left family group \(event.detail)")
    case .familyShared:
      // A member hears of a shared purchase as the purchaser does, with FAMILY_SHARED data.
      let shared = id.map { history.sharedPhrase(transactionID: $0) } ?? "shared by a family member"
      guard let payload else { return local("FAMILY_SHARED", "\(product) \(shared)") }
      var entry: TimelineEntry
      if payload.type != .autoRenewableSubscription {
        entry = apple(.oneTimeCharge)
      } else if payload.transactionReason == .renewal {
        entry = apple(.didRenew)
      } else {
        entry = apple(
          .subscribed,
          payload.originalTransactionId == payload.transactionId ? .initialBuy : .resubscribe)
      }
      entry.label =
        payload.transactionReason == .renewal
        ? "Renewed \(product), \(shared)" : "\(product) \(shared)"
      return entry
    case .familyRevoked: return apple(.revoke)
    }
  }
}
