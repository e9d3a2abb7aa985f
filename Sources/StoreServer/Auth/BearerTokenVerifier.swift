import Foundation
import StoreCore
import StoreJWS
import StorePersistence

/// Checks an `Authorization: Bearer` token as the App Store Server API does: an ES256 JWT whose
/// header names a registered key (`kid`), signed by that key, for this audience and bundle, not
/// expired and expiring at most 60 minutes ahead.
///
/// Apple's documentation lists `iat` as required, but Apple's own App Store Server Library
/// sends none; a token without `iat` is accepted, one with `iat` must not be from the future and
/// must not live more than 60 minutes. A `crit` header and an `nbf` still to come are refused,
/// as `verify` refuses them in signed data.
public struct BearerTokenVerifier: Sendable {
  /// The audience every token names.
  public static let audience = "appstoreconnect-v1"
  /// The longest a token may live, in seconds.
  public static let maximumLifetime: Int64 = 3600
  /// Clock difference tolerated between the developer's machine and the server, in seconds.
  public static let allowedSkew: Int64 = 60

  /// The bundle ID tokens must name in `bid`.
  public var bundleID: String
  /// Finds a key by key ID.
  public var keys: @Sendable (String) throws -> ServerKey?
  /// Tokens whose signature was checked, and the keys parsed (see ``VerifiedTokens``).
  private let verified = VerifiedTokens()

  /// Creates a verifier for `bundleID`'s tokens, looking keys up with `keys`.
  public init(bundleID: String, keys: @escaping @Sendable (String) throws -> ServerKey?) {
    self.bundleID = bundleID
    self.keys = keys
  }

  /// Why a token was refused (never shown to the client, which gets a bare 401).
  public enum Refusal: Error, Equatable, Sendable {
    case missing
    case malformed(String)
    case unknownKey(String)
    case revokedKey(String)
    case badSignature
    case wrongClaim(String)
    case expired
    case tooLongLived
  }

  /// Checks the request's `Authorization` header at real time `now`.
  ///
  /// A token seen before with a valid signature skips decoding and the signature (a client
  /// sends the same token for minutes); its key is still looked up, so a revoked or replaced key
  /// refuses it at once, and its claims are checked at `now` as for a new token.
  public func verify(authorization: String?, now: Date) throws(Refusal) {
    guard let authorization, authorization.hasPrefix("Bearer ") else { throw .missing }
    let token = authorization.dropFirst("Bearer ".count)
    if let seen = verified.token(token) {
      let key = try key(seen.keyID)
      guard key.publicKeyDER == seen.publicKeyDER else { throw .badSignature }
      try checkClaims(seen.payload, issuer: key.issuerID, now: Int64(now.timeIntervalSince1970))
      return
    }
    let parsed: DeveloperJWT
    do throws(DeveloperJWT.Malformed) {
      parsed = try DeveloperJWT(parsing: token)
    } catch {
      throw .malformed(error.reason)
    }
    let keyID = parsed.keyID
    let payload = parsed.claims
    let key = try key(keyID)
    guard let publicKey = verified.publicKey(der: key.publicKeyDER) else {
      throw .unknownKey(keyID)
    }
    guard parsed.isSigned(by: publicKey) else { throw .badSignature }
    try checkClaims(payload, issuer: key.issuerID, now: Int64(now.timeIntervalSince1970))
    verified.remember(token, keyID: keyID, publicKeyDER: key.publicKeyDER, payload: payload)
  }

  /// The registered, unrevoked key `keyID`.
  private func key(_ keyID: String) throws(Refusal) -> ServerKey {
    let found: ServerKey?
    do {
      found = try keys(keyID)
    } catch {
      throw .unknownKey(keyID)
    }
    guard let key = found else { throw .unknownKey(keyID) }
    guard key.revokedDate == nil else { throw .revokedKey(keyID) }
    return key
  }

  private func checkClaims(_ payload: JSONValue, issuer: String, now: Int64) throws(Refusal) {
    guard payload["iss"] == .string(issuer) else { throw .wrongClaim("iss") }
    guard payload["aud"] == .string(Self.audience) else { throw .wrongClaim("aud") }
    guard payload["bid"] == .string(bundleID) else { throw .wrongClaim("bid") }
    guard let expires = DeveloperJWT.seconds(payload["exp"]) else { throw .wrongClaim("exp") }
    guard expires > now - Self.allowedSkew else { throw .expired }
    guard expires <= now + Self.maximumLifetime + Self.allowedSkew else { throw .tooLongLived }
    if let present = payload["nbf"] {
      guard let notBefore = DeveloperJWT.seconds(present), notBefore <= now + Self.allowedSkew
      else {
        throw .wrongClaim("nbf")
      }
    }
    if let present = payload["iat"] {
      guard let issued = DeveloperJWT.seconds(present) else { throw .wrongClaim("iat") }
      guard issued <= now + Self.allowedSkew else { throw .wrongClaim("iat") }
      guard expires - issued <= Self.maximumLifetime else { throw .tooLongLived }
    }
  }
}
