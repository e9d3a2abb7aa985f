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
  static let invalidExtendByDays = APIError(
    status: 400, code: 4_000_009, message: "Invalid extend by days value.")
  static let invalidExtendReasonCode = APIError(
    status: 400, code: 4_000_010, message: "Invalid extend reason code.")
  static let invalidRequestIdentifier = APIError(
    status: 400, code: 4_000_011, message: "Invalid request identifier.")
  static let emptyStorefrontList = APIError(
    status: 400, code: 4_000_027, message: "Invalid request. The storefront list is empty.")
  static let invalidStorefrontCode = APIError(
    status: 400, code: 4_000_028, message: "Invalid storefront country code.")
  static let invalidAppAccountToken = APIError(
    status: 400, code: 4_000_033, message: "Invalid app account token.")
  static let invalidConsumptionStatus = APIError(
    status: 400, code: 4_000_034, message: "Invalid consumption status.")
  static let invalidCustomerConsented = APIError(
    status: 400, code: 4_000_035, message: "Invalid customer consented.")
  static let invalidDeliveryStatus = APIError(
    status: 400, code: 4_000_036, message: "Invalid delivery status.")
  static let invalidLifetimeDollarsPurchased = APIError(
    status: 400, code: 4_000_037, message: "Invalid lifetime dollars purchased.")
  static let invalidLifetimeDollarsRefunded = APIError(
    status: 400, code: 4_000_038, message: "Invalid lifetime dollars refunded.")
  static let invalidPlatform = APIError(status: 400, code: 4_000_039, message: "Invalid platform.")
  static let invalidPlayTime = APIError(status: 400, code: 4_000_040, message: "Invalid play time.")
  static let invalidSampleContentProvided = APIError(
    status: 400, code: 4_000_041, message: "Invalid sample content provided.")
  static let invalidUserStatus = APIError(
    status: 400, code: 4_000_042, message: "Invalid user status.")
  static let invalidAccountTenure = APIError(
    status: 400, code: 4_000_032, message: "Invalid account tenure.")
  static let transactionTypeNotSupported = APIError(
    status: 400, code: 4_000_047, message: "Invalid transaction type not supported.")
  static let invalidAppAccountTokenUUID = APIError(
    status: 400, code: 4_000_183, message: "Invalid app account token. It must be a UUID.")
  static let familyTransactionNotSupported = APIError(
    status: 400, code: 4_000_185,
    message: "Invalid request. Family Sharing transactions are not supported.")
  static let notOriginalTransactionID = APIError(
    status: 400, code: 4_000_187,
    message: "Invalid request. The transaction id is not an original transaction id.")
  static let subscriptionExtensionIneligible = APIError(
    status: 403, code: 4_030_004,
    message: "Forbidden - subscription state ineligible for extension.")
  static let subscriptionMaxExtension = APIError(
    status: 403, code: 4_030_005,
    message: "Forbidden - subscription has reached maximum extension count.")
  static let familySharedExtensionIneligible = APIError(
    status: 403, code: 4_030_007,
    message:
      "Subscriptions that users obtain through Family Sharing can't get a renewal date extension directly."
  )
  static let statusRequestNotFound = APIError(
    status: 404, code: 4_040_009,
    message:
      "The server didn't find a subscription-renewal-date extension request for this requestIdentifier and productId combination."
  )
  static let notFound = APIError(status: 404, code: 4_040_000, message: "Not found.")
  static let methodNotAllowed = APIError(
    status: 405, code: 4_050_000, message: "Method not allowed.")
  static let internalError = APIError(
    status: 500, code: 5_000_000, message: "An unknown error occurred.")
}
