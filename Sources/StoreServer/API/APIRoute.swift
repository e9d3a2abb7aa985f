/// The App Store Server API endpoints storeterm serves, matched from a method and a path.
enum APIRoute: Equatable, Sendable {
  /// `GET /inApps/v1/transactions/{transactionId}`: Get Transaction Info.
  case transactionInfo(String)
  /// `GET /inApps/v2/history/{transactionId}`: Get Transaction History.
  case transactionHistory(String)
  /// `GET /inApps/v1/subscriptions/{transactionId}`: Get All Subscription Statuses.
  case subscriptionStatuses(String)
  /// `GET /inApps/v1/lookup/{orderId}`: Look Up Order ID.
  case orderLookup(String)
  /// `GET /inApps/v2/refund/lookup/{transactionId}`: Get Refund History.
  case refundHistory(String)
  /// `GET /inApps/v1/transactions/appTransactions/{transactionId}`: Get App Transaction Info.
  case appTransaction(String)
  /// `POST /inApps/v1/notifications/history`: Get Notification History.
  case notificationHistory
  /// `POST /inApps/v1/notifications/test`: Request a Test Notification.
  case requestTestNotification
  /// `GET /inApps/v1/notifications/test/{testNotificationToken}`: Get Test Notification Status.
  case testNotificationStatus(String)
  /// `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`: Extend a Subscription
  /// Renewal Date.
  case extendRenewalDate(String)
  /// `POST /inApps/v1/subscriptions/extend/mass`: Extend Subscription Renewal Dates for All
  /// Active Subscribers.
  case massExtendRenewalDate
  /// `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`: Get Status of
  /// Subscription Renewal Date Extensions.
  case massExtensionStatus(productID: String, requestIdentifier: String)
  /// `PUT /inApps/v{1,2}/transactions/consumption/{transactionId}`: Send Consumption
  /// Information (version 1, deprecated, or 2).
  case consumption(String, version: Int)
  /// `PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken`: Set App Account
  /// Token.
  case appAccountToken(String)
  /// `GET /inApps/v1/history/{transactionId}`: Get Transaction History V1 (deprecated).
  case transactionHistoryV1(String)
  /// `POST /inApps/v1/transactions/{transactionId}/finish`: Finish Transaction.
  case finishTransaction(String)
  /// A Retention Messaging API endpoint (`/inApps/v1/messaging/…`).
  case messaging(RetentionRoute)

  /// How a request matched: a route, a known path with another method, or nothing.
  enum Match: Equatable {
    case route(APIRoute)
    case wrongMethod
    case unknownPath
  }

  /// Whether the endpoint only reads the stores, so it can be answered from one read snapshot.
  ///
  /// Only the hot lookups are listed; an endpoint that would write (or create a customer) is
  /// not, and one that tries anyway is answered again outside the snapshot.
  var isReadOnly: Bool {
    switch self {
    case .transactionInfo, .transactionHistory, .transactionHistoryV1, .subscriptionStatuses,
      .refundHistory, .orderLookup:
      true
    default: false
    }
  }

  /// Matches `method` and `path` (already percent-decoded).
  static func match(method: String, path: String) -> Match {
    // Split on the byte, not the Character: "/" is ASCII, and walking grapheme clusters was a
    // sixteenth of a History request.
    let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .map { String(Substring($0)) }
    // "/a/b" splits into ["", "a", "b"].
    guard segments.first == "", segments.count >= 2 else { return .unknownPath }
    let parts = Array(segments.dropFirst())
    if parts.count >= 4, parts[0] == "inApps", parts[1] == "v1", parts[2] == "messaging" {
      return RetentionRoute.match(method: method, parts: parts[3...])
    }
    let found: (method: String, route: APIRoute)? =
      switch parts.count {
      case 4 where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "transactions":
        ("GET", .transactionInfo(parts[3]))
      case 4 where parts[0] == "inApps" && parts[1] == "v2" && parts[2] == "history":
        ("GET", .transactionHistory(parts[3]))
      case 4 where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "history":
        ("GET", .transactionHistoryV1(parts[3]))
      case 4 where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "subscriptions":
        ("GET", .subscriptionStatuses(parts[3]))
      case 4 where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "lookup":
        ("GET", .orderLookup(parts[3]))
      case 5
      where parts[0] == "inApps" && parts[1] == "v2" && parts[2] == "refund"
        && parts[3] == "lookup":
        ("GET", .refundHistory(parts[4]))
      case 5
      where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "transactions"
        && parts[3] == "appTransactions":
        ("GET", .appTransaction(parts[4]))
      case 4
      where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "notifications"
        && parts[3] == "history":
        ("POST", .notificationHistory)
      case 4
      where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "notifications"
        && parts[3] == "test":
        ("POST", .requestTestNotification)
      case 5
      where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "notifications"
        && parts[3] == "test":
        ("GET", .testNotificationStatus(parts[4]))
      case 5
      where parts[0] == "inApps" && (parts[1] == "v1" || parts[1] == "v2")
        && parts[2] == "transactions" && parts[3] == "consumption":
        ("PUT", .consumption(parts[4], version: parts[1] == "v1" ? 1 : 2))
      case 5
      where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "transactions"
        && parts[4] == "finish":
        ("POST", .finishTransaction(parts[3]))
      case 5
      where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "transactions"
        && parts[4] == "appAccountToken":
        ("PUT", .appAccountToken(parts[3]))
      case 5
      where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "subscriptions"
        && parts[3] == "extend":
        parts[4] == "mass"
          ? ("POST", .massExtendRenewalDate) : ("PUT", .extendRenewalDate(parts[4]))
      case 7
      where parts[0] == "inApps" && parts[1] == "v1" && parts[2] == "subscriptions"
        && parts[3] == "extend" && parts[4] == "mass":
        ("GET", .massExtensionStatus(productID: parts[5], requestIdentifier: parts[6]))
      default: nil
      }
    guard let found else { return .unknownPath }
    return found.method == method ? .route(found.route) : .wrongMethod
  }
}
