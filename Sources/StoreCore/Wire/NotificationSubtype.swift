/// The detail of a notification's event: Apple's `subtype` field.
///
/// Raw values are Apple's JSON values exactly; see
/// [subtype](https://developer.apple.com/documentation/appstoreserverapi/subtype).
public enum NotificationSubtype: String, Sendable, Equatable, Hashable, CaseIterable {
  /// A first purchase in the group.
  case initialBuy = "INITIAL_BUY"
  /// A return to the group.
  case resubscribe = "RESUBSCRIBE"
  /// A downgrade.
  case downgrade = "DOWNGRADE"
  /// An upgrade.
  case upgrade = "UPGRADE"
  /// Renewal turned on.
  case autoRenewEnabled = "AUTO_RENEW_ENABLED"
  /// Renewal turned off.
  case autoRenewDisabled = "AUTO_RENEW_DISABLED"
  /// Expired after the customer turned renewal off.
  case voluntary = "VOLUNTARY"
  /// Expired after billing retry ended.
  case billingRetry = "BILLING_RETRY"
  /// Expired over a price increase.
  case priceIncrease = "PRICE_INCREASE"
  /// A renewal failed, grace period started.
  case gracePeriod = "GRACE_PERIOD"
  /// A price increase awaits consent.
  case pending = "PENDING"
  /// A price increase was accepted.
  case accepted = "ACCEPTED"
  /// A renewal succeeded after failing.
  case billingRecovery = "BILLING_RECOVERY"
  /// Expired because the product is not for sale.
  case productNotForSale = "PRODUCT_NOT_FOR_SALE"
  /// A mass extension finished.
  case summary = "SUMMARY"
  /// A renewal extension failed.
  case failure = "FAILURE"
  /// An external purchase token was not reported.
  case unreported = "UNREPORTED"
}
