/// Plain-English labels for App Store Server Notifications V2 types and subtypes.
public enum NotificationLabel {
  /// The label for a notification about `product`: `Renewed Plus Monthly`.
  public static func label(
    _ type: NotificationTypeV2, _ subtype: NotificationSubtype?, product: String
  ) -> String {
    switch (type, subtype) {
    case (.subscribed, .resubscribe?): "Subscribed again to \(product)"
    case (.subscribed, _): "Subscribed to \(product)"
    case (.didRenew, .billingRecovery?): "Payment recovered, \(product) renewed"
    case (.didRenew, _): "Renewed \(product)"
    case (.didFailToRenew, .gracePeriod?): "Renewal of \(product) failed, grace period began"
    case (.didFailToRenew, _): "Renewal of \(product) failed, billing retry began"
    case (.gracePeriodExpired, _): "Grace period for \(product) ended"
    case (.expired, .voluntary?): "\(product) expired after the customer cancelled"
    case (.expired, .billingRetry?): "\(product) expired: billing retry ran out"
    case (.expired, .priceIncrease?): "\(product) expired: price increase not accepted"
    case (.expired, .productNotForSale?): "\(product) expired: no longer for sale"
    case (.expired, _): "\(product) expired"
    case (.refund, _): "Refunded \(product)"
    case (.refundDeclined, _): "Refund of \(product) declined"
    case (.refundReversed, _): "Refund of \(product) reversed"
    case (.revoke, _): "Family Sharing access to \(product) revoked"
    case (.didChangeRenewalStatus, .autoRenewDisabled?): "Turned off auto-renew for \(product)"
    case (.didChangeRenewalStatus, .autoRenewEnabled?): "Turned on auto-renew for \(product)"
    case (.didChangeRenewalStatus, _): "Changed auto-renew for \(product)"
    case (.didChangeRenewalPref, .upgrade?): "Upgraded to \(product)"
    case (.didChangeRenewalPref, .downgrade?): "Chose \(product) from the next renewal"
    case (.didChangeRenewalPref, _): "Changed plan to \(product)"
    case (.priceIncrease, .pending?): "Price increase for \(product) awaits consent"
    case (.priceIncrease, .accepted?): "Accepted the price increase for \(product)"
    case (.priceIncrease, _): "Price increase for \(product)"
    case (.oneTimeCharge, _): "Bought \(product)"
    case (.offerRedeemed, _): "Redeemed an offer for \(product)"
    case (.consumptionRequest, _): "Apple asked for consumption data on \(product)"
    case (.renewalExtension, .failure?): "Renewal date of \(product) could not be extended"
    case (.renewalExtended, _), (.renewalExtension, _): "Renewal date of \(product) extended"
    case (.test, _): "Test notification"
    default: "\(type.rawValue) for \(product)"
    }
  }
}
