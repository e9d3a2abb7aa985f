import Foundation

/// A signed app transaction's payload: the customer's download of the app.
///
/// Named with the JWS prefix so it does not clash with StoreKit's `AppTransaction`.
/// `receiptType` is the environment; the chain is checked at `signedDate`, else at
/// `receiptCreationDate`, as Apple's library does.
///
/// [AppTransaction](https://developer.apple.com/documentation/appstoreserverapi/apptransaction)
public struct JWSAppTransactionDecodedPayload: SignedPayload {
  /// The kind of signed data: `.appTransaction`.
  public static let kind = SignedPayloadKind.appTransaction
  /// `storeType` for an app from the App Store, "the only possible value" Apple documents.
  public static let consumerStoreType = "CONSUMER"

  /// The environment that signed the app transaction.
  public var receiptType: AppStoreEnvironment
  /// The app's Apple ID (absent outside production).
  public var appAppleId: Int64?
  /// The app's bundle ID.
  public var bundleId: String
  /// The app version the transaction applies to.
  public var applicationVersion: String
  /// The App Store's identifier of the app version.
  public var versionExternalIdentifier: Int64?
  /// When the App Store created the app transaction (epoch ms).
  public var receiptCreationDate: Int64
  /// When the customer first downloaded the app (epoch ms).
  public var originalPurchaseDate: Int64
  /// The app version the customer first downloaded.
  public var originalApplicationVersion: String
  /// SHA-384 of the nonce and the device verification ID.
  public var deviceVerification: Data
  /// The nonce hashed into `deviceVerification`.
  public var deviceVerificationNonce: UUID
  /// When the customer pre-ordered the app (epoch ms).
  public var preorderDate: Int64?
  /// The unique ID of the customer's download of the app.
  public var appTransactionId: String?
  /// The platform of the first download.
  public var originalPlatform: PurchasePlatform?
  /// When the App Store signed this data (epoch ms); StoreKit sends it.
  public var signedDate: Int64?
  /// The store the customer got the app from (`CONSUMER`, App Store Server API 1.22).
  public var storeType: String?
  /// When the App Store revoked the app purchase (epoch ms); absent while it stands.
  public var revocationDate: Int64?

  /// Creates a payload; optional fields default to absent.
  public init(
    receiptType: AppStoreEnvironment,
    appAppleId: Int64? = nil,
    bundleId: String,
    applicationVersion: String,
    versionExternalIdentifier: Int64? = nil,
    receiptCreationDate: Int64,
    originalPurchaseDate: Int64,
    originalApplicationVersion: String,
    deviceVerification: Data,
    deviceVerificationNonce: UUID,
    preorderDate: Int64? = nil,
    appTransactionId: String? = nil,
    originalPlatform: PurchasePlatform? = nil,
    signedDate: Int64? = nil,
    storeType: String? = nil,
    revocationDate: Int64? = nil
  ) {
    self.receiptType = receiptType
    self.appAppleId = appAppleId
    self.bundleId = bundleId
    self.applicationVersion = applicationVersion
    self.versionExternalIdentifier = versionExternalIdentifier
    self.receiptCreationDate = receiptCreationDate
    self.originalPurchaseDate = originalPurchaseDate
    self.originalApplicationVersion = originalApplicationVersion
    self.deviceVerification = deviceVerification
    self.deviceVerificationNonce = deviceVerificationNonce
    self.preorderDate = preorderDate
    self.appTransactionId = appTransactionId
    self.originalPlatform = originalPlatform
    self.signedDate = signedDate
    self.storeType = storeType
    self.revocationDate = revocationDate
  }

  /// Decodes the payload from a parsed JSON object; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    var receiptType: AppStoreEnvironment?
    var appAppleId: Int64?
    var bundleId: String?
    var applicationVersion: String?
    var versionExternalIdentifier: Int64?
    var receiptCreationDate: Int64?
    var originalPurchaseDate: Int64?
    var originalApplicationVersion: String?
    var deviceVerification: Data?
    var deviceVerificationNonce: UUID?
    var preorderDate: Int64?
    var appTransactionId: String?
    var originalPlatform: PurchasePlatform?
    var signedDate: Int64?
    var storeType: String?
    var revocationDate: Int64?
    for member in try WireJSONReader.members(json, field: "JWSAppTransactionDecodedPayload") {
      switch member.key {
      case "receiptType":
        receiptType = try WireJSONReader.value(
          member.value, "receiptType", as: AppStoreEnvironment.self)
      case "appAppleId": appAppleId = try WireJSONReader.int64(member.value, "appAppleId")
      case "bundleId": bundleId = try WireJSONReader.string(member.value, "bundleId")
      case "applicationVersion":
        applicationVersion = try WireJSONReader.string(member.value, "applicationVersion")
      case "versionExternalIdentifier":
        versionExternalIdentifier = try WireJSONReader.int64(
          member.value, "versionExternalIdentifier")
      case "receiptCreationDate":
        receiptCreationDate = try WireJSONReader.int64(member.value, "receiptCreationDate")
      case "originalPurchaseDate":
        originalPurchaseDate = try WireJSONReader.int64(member.value, "originalPurchaseDate")
      case "originalApplicationVersion":
        originalApplicationVersion = try WireJSONReader.string(
          member.value, "originalApplicationVersion")
      case "deviceVerification":
        deviceVerification = try WireJSONReader.base64(member.value, "deviceVerification")
      case "deviceVerificationNonce":
        deviceVerificationNonce = try WireJSONReader.uuid(member.value, "deviceVerificationNonce")
      case "preorderDate": preorderDate = try WireJSONReader.int64(member.value, "preorderDate")
      case "appTransactionId":
        appTransactionId = try WireJSONReader.string(member.value, "appTransactionId")
      case "originalPlatform":
        originalPlatform = try WireJSONReader.value(
          member.value, "originalPlatform", as: PurchasePlatform.self)
      case "signedDate": signedDate = try WireJSONReader.int64(member.value, "signedDate")
      case "storeType": storeType = try WireJSONReader.string(member.value, "storeType")
      case "revocationDate":
        revocationDate = try WireJSONReader.int64(member.value, "revocationDate")
      default: break
      }
    }
    self.init(
      receiptType: try WireJSONReader.required(receiptType, "receiptType"),
      appAppleId: appAppleId,
      bundleId: try WireJSONReader.required(bundleId, "bundleId"),
      applicationVersion: try WireJSONReader.required(applicationVersion, "applicationVersion"),
      versionExternalIdentifier: versionExternalIdentifier,
      receiptCreationDate: try WireJSONReader.required(receiptCreationDate, "receiptCreationDate"),
      originalPurchaseDate: try WireJSONReader.required(
        originalPurchaseDate, "originalPurchaseDate"),
      originalApplicationVersion: try WireJSONReader.required(
        originalApplicationVersion, "originalApplicationVersion"),
      deviceVerification: try WireJSONReader.required(deviceVerification, "deviceVerification"),
      deviceVerificationNonce: try WireJSONReader.required(
        deviceVerificationNonce, "deviceVerificationNonce"),
      preorderDate: preorderDate,
      appTransactionId: appTransactionId,
      originalPlatform: originalPlatform,
      signedDate: signedDate,
      storeType: storeType,
      revocationDate: revocationDate
    )
  }

  /// The payload as compact JSON bytes with Apple's field names; absent fields are left out.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter()
    writer.write("receiptType", receiptType)
    writer.write("appAppleId", appAppleId)
    writer.write("bundleId", bundleId)
    writer.write("applicationVersion", applicationVersion)
    writer.write("versionExternalIdentifier", versionExternalIdentifier)
    writer.write("receiptCreationDate", receiptCreationDate)
    writer.write("originalPurchaseDate", originalPurchaseDate)
    writer.write("originalApplicationVersion", originalApplicationVersion)
    writer.write("deviceVerification", base64: deviceVerification)
    writer.write("deviceVerificationNonce", deviceVerificationNonce)
    writer.write("preorderDate", preorderDate)
    writer.write("appTransactionId", appTransactionId)
    writer.write("originalPlatform", originalPlatform)
    writer.write("signedDate", signedDate)
    writer.write("storeType", storeType)
    writer.write("revocationDate", revocationDate)
    return writer.finish()
  }

  /// The fields verification checks.
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(
      signedDate: signedDate ?? receiptCreationDate, bundleId: bundleId,
      environment: receiptType, deviceVerification: deviceVerification,
      deviceVerificationNonce: deviceVerificationNonce)
  }
}
