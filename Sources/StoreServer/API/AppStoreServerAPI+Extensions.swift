import Foundation
import StoreCore
import StorePersistence

extension AppStoreServerAPI {
  /// What both extension endpoints take: `extendByDays` (1–90), `extendReasonCode` (0–3) and
  /// a `requestIdentifier` of at most 128 characters.
  struct ExtensionTerms {
    var days: Int
    var requestIdentifier: String

    init(_ body: RequestBody) throws(APIError) {
      days =
        try body.integer(
          "extendByDays", in: 1...StoreEngine.maximumExtensionDays, or: .invalidExtendByDays) ?? 0
      _ = try body.integer("extendReasonCode", in: 0...3, or: .invalidExtendReasonCode)
      let identifier = try body.string("requestIdentifier", or: .invalidRequestIdentifier) ?? ""
      guard !identifier.isEmpty, identifier.count <= 128 else {
        throw APIError.invalidRequestIdentifier
      }
      requestIdentifier = identifier
    }
  }

  /// `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`: extends one subscription
  /// through the engine (a `RENEWAL_EXTENDED` notification is written with it).
  func extendRenewalDate(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    guard let original = UInt64(id), original > 0, id.allSatisfy(\.isASCII) else {
      throw APIError.invalidOriginalTransactionID
    }
    let terms = try ExtensionTerms(try RequestBody(request.body))
    _ = try transaction(id, notFound: .originalTransactionNotFound)
    let result: RenewalExtensionResult
    do {
      result = try engine.extendRenewalDate(
        original, byDays: terms.days, requestIdentifier: terms.requestIdentifier)
    } catch let refusal as RenewalExtensionRefusal {
      throw APIError(refusal)
    }
    var members = [JSONMember("originalTransactionId", .string(String(original)))]
    if let line = result.webOrderLineItemID {
      members.append(JSONMember("webOrderLineItemId", .string(line)))
    }
    members += [
      JSONMember("success", .bool(true)),
      JSONMember("effectiveDate", .number(String(result.effectiveDate.epochMilliseconds))),
    ]
    return .json(.object(members))
  }

  /// `POST /inApps/v1/subscriptions/extend/mass`: extends every active subscriber of a product.
  ///
  /// Each active subscription of the product (in the given storefronts) is extended now, one
  /// engine extension each (a refusal is a `RENEWAL_EXTENSION`/`FAILURE` notification); then the
  /// request's counts are recorded with its `RENEWAL_EXTENSION`/`SUMMARY` notification. A repeated `requestIdentifier` for the
  /// product does nothing again.
  func massExtendRenewalDate(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request.body)
    let terms = try ExtensionTerms(body)
    let productID = try body.string("productId", or: .invalidProductID) ?? ""
    guard engine.catalog.product(id: productID)?.type == .autoRenewable else {
      throw APIError.invalidProductID
    }
    let storefronts = try body.strings(
      "storefrontCountryCodes", or: .invalidStorefrontCode)
    if let storefronts {
      guard !storefronts.isEmpty else { throw APIError.emptyStorefrontList }
      guard
        storefronts.allSatisfy({ code in
          code.utf8.count == 3 && code.utf8.allSatisfy { (65...90).contains($0) }
        })
      else { throw APIError.invalidStorefrontCode }
    }
    let answer = HTTPResponse.json(
      .object([JSONMember("requestIdentifier", .string(terms.requestIdentifier))]))
    if try requests.massExtension(
      productID: productID, requestIdentifier: terms.requestIdentifier, identity: identity)
      != nil
    {
      return answer
    }
    let requested = clock.now()
    var succeeded = 0
    var failed = 0
    for original in try requests.subscriptionOriginalIDs(productID: productID) {
      guard let record = try ledger.record(id: original), let signed = record.signed,
        isServed(signed), !signed.payload.inAppOwnershipType.isHeldThroughOthers,
        storefronts.map({ $0.contains(signed.payload.storefront) }) ?? true,
        let latest = try ledger.latestRecord(customerID: record.customerID, originalID: original)?
          .signed?.payload,
        latest.revocationDate == nil,
        let expires = latest.expiresDate, expires > requested.epochMilliseconds
      else { continue }
      do {
        _ = try engine.extendRenewalDate(
          original, byDays: terms.days, requestIdentifier: terms.requestIdentifier)
        succeeded += 1
      } catch let refusal as RenewalExtensionRefusal {
        try engine.recordRenewalExtensionFailure(
          original, requestIdentifier: terms.requestIdentifier, refusal: refusal)
        failed += 1
      }
    }
    let summary = try notifications.renewalExtensionSummary(
      productID: productID, requestIdentifier: terms.requestIdentifier,
      storefrontCountryCodes: storefronts, succeeded: succeeded, failed: failed)
    try requests.recordMassExtension(
      productID: productID,
      status: MassExtensionStatus(
        requestIdentifier: terms.requestIdentifier, completeDate: clock.now(),
        succeeded: succeeded, failed: failed),
      identity: identity, requested: requested, summary: summary)
    return answer
  }

  /// `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`.
  func massExtensionStatus(productID: String, requestIdentifier: String) throws -> HTTPResponse {
    guard !requestIdentifier.isEmpty, requestIdentifier.count <= 128 else {
      throw APIError.invalidRequestIdentifier
    }
    guard
      let status = try requests.massExtension(
        productID: productID, requestIdentifier: requestIdentifier, identity: identity)
    else { throw APIError.statusRequestNotFound }
    var members = [
      JSONMember("requestIdentifier", .string(requestIdentifier)),
      JSONMember("complete", .bool(status.completeDate != nil)),
    ]
    if let date = status.completeDate {
      members.append(JSONMember("completeDate", .number(String(date.epochMilliseconds))))
    }
    members += [
      JSONMember("succeededCount", .integer(status.succeeded)),
      JSONMember("failedCount", .integer(status.failed)),
    ]
    return .json(.object(members))
  }
}

extension APIError {
  /// Apple's error for an engine refusal of a renewal-date extension.
  init(_ refusal: RenewalExtensionRefusal) {
    switch refusal {
    case .notFound: self = .originalTransactionNotFound
    case .familyShared: self = .familySharedExtensionIneligible
    case .ineligible: self = .subscriptionExtensionIneligible
    case .maxExtensions: self = .subscriptionMaxExtension
    }
  }
}
