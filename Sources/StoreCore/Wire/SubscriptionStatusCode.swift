/// The subscription status a notification reports: Apple's `data.status` field.
///
/// Raw values are Apple's JSON values exactly; see
/// [status](https://developer.apple.com/documentation/appstoreserverapi/status).
public enum SubscriptionStatusCode: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// Active.
  case active = 1
  /// Expired.
  case expired = 2
  /// In billing retry.
  case billingRetry = 3
  /// In the billing grace period.
  case billingGracePeriod = 4
  /// Revoked.
  case revoked = 5
}
