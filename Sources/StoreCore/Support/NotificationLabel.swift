/// Plain-English labels for App Store Server Notifications V2 types and subtypes.
public enum NotificationLabel {
  /// The label for a notification about `product`: `Renewed Plus Monthly`.
  public static func label(
    _ type: NotificationTypeV2, _ subtype: NotificationSubtype?, product: String
  ) -> String {
    phrase(type, subtype, product: .data(product)).description
  }

  /// The label as facts, for the command line and the screens to word: `Renewed %@`.
  public static func phrase(
    _ type: NotificationTypeV2, _ subtype: NotificationSubtype?,
    product: SupportPhrase.Argument
  ) -> SupportPhrase {
    switch (type, subtype) {
    case (.subscribed, .resubscribe?): SupportPhrase("Subscribed again to %@", product)
    case (.subscribed, _): SupportPhrase("Subscribed to %@", product)
    case (.didRenew, .billingRecovery?): SupportPhrase("Payment recovered, %@ renewed", product)
    case (.didRenew, _): SupportPhrase("Renewed %@", product)
    case (.didFailToRenew, .gracePeriod?):
      SupportPhrase("Renewal of %@ failed, grace period began", product)
    case (.didFailToRenew, _): SupportPhrase("Renewal of %@ failed, billing retry began", product)
    case (.gracePeriodExpired, _): SupportPhrase("Grace period for %@ ended", product)
    case (.expired, .voluntary?): SupportPhrase("%@ expired after the customer cancelled", product)
    case (.expired, .billingRetry?): SupportPhrase("%@ expired: billing retry ran out", product)
    case (.expired, .priceIncrease?):
      SupportPhrase("%@ expired: price increase not accepted", product)
    case (.expired, .productNotForSale?): SupportPhrase("%@ expired: no longer for sale", product)
    case (.expired, _): SupportPhrase("%@ expired", product)
    case (.refund, _): SupportPhrase("Refunded %@", product)
    case (.refundDeclined, _): SupportPhrase("Refund of %@ declined", product)
    case (.refundReversed, _): SupportPhrase("Refund of %@ reversed", product)
    // Apple sends REVOKE when Family Sharing ends; storeterm sends it for a seat taken back too.
    case (.revoke, _): SupportPhrase("Shared access to %@ revoked", product)
    case (.didChangeRenewalStatus, .autoRenewDisabled?):
      SupportPhrase("Turned off auto-renew for %@", product)
    case (.didChangeRenewalStatus, .autoRenewEnabled?):
      SupportPhrase("Turned on auto-renew for %@", product)
    case (.didChangeRenewalStatus, _): SupportPhrase("Changed auto-renew for %@", product)
    case (.didChangeRenewalPref, .upgrade?): SupportPhrase("Upgraded to %@", product)
    case (.didChangeRenewalPref, .downgrade?):
      SupportPhrase("Chose %@ from the next renewal", product)
    case (.didChangeRenewalPref, _): SupportPhrase("Changed plan to %@", product)
    case (.priceIncrease, .pending?): SupportPhrase("Price increase for %@ awaits consent", product)
    case (.priceIncrease, .accepted?): SupportPhrase("Accepted the price increase for %@", product)
    case (.priceIncrease, _): SupportPhrase("Price increase for %@", product)
    case (.oneTimeCharge, _): SupportPhrase("Bought %@", product)
    case (.offerRedeemed, _): SupportPhrase("Redeemed an offer for %@", product)
    case (.consumptionRequest, _): SupportPhrase("Apple asked for consumption data on %@", product)
    case (.renewalExtension, .failure?):
      SupportPhrase("Renewal date of %@ could not be extended", product)
    case (.renewalExtended, _), (.renewalExtension, _):
      SupportPhrase("Renewal date of %@ extended", product)
    case (.test, _): SupportPhrase("Test notification")
    default: SupportPhrase("%1$@ about %2$@", .data(type.rawValue), product)
    }
  }
}
