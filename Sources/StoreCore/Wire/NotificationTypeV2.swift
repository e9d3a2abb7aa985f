/// The event an App Store Server Notification V2 reports.
///
/// Raw values are Apple's JSON values exactly; see
/// [notificationtype](https://developer.apple.com/documentation/appstoreserverapi/notificationtype).
public enum NotificationTypeV2: String, Sendable, Equatable, Hashable, CaseIterable {
  /// The customer subscribed.
  case subscribed = "SUBSCRIBED"
  /// The customer changed the renewal product.
  case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
  /// The customer turned automatic renewal on or off.
  case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
  /// The customer redeemed an offer.
  case offerRedeemed = "OFFER_REDEEMED"
  /// The subscription renewed.
  case didRenew = "DID_RENEW"
  /// The subscription expired.
  case expired = "EXPIRED"
  /// A renewal failed on billing.
  case didFailToRenew = "DID_FAIL_TO_RENEW"
  /// The billing grace period ended.
  case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
  /// A price increase was announced.
  case priceIncrease = "PRICE_INCREASE"
  /// The App Store refunded a transaction.
  case refund = "REFUND"
  /// The App Store declined a refund.
  case refundDeclined = "REFUND_DECLINED"
  /// The App Store asks for consumption data.
  case consumptionRequest = "CONSUMPTION_REQUEST"
  /// The renewal date was extended.
  case renewalExtended = "RENEWAL_EXTENDED"
  /// Family Sharing access was revoked.
  case revoke = "REVOKE"
  /// A test notification.
  case test = "TEST"
  /// A mass renewal extension progressed.
  case renewalExtension = "RENEWAL_EXTENSION"
  /// A refund was reversed.
  case refundReversed = "REFUND_REVERSED"
  /// An external purchase token event.
  case externalPurchaseToken = "EXTERNAL_PURCHASE_TOKEN"
  /// A one-time purchase was made.
  case oneTimeCharge = "ONE_TIME_CHARGE"
  /// A parent withdrew consent.
  case rescindConsent = "RESCIND_CONSENT"
  /// Subscription metadata changed.
  case metadataUpdate = "METADATA_UPDATE"
  /// A subscription migrated.
  case migration = "MIGRATION"
  /// A price changed.
  case priceChange = "PRICE_CHANGE"
}
