import Foundation

/// The `data` object of a server notification: the app and its signed data.
///
/// Apple calls this type `Data`; storeterm renames it to keep Foundation's `Data` usable.
/// [Data](https://developer.apple.com/documentation/appstoreserverapi/data)
public struct NotificationData: Sendable, Equatable {
  /// The environment the notification applies to.
  public var environment: AppStoreEnvironment?
  /// The app's Apple ID (absent outside production).
  public var appAppleId: Int64?
  /// The app's bundle ID.
  public var bundleId: String?
  /// The app's build version.
  public var bundleVersion: String?
  /// The transaction, as a signed JWS.
  public var signedTransactionInfo: String?
  /// The renewal info, as a signed JWS.
  public var signedRenewalInfo: String?
  /// The subscription's status.
  public var status: SubscriptionStatusCode?
  /// Why the customer asked for a refund (`CONSUMPTION_REQUEST` only).
  public var consumptionRequestReason: ConsumptionRequestReason?

  /// Creates a payload; optional fields default to absent.
  public init(
    environment: AppStoreEnvironment? = nil,
    appAppleId: Int64? = nil,
    bundleId: String? = nil,
    bundleVersion: String? = nil,
    signedTransactionInfo: String? = nil,
    signedRenewalInfo: String? = nil,
    status: SubscriptionStatusCode? = nil,
    consumptionRequestReason: ConsumptionRequestReason? = nil
  ) {
    self.environment = environment
    self.appAppleId = appAppleId
    self.bundleId = bundleId
    self.bundleVersion = bundleVersion
    self.signedTransactionInfo = signedTransactionInfo
    self.signedRenewalInfo = signedRenewalInfo
    self.status = status
    self.consumptionRequestReason = consumptionRequestReason
  }

  /// Decodes the payload from a parsed JSON object; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    var environment: AppStoreEnvironment?
    var appAppleId: Int64?
    var bundleId: String?
    var bundleVersion: String?
    var signedTransactionInfo: String?
    var signedRenewalInfo: String?
    var status: SubscriptionStatusCode?
    var reason: ConsumptionRequestReason?
    for member in try WireJSONReader.members(json, field: "NotificationData") {
      switch member.key {
      case "environment":
        environment = try WireJSONReader.value(
          member.value, "environment", as: AppStoreEnvironment.self)
      case "appAppleId": appAppleId = try WireJSONReader.int64(member.value, "appAppleId")
      case "bundleId": bundleId = try WireJSONReader.string(member.value, "bundleId")
      case "bundleVersion": bundleVersion = try WireJSONReader.string(member.value, "bundleVersion")
      case "signedTransactionInfo":
        signedTransactionInfo = try WireJSONReader.string(member.value, "signedTransactionInfo")
      case "signedRenewalInfo":
        signedRenewalInfo = try WireJSONReader.string(member.value, "signedRenewalInfo")
      case "status":
        status = try WireJSONReader.value(member.value, "status", as: SubscriptionStatusCode.self)
      case "consumptionRequestReason":
        reason = try WireJSONReader.value(
          member.value, "consumptionRequestReason", as: ConsumptionRequestReason.self)
      default: break
      }
    }
    self.init(
      environment: environment,
      appAppleId: appAppleId,
      bundleId: bundleId,
      bundleVersion: bundleVersion,
      signedTransactionInfo: signedTransactionInfo,
      signedRenewalInfo: signedRenewalInfo,
      status: status,
      consumptionRequestReason: reason
    )
  }

  /// The payload as compact JSON bytes with Apple's field names; absent fields are left out.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter()
    writer.write("environment", environment)
    writer.write("appAppleId", appAppleId)
    writer.write("bundleId", bundleId)
    writer.write("bundleVersion", bundleVersion)
    writer.write("signedTransactionInfo", signedTransactionInfo)
    writer.write("signedRenewalInfo", signedRenewalInfo)
    writer.write("status", status)
    writer.write("consumptionRequestReason", consumptionRequestReason)
    return writer.finish()
  }
}
