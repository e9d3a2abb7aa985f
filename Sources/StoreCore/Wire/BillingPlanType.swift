/// How a subscription is billed: the whole period up front, or monthly over a 12-month commitment.
///
/// Raw values are Apple's JSON values exactly; see
/// [billingPlanType](https://developer.apple.com/documentation/appstoreserverapi/billingplantype)
/// and `renewalBillingPlanType`, which share them.
public enum BillingPlanType: String, Sendable, Equatable, Hashable, CaseIterable {
  /// The whole period's price at the start of each period.
  case billedUpfront = "BILLED_UPFRONT"
  /// A monthly charge over a 12-month commitment.
  case monthly = "MONTHLY"
}
