import StoreCore

/// Everything one verification found: the payload if it decoded, and the first failed check.
public struct VerificationReport<Payload: SignedPayload>: Sendable {
  /// The decoded payload, or `nil` when the token was too broken to yield one.
  public var payload: Payload?
  /// The first check that failed, or `nil` when verified.
  public var error: JWSVerificationError?
  /// The failed check in words, such as `bundleId com.other is not dev.storeterm.demo`.
  public var reason: String?

  /// The StoreKit-shaped result; `failure` only when there is no payload.
  public var result: Result<JWSVerificationResult<Payload>, JWSVerificationError> {
    guard let payload else { return .failure(error ?? .invalidEncoding) }
    if let error { return .success(.unverified(payload, error)) }
    return .success(.verified(payload))
  }

  static func failed(_ error: JWSVerificationError, _ reason: String, payload: Payload? = nil)
    -> Self
  {
    VerificationReport(payload: payload, error: error, reason: reason)
  }
}
