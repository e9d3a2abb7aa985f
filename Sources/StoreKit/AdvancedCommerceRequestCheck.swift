import Foundation
import StoreCore
import StoreJWS

/// Checks a developer's signed Advanced Commerce request as the App Store does before it
/// charges: the JWS is read by ``DeveloperJWT`` (the one reading of developer-signed tokens,
/// shared with the App Store Server API's bearer tokens), signed by the configuration's key pair
/// or a registered In-App Purchase key (then `iss` is the key's issuer), and its claims name this
/// app, the Advanced Commerce audience, a nonce and a recent issue time.
struct AdvancedCommerceRequestCheck {
  /// The audience Apple's `AdvancedCommerceAPIInAppSignatureCreator` signs for.
  static let audience = "advanced-commerce-api"
  /// The longest signed request read.
  static let maximumLength = 16 * 1024
  /// How old a request may be, in seconds (Apple's 24 hours for promotional offer signatures).
  static let maximumAge: Int64 = 86_400
  /// Clock difference tolerated between the developer's server and the store, in seconds.
  static let allowedSkew: Int64 = 60

  /// The bundle ID requests must name (`bid`).
  var bundleID: String
  /// Xcode's local signing key of the configuration, if it has one.
  var key: StoreKitConfiguration.SubscriptionOffersKey?
  /// The developer's registered In-App Purchase keys, if the host has a registry.
  var registered: (@Sendable (String) -> StoreKitRuntime.Configuration.DeveloperKey?)?
  /// The real time a request's `iat` is judged at: the developer signs with its server's clock.
  var now: @Sendable () -> Date = { Date() }

  /// The one-time charge `compactJWS` asks for.
  ///
  /// - Throws: `Product.PurchaseError.invalidOfferSignature` (not signed as required),
  ///   `.missingOfferParameters` (a request without what a charge needs), `.invalidOfferPrice`
  ///   (a currency other than `currency`), `StoreKitError.unsupported` (another operation).
  func oneTimeCharge(_ compactJWS: String, currency: String) throws
    -> AdvancedCommerceInAppRequest.OneTimeCharge
  {
    let claims = try verifiedClaims(compactJWS)
    guard case .string(let encoded) = claims["request"],
      let bytes = Data(base64Encoded: encoded),
      let json = try? JSONParser.parse(Array(bytes))
    else { throw Product.PurchaseError.missingOfferParameters }
    let request: AdvancedCommerceInAppRequest
    do {
      request = try AdvancedCommerceInAppRequest.decode(json)
    } catch {
      throw Product.PurchaseError.missingOfferParameters
    }
    guard case .oneTimeCharge(let charge) = request else { throw StoreKitError.unsupported }
    guard charge.currency == currency else { throw Product.PurchaseError.invalidOfferPrice }
    return charge
  }

  /// The claims of `compactJWS` once its signature and claims hold.
  private func verifiedClaims(_ compactJWS: String) throws -> JSONValue {
    guard compactJWS.utf8.count <= Self.maximumLength,
      let token = try? DeveloperJWT(parsing: compactJWS),
      let (publicKey, issuer) = signingKey(token.keyID), token.isSigned(by: publicKey)
    else { throw Product.PurchaseError.invalidOfferSignature }
    let claims = token.claims
    // A registered key belongs to the ledger's issuer; Xcode's key pair names none.
    if let issuer, claims["iss"] != .string(issuer) {
      throw Product.PurchaseError.invalidOfferSignature
    }
    let seconds = Int64(now().timeIntervalSince1970)
    guard claims["aud"] == .string(Self.audience), claims["bid"] == .string(bundleID),
      case .string(let nonce) = claims["nonce"], !nonce.isEmpty,
      let issued = DeveloperJWT.seconds(claims["iat"]),
      issued <= seconds + Self.allowedSkew, issued >= seconds - Self.maximumAge
    else { throw Product.PurchaseError.invalidOfferSignature }
    return claims
  }

  /// The key `keyID` names and the issuer its tokens must name: Xcode's key pair, else a
  /// registered, unrevoked In-App Purchase key.
  private func signingKey(_ keyID: String) -> (P256PublicKey, issuer: String?)? {
    if let key, key.id == keyID, let publicKey = Self.publicKey(key) { return (publicKey, nil) }
    guard let found = registered?(keyID),
      let publicKey = APIKeyFiles.publicKey(der: found.publicKeyDER)
    else { return nil }
    return (publicKey, found.issuerID)
  }

  /// The public half of Xcode's base64 PKCS #8 private key.
  private static func publicKey(_ key: StoreKitConfiguration.SubscriptionOffersKey)
    -> P256PublicKey?
  {
    guard let der = Data(base64Encoded: key.privateKey.filter { !$0.isWhitespace }) else {
      return nil
    }
    return (try? P256PrivateKey(der: Array(der)))?.publicKey
  }
}
