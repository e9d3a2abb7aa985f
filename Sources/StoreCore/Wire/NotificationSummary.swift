import Foundation

/// The `summary` object of a `RENEWAL_EXTENSION`/`SUMMARY` notification: what a mass
/// renewal-date extension did once it completed.
///
/// Apple calls this type `summary`; storeterm names it for what it summarizes.
///
/// [summary](https://developer.apple.com/documentation/appstoreservernotifications/summary)
public struct NotificationSummary: Sendable, Equatable {
  /// The environment the extension applied to.
  public var environment: AppStoreEnvironment?
  /// The app's Apple ID (absent outside production).
  public var appAppleId: Int64?
  /// The app's bundle ID.
  public var bundleId: String?
  /// The subscription product the extension was for.
  public var productId: String?
  /// The developer's `requestIdentifier`.
  public var requestIdentifier: String?
  /// The storefronts it was limited to, if any (ISO 3166-1 alpha-3).
  public var storefrontCountryCodes: [String]?
  /// How many subscriptions were extended.
  public var succeededCount: Int64?
  /// How many could not be.
  public var failedCount: Int64?

  /// Creates a summary; optional fields default to absent.
  public init(
    environment: AppStoreEnvironment? = nil, appAppleId: Int64? = nil, bundleId: String? = nil,
    productId: String? = nil, requestIdentifier: String? = nil,
    storefrontCountryCodes: [String]? = nil, succeededCount: Int64? = nil,
    failedCount: Int64? = nil
  ) {
    self.environment = environment
    self.appAppleId = appAppleId
    self.bundleId = bundleId
    self.productId = productId
    self.requestIdentifier = requestIdentifier
    self.storefrontCountryCodes = storefrontCountryCodes
    self.succeededCount = succeededCount
    self.failedCount = failedCount
  }

  /// Decodes the object from parsed JSON; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    self.init()
    for member in try WireJSONReader.members(json, field: "summary") {
      switch member.key {
      case "environment":
        environment = try WireJSONReader.value(
          member.value, "environment", as: AppStoreEnvironment.self)
      case "appAppleId": appAppleId = try WireJSONReader.int64(member.value, "appAppleId")
      case "bundleId": bundleId = try WireJSONReader.string(member.value, "bundleId")
      case "productId": productId = try WireJSONReader.string(member.value, "productId")
      case "requestIdentifier":
        requestIdentifier = try WireJSONReader.string(member.value, "requestIdentifier")
      case "storefrontCountryCodes":
        storefrontCountryCodes = try WireJSONReader.strings(member.value, "storefrontCountryCodes")
      case "succeededCount":
        succeededCount = try WireJSONReader.int64(member.value, "succeededCount")
      case "failedCount": failedCount = try WireJSONReader.int64(member.value, "failedCount")
      default: break
      }
    }
  }

  /// The object as compact JSON bytes with Apple's field names; absent fields are left out.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter()
    writer.write("environment", environment)
    writer.write("appAppleId", appAppleId)
    writer.write("bundleId", bundleId)
    writer.write("productId", productId)
    writer.write("requestIdentifier", requestIdentifier)
    writer.write("storefrontCountryCodes", storefrontCountryCodes)
    writer.write("succeededCount", succeededCount)
    writer.write("failedCount", failedCount)
    return writer.finish()
  }
}
