import StoreCore
import StorePersistence

/// Request a Test Notification, in one place for the App Store Server API and the terminal UI:
/// a `TEST` notification signed into the outbox, for `storeterm serve --notify` to post.
public enum TestNotificationRequest {
  /// Signs a `TEST` notification with `factory` into `ledger`'s outbox.
  ///
  /// - Returns: the notification and its `testNotificationToken` (UUID and signing time, as
  ///   Get Test Notification Status takes it).
  public static func send(
    with factory: ServerNotificationFactory, into ledger: SQLiteLedger
  ) throws -> (notification: OutboxNotification, token: String) {
    try send(with: factory, into: NotificationOutbox(ledger: ledger))
  }

  /// Signs a `TEST` notification with `factory` into `outbox` (either backend's).
  public static func send(
    with factory: ServerNotificationFactory, into outbox: any NotificationOutboxStore
  ) throws -> (notification: OutboxNotification, token: String) {
    let notification = try factory.testNotification()
    try outbox.enqueue(notification)
    let token =
      "\(notification.uuid.uuidString.lowercased())_\(notification.signedDate.epochMilliseconds)"
    return (notification, token)
  }
}
