import Foundation
import StoreCore
import StorePersistence

extension AppStoreServerAPI {
  /// `ConsumptionRequest` (version 2) `deliveryStatus` values.
  static let deliveryStatuses: Set<String> = [
    "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM",
    "UNDELIVERED_SERVER_OUTAGE", "UNDELIVERED_OTHER",
  ]
  /// `ConsumptionRequest` (version 2) `refundPreference` values.
  static let refundPreferences: Set<String> = ["DECLINE", "GRANT_FULL", "GRANT_PRORATED"]

  /// `PUT /inApps/v{1,2}/transactions/consumption/{transactionId}`: checks the body as Apple
  /// documents it (`ConsumptionRequestV1` or `ConsumptionRequest`), stores it, answers 202.
  func sendConsumption(_ id: String, version: Int, _ request: HTTPRequest) throws
    -> HTTPResponse
  {
    let found = try transaction(id)
    let body = try RequestBody(request.body)
    if version == 1 {
      try Self.checkConsumptionV1(body, type: found.signed.payload.type)
    } else {
      try Self.checkConsumption(body, type: found.signed.payload.type)
    }
    try requests.recordConsumption(
      transactionID: found.record.id, version: version, bodyJSON: body.value.compactText,
      date: clock.now())
    return .empty(status: 202)
  }

  /// `ConsumptionRequest`: consent (must be true), sample content, delivery status, and the
  /// optional consumption percentage (milliunits, 0–100000) and refund preference with their
  /// documented constraints.
  static func checkConsumption(_ body: RequestBody, type: InAppProductType) throws(APIError) {
    guard try body.bool("customerConsented", or: .invalidCustomerConsented) == true else {
      throw APIError.invalidCustomerConsented
    }
    _ = try body.bool("sampleContentProvided", or: .invalidSampleContentProvided)
    let delivery = try body.string("deliveryStatus", or: .invalidDeliveryStatus) ?? ""
    guard deliveryStatuses.contains(delivery) else { throw APIError.invalidDeliveryStatus }
    let percentage = try body.integer(
      "consumptionPercentage", in: 0...100_000, required: false, or: .generalBadRequest)
    let preference = try body.string("refundPreference", required: false, or: .generalBadRequest)
    if let preference, !refundPreferences.contains(preference) {
      throw APIError.generalBadRequest
    }
    if let percentage {
      // Unsupported for auto-renewable subscriptions; 0 unless the purchase was delivered.
      guard type != .autoRenewableSubscription, delivery == "DELIVERED" || percentage == 0 else {
        throw APIError.generalBadRequest
      }
    }
    if preference == "GRANT_PRORATED", (percentage ?? 0) == 0 {
      throw APIError.generalBadRequest
    }
  }

  /// `ConsumptionRequestV1`: every field required but `refundPreference`, each an enumeration
  /// of small integers; only consumables and auto-renewable subscriptions take it.
  static func checkConsumptionV1(_ body: RequestBody, type: InAppProductType) throws(APIError) {
    guard type == .consumable || type == .autoRenewableSubscription else {
      throw APIError.transactionTypeNotSupported
    }
    guard try body.bool("customerConsented", or: .invalidCustomerConsented) == true else {
      throw APIError.invalidCustomerConsented
    }
    let enumerations: [(String, ClosedRange<Int>, APIError)] = [
      ("consumptionStatus", 0...3, .invalidConsumptionStatus),
      ("platform", 0...2, .invalidPlatform),
      ("deliveryStatus", 0...5, .invalidDeliveryStatus),
      ("accountTenure", 0...7, .invalidAccountTenure),
      ("playTime", 0...7, .invalidPlayTime),
      ("lifetimeDollarsRefunded", 0...7, .invalidLifetimeDollarsRefunded),
      ("lifetimeDollarsPurchased", 0...7, .invalidLifetimeDollarsPurchased),
      ("userStatus", 0...4, .invalidUserStatus),
    ]
    for (key, range, error) in enumerations { _ = try body.integer(key, in: range, or: error) }
    _ = try body.bool("sampleContentProvided", or: .invalidSampleContentProvided)
    _ = try body.integer("refundPreference", in: 0...3, required: false, or: .generalBadRequest)
    let token = try body.string("appAccountToken", or: .invalidAppAccountToken) ?? ""
    guard token.isEmpty || UUID(uuidString: token) != nil else {
      throw APIError.invalidAppAccountToken
    }
  }

  /// `PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken`: sets the token
  /// through the engine; 200 with no body.
  func setAppAccountToken(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    guard let original = UInt64(id), original > 0, id.allSatisfy(\.isASCII) else {
      throw APIError.invalidOriginalTransactionID
    }
    let body = try RequestBody(request.body)
    guard
      let token = try body.string("appAccountToken", or: .invalidAppAccountTokenUUID)
        .flatMap(UUID.init(uuidString:))
    else { throw APIError.invalidAppAccountTokenUUID }
    _ = try transaction(id)
    do {
      try engine.setAppAccountToken(original, token: token)
    } catch let refusal as AppAccountTokenRefusal {
      switch refusal {
      case .notFound: throw APIError.transactionNotFound
      case .notOriginal: throw APIError.notOriginalTransactionID
      case .familyShared: throw APIError.familyTransactionNotSupported
      }
    }
    return .empty(status: 200)
  }
}
