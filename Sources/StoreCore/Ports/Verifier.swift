/// Verifies compact JWS and decodes their payloads; StoreKit's layer gets one injected.
///
/// Verification never throws for a bad token. The outer `Result` fails only when no payload can
/// be decoded (`invalidEncoding` or `missingRequiredProperties`); otherwise the payload comes back
/// `verified` or `unverified` with the first check it failed.
public protocol Verifier: Sendable {
  /// Verifies `jws` and decodes it as `type`.
  func verify<Payload: SignedPayload>(_ jws: some StringProtocol, as type: Payload.Type)
    -> Result<JWSVerificationResult<Payload>, JWSVerificationError>
}
