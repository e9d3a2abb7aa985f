import Foundation
import StoreCore
import StoreJWS

/// The developer's server of the Advanced Commerce tests: it holds the In-App Purchase key and
/// signs in-app requests as Apple's App Store Server Library's
/// `AdvancedCommerceAPIInAppSignatureCreator` does (ES256, `kid`; claims `request` — the base64
/// JSON of the request —, `bid`, `iss`, `aud` `advanced-commerce-api`, `iat`, `nonce`).
///
/// It is not app code: the app's tests (AdvancedCommerceBehaviorTests) import only StoreKitTest.
public struct DeveloperServer {
  /// The signing key.
  public let key: P256PrivateKey
  /// Its key ID (`kid`).
  public let keyID: String

  /// A server signing with `key`, named `keyID`.
  public init(key: P256PrivateKey, keyID: String) {
    self.key = key
    self.keyID = keyID
  }

  /// A server with a new key.
  public static func make(keyID: String = "ADVKEY0001") throws -> DeveloperServer {
    DeveloperServer(key: try P256PrivateKey.generate(), keyID: keyID)
  }

  /// The key as Xcode writes it in `subscriptionOffersKeyPair`: base64 PKCS #8, no PEM lines.
  public func privateKeyBase64() throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "storeterm-ac-\(UUID().uuidString)")
    let path = folder.appending(path: "SubscriptionKey_\(keyID).p8").path
    try APIKeyFiles.writePrivateKey(key, to: path)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pem = try String(contentsOfFile: path, encoding: .utf8)
    return pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
  }

  /// A copy of the `.storekit` file at `url` that trusts this server's key, in a fresh folder.
  public func configuration(from url: URL) throws -> URL {
    var object = try require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    object["subscriptionOffersKeyPair"] = ["id": keyID, "privateKey": try privateKeyBase64()]
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "storeterm-ac-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appending(path: url.lastPathComponent)
    try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: copy)
    return copy
  }

  /// `CREATE_ONE_TIME_CHARGE` for one item, as the library's
  /// `AdvancedCommerceOneTimeChargeCreateRequest` writes it.
  public static func oneTimeCharge(
    sku: String, displayName: String, description: String, price: Int, reference: UUID,
    currency: String = "USD", taxCode: String = "C003-00-1"
  ) -> [String: Any] {
    [
      "operation": "CREATE_ONE_TIME_CHARGE", "version": "1",
      "requestInfo": ["requestReferenceId": reference.uuidString.lowercased()],
      "currency": currency, "taxCode": taxCode,
      "item": [
        "SKU": sku, "displayName": displayName, "description": description, "price": price,
      ],
    ]
  }

  /// The compact JWS of `request` for the app `bundleID`.
  public func sign(
    _ request: [String: Any], bundleID: String, issuedAt: Date = Date(),
    audience: String = "advanced-commerce-api",
    issuer: String = "ad01c0de-0000-4000-8000-000000000001"
  ) throws -> String {
    let encoded = try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])
      .base64EncodedString()
    let claims: [String: Any] = [
      "request": encoded, "bid": bundleID, "iss": issuer,
      "aud": audience, "iat": Int(issuedAt.timeIntervalSince1970),
      "nonce": UUID().uuidString.lowercased(),
    ]
    let header: [String: Any] = ["alg": "ES256", "kid": keyID, "typ": "JWT"]
    let input =
      Base64.urlEncode(try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]))
      + "." + Base64.urlEncode(try JSONSerialization.data(withJSONObject: claims))
    let signature = try Array(input.utf8).withUnsafeBytes { try key.signES256($0) }
    return input + "." + Base64.urlEncode(signature)
  }
}

/// `#require` outside a test: throws when the value is missing.
private func require<T>(_ value: T?) throws -> T {
  guard let value else { throw CocoaError(.coderValueNotFound) }
  return value
}
