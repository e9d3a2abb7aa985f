import StoreCore

/// An App Store Server API error: the HTTP status and Apple's `errorCode` and `errorMessage`.
///
/// Codes are Apple's ([error codes](https://developer.apple.com/documentation/appstoreserverapi/error-codes));
/// messages follow Apple's style.
public struct APIError: Error, Equatable, Sendable {
  /// The HTTP status.
  public var status: Int
  /// Apple's error code.
  public var code: Int
  /// The message.
  public var message: String

  /// Creates an error.
  public init(status: Int, code: Int, message: String) {
    self.status = status
    self.code = code
    self.message = message
  }

  /// The body Apple sends: `{"errorCode": N, "errorMessage": "…"}`.
  public var response: HTTPResponse {
    .json(
      .object([
        JSONMember("errorCode", .integer(code)), JSONMember("errorMessage", .string(message)),
      ]), status: status)
  }

  static let generalBadRequest = APIError(status: 400, code: 4_000_000, message: "Bad request.")
  static let invalidRevision = APIError(
    status: 400, code: 4_000_005, message: "Invalid request revision.")
  static let invalidTransactionID = APIError(
    status: 400, code: 4_000_006, message: "Invalid transaction id.")
  static let invalidOriginalTransactionID = APIError(
    status: 400, code: 4_000_008, message: "Invalid original transaction id.")
  static let startDateAfterEndDate = APIError(
    status: 400, code: 4_000_013,
    message: "Invalid request. The start date is later than the end date.")
  static let startDateTooFarInPast = APIError(
    status: 400, code: 4_000_012,
    message: "Invalid request. The start date is earlier than the allowed start date.")
  static let invalidPaginationToken = APIError(
    status: 400, code: 4_000_014, message: "Invalid pagination token.")
  static let invalidNotificationType = APIError(
    status: 400, code: 4_000_018, message: "Invalid notification type.")
  static let invalidNotificationSubtype = APIError(
    status: 400, code: 4_000_019, message: "Invalid notification subtype.")
  static let invalidTestNotificationToken = APIError(
    status: 400, code: 4_000_020, message: "Invalid test notification token.")
  static let testNotificationNotFound = APIError(
    status: 404, code: 4_040_008, message: "Test notification not found.")
  static let invalidStartDate = APIError(
    status: 400, code: 4_000_015, message: "Invalid start date.")
  static let invalidEndDate = APIError(status: 400, code: 4_000_016, message: "Invalid end date.")
  static let invalidSort = APIError(status: 400, code: 4_000_021, message: "Invalid sort.")
  static let invalidProductType = APIError(
    status: 400, code: 4_000_022, message: "Invalid product type.")
  static let invalidProductID = APIError(
    status: 400, code: 4_000_023, message: "Invalid product id.")
  static let invalidSubscriptionGroup = APIError(
    status: 400, code: 4_000_024, message: "Invalid subscription group identifier.")
  static let invalidOwnershipType = APIError(
    status: 400, code: 4_000_026, message: "Invalid in-app ownership type.")
  static let invalidRevoked = APIError(status: 400, code: 4_000_030, message: "Invalid revoked.")
  static let invalidStatus = APIError(status: 400, code: 4_000_031, message: "Invalid status.")
  static let transactionNotFound = APIError(
    status: 404, code: 4_040_010, message: "Transaction id not found.")
  static let originalTransactionNotFound = APIError(
    status: 404, code: 4_040_005, message: "Original transaction id not found.")
  static let appTransactionNotFound = APIError(
    status: 404, code: 4_040_019, message: "App transaction does not exist.")
  static let notFound = APIError(status: 404, code: 4_040_000, message: "Not found.")
  static let methodNotAllowed = APIError(
    status: 405, code: 4_050_000, message: "Method not allowed.")
  static let internalError = APIError(
    status: 500, code: 5_000_000, message: "An unknown error occurred.")
}
