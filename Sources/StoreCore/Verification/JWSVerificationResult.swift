/// The outcome of verifying signed data: StoreKit's `VerificationResult`.
///
/// There is always a payload: when the JWS is too broken to yield one, verifiers return
/// `Result.failure(VerificationError)` instead of a `VerificationResult` (see `Verifier`), so
/// `unverified` never carries a made-up value.
public enum JWSVerificationResult<SignedType: Sendable>: Sendable {
  /// The payload, with the reason it failed verification.
  case unverified(SignedType, JWSVerificationError)
  /// The payload, verified.
  case verified(SignedType)

  /// The payload if verified; otherwise throws the verification error.
  public var payloadValue: SignedType {
    get throws(JWSVerificationError) {
      switch self {
      case .verified(let value): return value
      case .unverified(_, let error): throw error
      }
    }
  }

  /// The payload whether or not it was verified.
  public var unsafePayloadValue: SignedType {
    switch self {
    case .verified(let value), .unverified(let value, _): value
    }
  }

  /// The verification error, or `nil` when verified.
  public var verificationError: JWSVerificationError? {
    if case .unverified(_, let error) = self { return error }
    return nil
  }

  /// Whether the payload was verified.
  public var isVerified: Bool { verificationError == nil }
}

extension JWSVerificationResult: Equatable where SignedType: Equatable {}
