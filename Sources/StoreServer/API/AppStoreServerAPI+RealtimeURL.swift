import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import Synchronization

extension AppStoreServerAPI {
  /// Apple's limit on `realtimeURL`.
  static let maximumRealtimeURLLength = 256

  /// The callout the App Store makes to the app's Get Retention Message endpoint.
  func retentionCallout(deadline: TimeInterval = RetentionCallout.standardDeadline)
    -> RetentionCallout
  {
    RetentionCallout(
      store: retentionStore, signer: signer, clock: clock, catalog: engine.catalog,
      deadline: deadline)
  }

  /// `PUT /inApps/v1/messaging/realtime/url`: an absolute `https` URL of at most 256
  /// characters (`http` only on the loopback address, for a backend on the same machine).
  func configureRealtimeURL(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request.body)
    let text = try body.string("realtimeURL", or: .badRequestRealtimeURL) ?? ""
    guard text.utf8.count <= Self.maximumRealtimeURLLength, let url = URL(string: text),
      let host = url.host, !host.isEmpty, url.user == nil, url.password == nil,
      url.scheme == "https"
        || (url.scheme == "http" && ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host))
    else { throw APIError.badRequestRealtimeURL }
    try retentionStore.setRealtimeURL(text)
    return .empty(status: 200)
  }

  /// `GET /inApps/v1/messaging/realtime/url`.
  func getRealtimeURL() throws -> HTTPResponse {
    guard let url = try retentionStore.realtimeURL() else { throw APIError.realtimeURLNotFound }
    return .json(.object([JSONMember("realtimeURL", .string(url))]))
  }

  /// `DELETE /inApps/v1/messaging/realtime/url`.
  func deleteRealtimeURL() throws -> HTTPResponse {
    do {
      try retentionStore.deleteRealtimeURL()
    } catch is RetentionRefusal {
      throw APIError.realtimeURLNotFound
    }
    return .empty(status: 200)
  }

  /// `POST /inApps/v1/messaging/performanceTest`: starts calling the configured URL as the
  /// App Store would for the given active subscription (``PerformanceTest``), and answers at
  /// once with the test's configuration and `requestId`.
  func initiatePerformanceTest(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request.body)
    let idText =
      try body.string("originalTransactionId", or: .invalidPerformanceTestRequest) ?? ""
    guard let originalID = UInt64(idText), originalID > 0, idText.allSatisfy(\.isASCII) else {
      throw APIError.invalidPerformanceTestRequest
    }
    let found = try transaction(idText, notFound: .originalTransactionNotFound)
    let payload = found.signed.payload
    guard payload.type == .autoRenewableSubscription,
      let latest = try ledger.latestRecord(
        customerID: found.record.customerID, originalID: originalID)?.signed?.payload,
      latest.revocationDate == nil,
      (latest.expiresDate ?? 0) > clock.now().epochMilliseconds
    else { throw APIError.invalidPerformanceTestRequest }
    let store = retentionStore
    guard let target = try store.realtimeURL(), let url = URL(string: target) else {
      throw APIError.realtimeURLNotFound
    }
    let requestID = UUID().uuidString.lowercased()
    try PerformanceTest.endAbandoned(in: store)
    // Registered before it is recorded, so no other request takes it for abandoned.
    PerformanceTest.running.withLock { _ = $0.insert(requestID) }
    do {
      try store.startPerformanceTest(
        requestID: requestID, originalTransactionID: idText, target: target, date: clock.now())
    } catch is RetentionRefusal {
      PerformanceTest.running.withLock { _ = $0.remove(requestID) }
      throw APIError.existingPerformanceTestRun
    }
    let test = PerformanceTest(
      callout: retentionCallout(
        deadline: Double(PerformanceTest.responseTimeThreshold) / 1000),
      realNow: realNow)
    let product = latest.productId
    Task.detached {
      await test.run(
        requestID: requestID, url: url, originalTransactionID: originalID, productID: product)
    }
    return .json(
      .object([
        JSONMember("config", PerformanceTest.config),
        JSONMember("requestId", .string(requestID)),
      ]))
  }

  /// `GET /inApps/v1/messaging/performanceTest/result/{requestId}`: `PENDING` while it runs.
  func performanceTestResult(_ requestID: String) throws -> HTTPResponse {
    guard requestID.utf8.count == 36, let uuid = UUID(uuidString: requestID) else {
      throw APIError.invalidRequestID
    }
    guard let test = try retentionStore.performanceTest(requestID: uuid.uuidString.lowercased())
    else { throw APIError.performanceTestNotFound }
    if let text = test.resultJSON, let value = try? JSONParser.parse(Array(text.utf8)) {
      return .json(value)
    }
    return .json(
      .object([
        JSONMember("config", PerformanceTest.config),
        JSONMember("target", .string(test.target)),
        JSONMember("result", .string("PENDING")),
        JSONMember("numPending", .integer(PerformanceTest.totalRequests)),
      ]))
  }
}
