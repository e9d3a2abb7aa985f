import Foundation

/// What the App Store signs into the `signedPayload` it POSTs to a developer's Get Retention
/// Message endpoint when a customer may be about to cancel a subscription.
///
/// [DecodedRealtimeRequestBody](https://developer.apple.com/documentation/retentionmessaging/decodedrealtimerequestbody)
public struct DecodedRealtimeRequestBody: SignedPayload {
  /// A realtime request.
  public static let kind = SignedPayloadKind.realtimeRequest

  /// The subscription's original transaction identifier.
  public var originalTransactionId: String
  /// The app's Apple ID (0 when the ledger knows none, as outside production).
  public var appAppleId: Int64
  /// The subscription's product identifier.
  public var productId: String
  /// The device's locale, such as `en_US`.
  public var userLocale: String
  /// A UUID naming this one request.
  public var requestIdentifier: UUID
  /// When the App Store signed it (epoch ms).
  public var signedDate: Int64
  /// The environment.
  public var environment: AppStoreEnvironment

  /// Creates a request body.
  public init(
    originalTransactionId: String, appAppleId: Int64, productId: String, userLocale: String,
    requestIdentifier: UUID, signedDate: Int64, environment: AppStoreEnvironment
  ) {
    self.originalTransactionId = originalTransactionId
    self.appAppleId = appAppleId
    self.productId = productId
    self.userLocale = userLocale
    self.requestIdentifier = requestIdentifier
    self.signedDate = signedDate
    self.environment = environment
  }

  /// Decodes the body; every field is required, as Apple's libraries require it.
  public init(json: JSONValue) throws(WireDecodingError) {
    var original: String?
    var appleID: Int64?
    var product: String?
    var locale: String?
    var request: UUID?
    var signed: Int64?
    var environment: AppStoreEnvironment?
    for member in try WireJSONReader.members(json, field: "payload") {
      switch member.key {
      case "originalTransactionId":
        original = try WireJSONReader.string(member.value, "originalTransactionId")
      case "appAppleId": appleID = try WireJSONReader.int64(member.value, "appAppleId")
      case "productId": product = try WireJSONReader.string(member.value, "productId")
      case "userLocale": locale = try WireJSONReader.string(member.value, "userLocale")
      case "requestIdentifier":
        request = try WireJSONReader.uuid(member.value, "requestIdentifier")
      case "signedDate": signed = try WireJSONReader.int64(member.value, "signedDate")
      case "environment":
        environment = try WireJSONReader.value(
          member.value, "environment", as: AppStoreEnvironment.self)
      default: break
      }
    }
    guard let original else { throw .missingField("originalTransactionId") }
    guard let appleID else { throw .missingField("appAppleId") }
    guard let product else { throw .missingField("productId") }
    guard let locale else { throw .missingField("userLocale") }
    guard let request else { throw .missingField("requestIdentifier") }
    guard let signed else { throw .missingField("signedDate") }
    guard let environment else { throw .missingField("environment") }
    self.init(
      originalTransactionId: original, appAppleId: appleID, productId: product,
      userLocale: locale, requestIdentifier: request, signedDate: signed,
      environment: environment)
  }

  /// The body as compact JSON with Apple's field names.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter()
    writer.write("originalTransactionId", originalTransactionId)
    writer.write("appAppleId", appAppleId)
    writer.write("productId", productId)
    writer.write("userLocale", userLocale)
    writer.write("requestIdentifier", requestIdentifier)
    writer.write("signedDate", signedDate)
    writer.write("environment", environment)
    return writer.finish()
  }

  /// The signing date and environment (no bundle ID: Apple's body carries none).
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(signedDate: signedDate, bundleId: nil, environment: environment)
  }
}
