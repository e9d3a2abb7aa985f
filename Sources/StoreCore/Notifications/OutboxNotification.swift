import Foundation

/// A signed App Store Server Notification V2, as the outbox stores it for delivery.
public struct OutboxNotification: Sendable, Equatable {
  /// The notification's UUID (`notificationUUID`).
  public var uuid: UUID
  /// Its type and subtype.
  public var kind: NotificationKind
  /// The compact JWS of its `ResponseBodyV2DecodedPayload`, what is posted as `signedPayload`.
  public var signedPayload: String
  /// When it was signed (simulated time).
  public var signedDate: Date
  /// The bundle ID it concerns.
  public var bundleID: String
  /// The environment it concerns.
  public var environment: AppStoreEnvironment
  /// The customer it concerns (empty for a test notification).
  public var customerID: String
  /// The transaction it carries, if any.
  public var transactionID: UInt64?

  /// Creates a notification.
  public init(
    uuid: UUID, kind: NotificationKind, signedPayload: String, signedDate: Date,
    bundleID: String, environment: AppStoreEnvironment, customerID: String,
    transactionID: UInt64?
  ) {
    self.uuid = uuid
    self.kind = kind
    self.signedPayload = signedPayload
    self.signedDate = signedDate
    self.bundleID = bundleID
    self.environment = environment
    self.customerID = customerID
    self.transactionID = transactionID
  }
}
