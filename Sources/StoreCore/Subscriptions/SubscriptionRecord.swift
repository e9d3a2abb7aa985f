/// A subscription as the ledger stores it: its state and its signed renewal info.
public struct SubscriptionRecord: Sendable, Equatable {
  /// The state renewals are computed from.
  public var state: SubscriptionState
  /// The renewal info the App Store last signed for it.
  public var renewalInfo: SignedRenewalInfo?

  /// Creates a record.
  public init(state: SubscriptionState, renewalInfo: SignedRenewalInfo? = nil) {
    self.state = state
    self.renewalInfo = renewalInfo
  }
}

/// Renewal info as the App Store issued it: the compact JWS and its decoded payload.
public struct SignedRenewalInfo: Sendable, Equatable {
  /// The compact JWS.
  public var jws: String
  /// The decoded payload.
  public var payload: JWSRenewalInfoDecodedPayload

  /// Pairs a JWS with its payload.
  public init(jws: String, payload: JWSRenewalInfoDecodedPayload) {
    self.jws = jws
    self.payload = payload
  }
}
