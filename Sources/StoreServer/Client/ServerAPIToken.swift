import Foundation
import StoreCore
import StoreJWS

/// The `Authorization: Bearer` token a client of the App Store Server API sends, made as Apple's
/// App Store Server Library makes it: an ES256 JWT with `kid` in the header and `bid`, `iss`,
/// `aud` and `exp` (5 minutes ahead, the library's choice) in the claims.
public enum ServerAPIToken {
  /// How long a token lives, in seconds (Apple's library uses 5 minutes; the limit is 60).
  public static let lifetime = 300

  /// A token for `bundleID`, signed with `key` (ID `keyID`, issuer `issuerID`), issued at
  /// real time `now`.
  public static func make(
    key: P256PrivateKey, keyID: String, issuerID: String, bundleID: String, now: Date
  ) throws -> String {
    let seconds = Int(now.timeIntervalSince1970)
    let header = JSONValue.object([
      JSONMember("typ", .string("JWT")), JSONMember("alg", .string("ES256")),
      JSONMember("kid", .string(keyID)),
    ])
    let claims = JSONValue.object([
      JSONMember("bid", .string(bundleID)), JSONMember("iss", .string(issuerID)),
      JSONMember("aud", .string(BearerTokenVerifier.audience)),
      JSONMember("iat", .integer(seconds)), JSONMember("exp", .integer(seconds + lifetime)),
    ])
    let input =
      Base64.urlEncode(Array(header.compactText.utf8)) + "."
      + Base64.urlEncode(Array(claims.compactText.utf8))
    let signature = try Array(input.utf8).withUnsafeBytes { try key.signES256($0) }
    return input + "." + Base64.urlEncode(signature)
  }
}
