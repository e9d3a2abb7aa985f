/// The App Store Server Notification V2 a ledger event produces: its type and subtype.
///
/// The one place that names events as Apple does; the support timeline and the notification
/// outbox both read it.
public struct NotificationKind: Sendable, Equatable {
  /// The notification type, such as `DID_RENEW`.
  public var type: NotificationTypeV2
  /// The subtype, such as `GRACE_PERIOD`.
  public var subtype: NotificationSubtype?

  /// Creates a kind.
  public init(_ type: NotificationTypeV2, _ subtype: NotificationSubtype? = nil) {
    self.type = type
    self.subtype = subtype
  }

  /// `DID_FAIL_TO_RENEW/GRACE_PERIOD` or `DID_RENEW`.
  public var name: String { subtype.map { "\(type.rawValue)/\($0.rawValue)" } ?? type.rawValue }

  /// Whether an event of `kind` is about a subscription as a whole (its renewal, status or
  /// renewal preferences): Apple's notification then carries the subscription's latest
  /// transaction, while the event may name any transaction of the chain (often the original).
  public static func carriesLatestTransaction(_ kind: StoreEvent.Kind) -> Bool {
    switch kind {
    case .billingFailed, .gracePeriodEnded, .expired, .autoRenewDisabled, .autoRenewEnabled,
      .downgraded, .crossgraded, .priceIncreaseRequested, .priceIncreaseConsented,
      .priceIncreaseDeclined, .renewalExtended, .renewalExtensionFailed, .billingPlanChanged:
      return true
    default: return false
    }
  }

  /// The notification `event` produces, given its transaction's payload; nil for events Apple
  /// sends no notification for (an Ask to Buy request, the app finishing a transaction).
  public static func of(_ event: StoreEvent, transaction: JWSTransactionDecodedPayload?)
    -> NotificationKind?
  {
    func purchase(_ payload: JWSTransactionDecodedPayload) -> NotificationKind {
      guard payload.type == .autoRenewableSubscription else {
        return NotificationKind(.oneTimeCharge)
      }
      if payload.transactionReason == .renewal,
        event.kind == .familyShared || event.kind == .assignedShared
      {
        return NotificationKind(.didRenew)
      }
      return NotificationKind(
        .subscribed,
        payload.originalTransactionId == payload.transactionId ? .initialBuy : .resubscribe)
    }
    switch event.kind {
    case .purchased, .approved, .resolved, .familyShared, .assignedShared:
      return transaction.map(purchase)
    // storeterm's revoke is a refund for a developer issue; Apple's REVOKE is Family Sharing's.
    case .refunded, .revoked: return NotificationKind(.refund)
    case .refundRequested:
      // Apple asks for consumption data only for consumables and auto-renewable subscriptions.
      guard let type = transaction?.type,
        type == .consumable || type == .autoRenewableSubscription
      else { return nil }
      return NotificationKind(.consumptionRequest)
    case .refundDeclined: return NotificationKind(.refundDeclined)
    case .refundReversed: return NotificationKind(.refundReversed)
    case .offerCodeRedeemed: return NotificationKind(.offerRedeemed)
    case .renewed: return NotificationKind(.didRenew)
    case .billingFailed:
      return NotificationKind(.didFailToRenew, event.detail == "grace period" ? .gracePeriod : nil)
    case .gracePeriodEnded: return NotificationKind(.gracePeriodExpired)
    case .billingRecovered: return NotificationKind(.didRenew, .billingRecovery)
    case .expired:
      switch event.detail {
      case ExpirationIntent.billingError.name: return NotificationKind(.expired, .billingRetry)
      case ExpirationIntent.customerDidNotConsentToPriceIncrease.name:
        return NotificationKind(.expired, .priceIncrease)
      case ExpirationIntent.productNotAvailable.name:
        return NotificationKind(.expired, .productNotForSale)
      default: return NotificationKind(.expired, .voluntary)
      }
    // Apple reports a declined price increase as auto-renew turning off.
    case .autoRenewDisabled, .priceIncreaseDeclined:
      return NotificationKind(.didChangeRenewalStatus, .autoRenewDisabled)
    case .autoRenewEnabled: return NotificationKind(.didChangeRenewalStatus, .autoRenewEnabled)
    case .upgraded: return NotificationKind(.didChangeRenewalPref, .upgrade)
    case .downgraded: return NotificationKind(.didChangeRenewalPref, .downgrade)
    // A change of billing plan changes what the subscription renews into, as a crossgrade does.
    case .crossgraded, .billingPlanChanged: return NotificationKind(.didChangeRenewalPref)
    case .priceIncreaseRequested: return NotificationKind(.priceIncrease, .pending)
    case .priceIncreaseConsented: return NotificationKind(.priceIncrease, .accepted)
    // An assigned seat taken back is revoked as a Family Sharing copy is (Apple documents no
    // other notification for it).
    case .familyRevoked, .assignmentRevoked: return NotificationKind(.revoke)
    case .renewalExtended: return NotificationKind(.renewalExtended)
    case .renewalExtensionFailed: return NotificationKind(.renewalExtension, .failure)
    case .customerCreated, .askToBuyRequested, .interrupted, .declined, .cancelled, .failed,
      .finished, .deleted, .cleared, .familyJoined, .familyLeft, .purchaseIntentSent,
      .seatAssigned, .seatRemoved:
      return nil
    }
  }
}
