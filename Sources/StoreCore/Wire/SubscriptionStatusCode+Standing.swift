extension SubscriptionStatusCode {
  /// Apple's status number for StoreKit's renewal state.
  public init(_ standing: RenewalStanding) {
    switch standing {
    case .subscribed: self = .active
    case .expired: self = .expired
    case .inBillingRetryPeriod: self = .billingRetry
    case .inGracePeriod: self = .billingGracePeriod
    case .revoked: self = .revoked
    }
  }
}
