import Foundation
import StoreCore
import StoreJWS

/// Get Notification History's request: the JSON body Apple's `NotificationHistoryRequest`
/// describes and the `paginationToken` query parameter, validated with Apple's error codes.
struct NotificationHistoryQuery: Sendable {
  /// The first signing date included.
  var start: Date
  /// The first signing date excluded.
  var end: Date
  /// Only this type, if given.
  var type: NotificationTypeV2?
  /// Only this subtype, if given.
  var subtype: NotificationSubtype?
  /// Only the customer of this transaction (or original transaction), if given.
  var transactionID: String?
  /// Only notifications no URL acknowledged.
  var onlyFailures: Bool
  /// The outbox position the previous page ended at (0 for the first page).
  var after: Int64

  /// Reads `request` at simulated time `now`; `startDate` may reach `days` back.
  init(_ request: HTTPRequest, now: Date, days: Int) throws(APIError) {
    after = 0
    for value in request.queryValues("paginationToken") {
      guard let position = Self.position(token: value) else {
        throw APIError.invalidPaginationToken
      }
      after = position
    }
    guard let body = try? JSONParser.parse(request.body), case .object = body else {
      throw APIError.generalBadRequest
    }
    guard let startMS = Self.integer(body["startDate"]) else { throw APIError.invalidStartDate }
    guard let endMS = Self.integer(body["endDate"]) else { throw APIError.invalidEndDate }
    start = Date(epochMilliseconds: startMS)
    end = Date(epochMilliseconds: endMS)
    guard start <= end else { throw APIError.startDateAfterEndDate }
    guard start >= now.addingTimeInterval(-Double(days) * 86_400) else {
      throw APIError.startDateTooFarInPast
    }
    type = nil
    if let value = body["notificationType"], value != .null {
      guard case .string(let text) = value, let parsed = NotificationTypeV2(rawValue: text) else {
        throw APIError.invalidNotificationType
      }
      type = parsed
    }
    subtype = nil
    if let value = body["notificationSubtype"], value != .null {
      guard case .string(let text) = value, let parsed = NotificationSubtype(rawValue: text)
      else { throw APIError.invalidNotificationSubtype }
      subtype = parsed
    }
    transactionID = nil
    for name in ["transactionId", "originalTransactionId"] {
      guard let value = body[name], value != .null else { continue }
      guard case .string(let text) = value else { throw APIError.invalidTransactionID }
      transactionID = text
    }
    onlyFailures = false
    if let value = body["onlyFailures"], value != .null {
      guard case .bool(let flag) = value else { throw APIError.generalBadRequest }
      onlyFailures = flag
    }
  }

  /// The opaque token for the page after outbox position `sequence`: `base64url("n1:SEQ")`.
  static func token(after sequence: Int64) -> String {
    Base64.urlEncode(Array("n1:\(sequence)".utf8))
  }

  /// The position a token names; nil when this server did not issue it.
  static func position(token: String) -> Int64? {
    guard token.utf8.count <= 64, let bytes = Base64.urlDecode(Array(token.utf8)) else {
      return nil
    }
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.hasPrefix("n1:"), let value = Int64(text.dropFirst(3)), value >= 0 else {
      return nil
    }
    return value
  }

  private static func integer(_ value: JSONValue?) -> Int64? {
    guard case .number(let text)? = value else { return nil }
    return Int64(text)
  }
}
