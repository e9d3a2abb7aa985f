import Foundation
import StoreCore
import StorePersistence

extension AppStoreServerAPI {
  /// Notifications per page of Get Notification History.
  static let notificationPageSize = 20
  /// How far back Get Notification History reaches, as Apple's does: 180 days.
  static let notificationHistoryDays = 180

  /// `POST /inApps/v1/notifications/history`: the app's notifications signed in
  /// [`startDate`, `endDate`), filtered, 20 a page in the order they were written, each with
  /// its send attempts.
  func notificationHistory(_ request: HTTPRequest) throws -> HTTPResponse {
    let query = try NotificationHistoryQuery(
      request, now: clock.now(), days: Self.notificationHistoryDays)
    var customerID: String?
    if let id = query.transactionID {
      customerID = try transaction(id).record.customerID
    }
    let found = try outbox.history(
      bundleID: identity.bundleId, environment: identity.environment, start: query.start,
      end: query.end, after: query.after, type: query.type?.rawValue,
      subtype: query.subtype?.rawValue, customerID: customerID, onlyFailures: query.onlyFailures,
      limit: Self.notificationPageSize + 1)
    let page = found.prefix(Self.notificationPageSize)
    var members = [
      JSONMember("notificationHistory", .array(page.map(Self.historyItem))),
      JSONMember("hasMore", .bool(found.count > page.count)),
    ]
    if found.count > page.count, let last = page.last {
      members.append(
        JSONMember(
          "paginationToken", .string(NotificationHistoryQuery.token(after: last.sequence))))
    }
    return .json(.object(members))
  }

  /// `POST /inApps/v1/notifications/test`: signs a `TEST` notification into the outbox, for
  /// `serve --notify` to post; the token names it.
  func requestTestNotification() throws -> HTTPResponse {
    let token = try TestNotificationRequest.send(with: notifications, into: outbox).token
    return .json(.object([JSONMember("testNotificationToken", .string(token))]))
  }

  /// `GET /inApps/v1/notifications/test/{testNotificationToken}`: the test notification and
  /// its send attempts so far.
  func testNotificationStatus(_ token: String) throws -> HTTPResponse {
    let uuidText = token.split(separator: "_", maxSplits: 1).first.map(String.init) ?? ""
    guard token.utf8.count <= 128, let uuid = UUID(uuidString: uuidText) else {
      throw APIError.invalidTestNotificationToken
    }
    guard let entry = try outbox.entry(uuid: uuid.uuidString.lowercased()),
      entry.notification.kind.type == .test,
      entry.notification.bundleID == identity.bundleId,
      entry.notification.environment == identity.environment
    else { throw APIError.testNotificationNotFound }
    return .json(Self.historyItem(entry))
  }

  /// `{signedPayload, sendAttempts: [{attemptDate, sendAttemptResult}]}`.
  static func historyItem(_ entry: OutboxEntry) -> JSONValue {
    .object([
      JSONMember("signedPayload", .string(entry.notification.signedPayload)),
      JSONMember(
        "sendAttempts",
        .array(
          entry.attempts.map { attempt in
            .object([
              JSONMember("attemptDate", .number(String(attempt.date.epochMilliseconds))),
              JSONMember("sendAttemptResult", .string(attempt.result)),
            ])
          })),
    ])
  }
}
