import Foundation
import StoreCore

/// Verifies App Store–style JWS the way StoreKit and Apple's server library do.
///
/// Checks, cheapest first, stopping at the first failure:
/// 1. the token is at most `maximumTokenLength` bytes of three strict base64url segments, with
///    a JSON object header and a payload that decodes as the requested type;
/// 2. `alg` is `ES256`;
/// 3. `x5c` holds exactly three certificates and leaf ← intermediate ← a trusted root verifies
///    strictly at the payload's `signedDate`, with Apple's OIDs (`ChainVerifier`, cached);
/// 4. the signature is a raw 64-byte R‖S that matches;
/// 5. the bundle ID and environment match the configuration;
/// 6. with a configured device verification ID, `deviceVerification` matches;
/// 7. no `crit` header (RFC 7515: none of its extensions is understood), and the JWT time claims
///    `exp` and `nbf`, if any, allow the payload's `signedDate` and the verifier's `now`.
///
/// Unlike Apple's library, the signature and chain are checked in every environment, `Xcode`
/// and `LocalTesting` included. Nothing here throws or traps on any input.
public final class SignedDataVerifier: Verifier {
  /// Tokens longer than this are rejected unread; real App Store JWS are a few kilobytes.
  public static let maximumTokenLength = 1 << 20

  /// What the verifier checks the identity claims against.
  public let configuration: SignedDataConfiguration
  private let chains: ChainVerifier
  private let headers = HeaderCache()
  private let hasher = SHA384DeviceVerificationHasher()
  private let now: (@Sendable () -> Double)?

  /// Creates a verifier that trusts `trustedRoots` only.
  ///
  /// - Parameter now: the current time in seconds since 1970, which `exp` and `nbf` are checked
  ///   against as Apple's library does; without it they are checked at `signedDate` only, so
  ///   verification stays a pure function of the token.
  public init(
    trustedRoots: [Certificate], configuration: SignedDataConfiguration,
    now: (@Sendable () -> Double)? = nil
  ) {
    self.configuration = configuration
    self.now = now
    chains = ChainVerifier(trustedRoots: trustedRoots)
  }

  /// The number of verified chains cached (for tests and the benchmark).
  public var cachedChainCount: Int { chains.cachedChainCount }

  /// Verifies `jws` and decodes it as `type`, StoreKit-style.
  public func verify<Payload: SignedPayload>(_ jws: some StringProtocol, as type: Payload.Type)
    -> Result<JWSVerificationResult<Payload>, JWSVerificationError>
  {
    report(jws, as: type).result
  }

  /// Verifies `jws` and decodes it as `type`, with the failed check in words.
  public func report<Payload: SignedPayload>(_ jws: some StringProtocol, as type: Payload.Type)
    -> VerificationReport<Payload>
  {
    let utf8 = jws.utf8
    guard utf8.count <= Self.maximumTokenLength else {
      return .failed(.invalidEncoding, "the token is longer than \(Self.maximumTokenLength) bytes")
    }
    if let report = utf8.withContiguousStorageIfAvailable({ report(bytes: $0, as: type) }) {
      return report
    }
    return Array(utf8).withUnsafeBufferPointer { report(bytes: $0, as: type) }
  }

  private func report<Payload: SignedPayload>(
    bytes: UnsafeBufferPointer<UInt8>, as type: Payload.Type
  ) -> VerificationReport<Payload> {
    guard let (first, second) = CompactJWSDots.find(in: bytes) else {
      return .failed(.invalidEncoding, "not three base64url segments separated by dots")
    }
    let payloadSegment = UnsafeBufferPointer(rebasing: bytes[(first + 1)..<second])
    guard let payloadJSON = Base64.urlDecode(payloadSegment),
      let signature = Base64.urlDecode(UnsafeBufferPointer(rebasing: bytes[(second + 1)...]))
    else { return .failed(.invalidEncoding, "a segment is not strict base64url") }
    guard let header = headers.entry(for: UnsafeBufferPointer(rebasing: bytes[..<first])) else {
      return .failed(.invalidEncoding, "the header is not base64url of a JSON object")
    }
    let payload: Payload
    do {
      payload = try Payload(jsonBytes: payloadJSON)
    } catch {
      if case .missingField = error {
        return .failed(.missingRequiredProperties, error.description)
      }
      return .failed(.invalidEncoding, error.description)
    }
    let digest = { header.prefixHash?.digest(appending: UnsafeRawBufferPointer(payloadSegment)) }
    let failure =
      check(
        header: header.header, signature: signature, digest: digest, claims: payload.claims,
        kind: Payload.kind)
      ?? checkJWTRules(header: header.header, payloadJSON: payloadJSON, claims: payload.claims)
    return VerificationReport(payload: payload, error: failure?.0, reason: failure?.1)
  }

  /// The JWS and JWT rules Apple's library applies after the signature: no `crit` it does not
  /// understand, and `exp`/`nbf` (as PyJWT checks them, with no leeway).
  private func checkJWTRules(
    header: JWSHeader, payloadJSON: [UInt8], claims: SignedPayloadClaims
  ) -> (JWSVerificationError, String)? {
    if header.hasCriticalExtensions {
      return (.invalidEncoding, "the header has crit, and no extension it could name is understood")
    }
    let time: TimeClaims
    do {
      time = try TimeClaims(payloadJSON: payloadJSON)
    } catch {
      return (.invalidEncoding, error.text)
    }
    if let signedDate = claims.signedDate,
      let refusal = time.refusal(at: Double(signedDate) / 1000, clock: "signedDate")
    {
      return (.invalidSignature, refusal)
    }
    if let now, let refusal = time.refusal(at: now(), clock: "now") {
      return (.invalidSignature, refusal)
    }
    return nil
  }

  private func check(
    header: JWSHeader, signature: [UInt8], digest: () -> [UInt8]?, claims: SignedPayloadClaims,
    kind: SignedPayloadKind
  ) -> (JWSVerificationError, String)? {
    guard header.algorithm == "ES256" else {
      return (
        .invalidSignature,
        "alg is \(header.algorithm.map { "\"\($0)\"" } ?? "missing"), not \"ES256\""
      )
    }
    guard let chain = header.certificateChain, !chain.isEmpty else {
      return (.invalidCertificateChain, "the header has no x5c certificate chain")
    }
    guard chain.count == 3 else {
      return (.invalidCertificateChain, "x5c has \(chain.count) certificates, not 3")
    }
    guard !header.hasMalformedCertificate else {
      return (.invalidCertificateChain, "an x5c entry is not standard base64")
    }
    guard let signedDate = claims.signedDate else {
      return (.missingRequiredProperties, "the payload has no signedDate")
    }
    let key: P256PublicKey
    // Floor division: certificate times have one-second precision, and a date just before a
    // certificate's start must not round into its validity.
    let seconds = signedDate >= 0 ? signedDate / 1000 : (signedDate - 999) / 1000
    switch chains.verify(leaf: chain[0], intermediate: chain[1], at: seconds) {
    case .failure(let failure): return (.invalidCertificateChain, failure.reason)
    case .success(let leafKey): key = leafKey
    }
    guard signature.count == 64 else {
      return (.invalidSignature, "the signature is \(signature.count) bytes, not a 64-byte R‖S")
    }
    guard let digest = digest() else { return (.invalidSignature, "could not hash the token") }
    guard key.isValidES256(signature: signature, digest: digest) else {
      return (.invalidSignature, "the signature does not match")
    }
    // A notification names its app only inside `data`; without it there is nothing to check.
    if kind == .notification && (claims.bundleId == nil || claims.environment == nil) {
      return (
        .missingRequiredProperties, "the notification has no data.bundleId and data.environment"
      )
    }
    if let bundleId = claims.bundleId, bundleId != configuration.bundleId {
      return (.invalidDeviceVerification, "bundleId \(bundleId) is not \(configuration.bundleId)")
    }
    if let environment = claims.environment, environment != configuration.environment {
      return (
        .invalidDeviceVerification,
        "environment \(environment.rawValue) is not \(configuration.environment.rawValue)"
      )
    }
    if let deviceID = configuration.deviceVerificationID, kind != .notification {
      guard let value = claims.deviceVerification, let nonce = claims.deviceVerificationNonce else {
        return (.invalidDeviceVerification, "the payload has no deviceVerification")
      }
      guard hasher.deviceVerification(nonce: nonce, deviceVerificationID: deviceID) == value else {
        return (.invalidDeviceVerification, "deviceVerification does not match this device")
      }
    }
    return nil
  }
}
