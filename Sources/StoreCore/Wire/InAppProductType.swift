/// The kind of in-app purchase: Apple's `type` field.
///
/// Raw values are Apple's JSON values exactly; see
/// [type](https://developer.apple.com/documentation/appstoreserverapi/type).
public enum InAppProductType: String, Sendable, Equatable, Hashable, CaseIterable {
  /// A subscription that renews until cancelled.
  case autoRenewableSubscription = "Auto-Renewable Subscription"
  /// A purchase made once that never expires.
  case nonConsumable = "Non-Consumable"
  /// A purchase used up and bought again.
  case consumable = "Consumable"
  /// A subscription for a fixed time that does not renew.
  case nonRenewingSubscription = "Non-Renewing Subscription"
}
