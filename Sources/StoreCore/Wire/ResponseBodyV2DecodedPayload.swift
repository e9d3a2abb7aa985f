import Foundation

/// A signed App Store Server Notification V2's payload.
///
/// The `data` and `summary` variants are modeled (not `externalPurchaseToken` or `appData`).
/// Its bundle ID and environment come from `data`, else `summary`, as in Apple's library.
///
/// [ResponseBodyV2DecodedPayload](https://developer.apple.com/documentation/appstoreserverapi/responsebodyv2decodedpayload)
public struct ResponseBodyV2DecodedPayload: SignedPayload {
  /// The kind of signed data: `.notification`.
  public static let kind = SignedPayloadKind.notification

  /// The event the notification reports.
  public var notificationType: NotificationTypeV2
  /// The event's detail.
  public var subtype: NotificationSubtype?
  /// The notification's unique ID.
  public var notificationUUID: UUID
  /// The app and the signed transaction and renewal info.
  public var data: NotificationData?
  /// What a mass renewal-date extension did (`RENEWAL_EXTENSION`/`SUMMARY` only).
  public var summary: NotificationSummary?
  /// The notification format version, `2.0`.
  public var version: String
  /// When the App Store signed this data (epoch ms).
  public var signedDate: Int64

  /// Creates a payload; optional fields default to absent.
  public init(
    notificationType: NotificationTypeV2,
    subtype: NotificationSubtype? = nil,
    notificationUUID: UUID,
    data: NotificationData? = nil,
    summary: NotificationSummary? = nil,
    version: String,
    signedDate: Int64
  ) {
    self.summary = summary
    self.notificationType = notificationType
    self.subtype = subtype
    self.notificationUUID = notificationUUID
    self.data = data
    self.version = version
    self.signedDate = signedDate
  }

  /// Decodes the payload from a parsed JSON object; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    var notificationType: NotificationTypeV2?
    var subtype: NotificationSubtype?
    var notificationUUID: UUID?
    var data: NotificationData?
    var summary: NotificationSummary?
    var version: String?
    var signedDate: Int64?
    for member in try WireJSONReader.members(json, field: "ResponseBodyV2DecodedPayload") {
      switch member.key {
      case "notificationType":
        notificationType = try WireJSONReader.value(
          member.value, "notificationType", as: NotificationTypeV2.self)
      case "subtype":
        subtype = try WireJSONReader.value(member.value, "subtype", as: NotificationSubtype.self)
      case "notificationUUID":
        notificationUUID = try WireJSONReader.uuid(member.value, "notificationUUID")
      case "data":
        data = try WireJSONReader.present(member.value).map { value throws(WireDecodingError) in
          try NotificationData(json: value)
        }
      case "summary":
        summary = try WireJSONReader.present(member.value).map { value throws(WireDecodingError) in
          try NotificationSummary(json: value)
        }
      case "version": version = try WireJSONReader.string(member.value, "version")
      case "signedDate": signedDate = try WireJSONReader.int64(member.value, "signedDate")
      default: break
      }
    }
    self.init(
      notificationType: try WireJSONReader.required(notificationType, "notificationType"),
      subtype: subtype,
      notificationUUID: try WireJSONReader.required(notificationUUID, "notificationUUID"),
      data: data,
      summary: summary,
      version: try WireJSONReader.required(version, "version"),
      signedDate: try WireJSONReader.required(signedDate, "signedDate")
    )
  }

  /// The payload as compact JSON bytes with Apple's field names; absent fields are left out.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter()
    writer.write("notificationType", notificationType)
    writer.write("subtype", subtype)
    writer.write("notificationUUID", notificationUUID)
    writer.write("data", object: data?.jsonBytes())
    writer.write("summary", object: summary?.jsonBytes())
    writer.write("version", version)
    writer.write("signedDate", signedDate)
    return writer.finish()
  }

  /// The fields verification checks.
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(
      signedDate: signedDate, bundleId: data?.bundleId ?? summary?.bundleId,
      environment: data?.environment ?? summary?.environment)
  }
}
