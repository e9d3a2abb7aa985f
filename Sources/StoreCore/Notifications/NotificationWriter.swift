/// Turns a ledger event into the signed notification the App Store sends for it (a port the
/// ledger calls inside the write that records the event).
public protocol NotificationWriter: Sendable {
  /// The notification for `event`, given its transaction and that transaction's subscription
  /// as they stand after the write; nil when Apple sends none for it.
  func notification(
    for event: StoreEvent, transaction: SignedTransaction?, subscription: SubscriptionRecord?
  ) throws -> OutboxNotification?
}
