/// Why signed data failed verification: StoreKit's `VerificationResult.VerificationError` cases.
///
/// How storeterm's checks map onto these cases (Docs/DECISIONS.md, 2026-11-30):
/// - `invalidEncoding`: not a compact JWS, bad base64url, a header or payload that is not JSON,
///   or a payload field of the wrong type; also any line over the size limit.
/// - `missingRequiredProperties`: a field Apple always sends is absent.
/// - `invalidSignature`: `alg` other than `ES256`, a signature that is not 64 raw bytes, or one
///   that does not match.
/// - `invalidCertificateChain`: no or malformed `x5c`, a chain that does not reach the trusted
///   root at `signedDate`, Apple's extension OIDs missing, or a leaf key that is not P-256.
/// - `invalidDeviceVerification`: the device verification hash does not match, or the data was
///   issued for another bundle ID or environment (authentic, but not for this app install).
/// - `revokedCertificate`: never produced locally (there is no revocation list); kept so that
///   simulated verification failures can name it.
public enum JWSVerificationError: Error, Sendable, Equatable, Hashable, CaseIterable {
  /// The certificate chain was parsable but invalid.
  case invalidCertificateChain
  /// The device verification value was invalid.
  case invalidDeviceVerification
  /// The JWS could not be decoded.
  case invalidEncoding
  /// The JWS signature was invalid.
  case invalidSignature
  /// The JWS lacks properties that are always present.
  case missingRequiredProperties
  /// A certificate in the chain was revoked.
  case revokedCertificate

  /// The case's name as StoreKit spells it, such as `invalidSignature`.
  public var name: String {
    switch self {
    case .invalidCertificateChain: "invalidCertificateChain"
    case .invalidDeviceVerification: "invalidDeviceVerification"
    case .invalidEncoding: "invalidEncoding"
    case .invalidSignature: "invalidSignature"
    case .missingRequiredProperties: "missingRequiredProperties"
    case .revokedCertificate: "revokedCertificate"
    }
  }
}
