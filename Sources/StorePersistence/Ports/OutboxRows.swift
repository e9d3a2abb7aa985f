import Foundation
import StoreCore

/// What both backends read the same way from the outbox's stored columns.
public enum OutboxRows {
  /// The notification stored in one `outbox` row, or `LedgerError.damagedRow` when its UUID,
  /// type or environment is not one storeterm writes.
  public static func notification(
    sequence: Int64, uuid: String, type: String, subtype: String?, signedPayload: String,
    signedMilliseconds: Int64, bundleID: String, environment: String, customerID: String,
    transactionID: Int64?
  ) throws -> OutboxNotification {
    guard let uuid = UUID(uuidString: uuid), let type = NotificationTypeV2(rawValue: type),
      let environment = AppStoreEnvironment(rawValue: environment)
    else {
      throw LedgerError.damagedRow(
        table: "outbox", id: String(sequence), reason: "not a notification this storeterm wrote")
    }
    return OutboxNotification(
      uuid: uuid,
      kind: NotificationKind(type, subtype.flatMap(NotificationSubtype.init(rawValue:))),
      signedPayload: signedPayload, signedDate: Date(epochMilliseconds: signedMilliseconds),
      bundleID: bundleID, environment: environment, customerID: customerID,
      transactionID: transactionID.map { UInt64($0) })
  }

  /// The fault stored for `url`, or `LedgerError.damagedRow` for a kind storeterm does not
  /// write.
  public static func fault(
    url: String, kind: String, delayMilliseconds: Int64, remaining: Int64?, released: Int64
  ) throws -> DeliveryFault {
    guard let kind = DeliveryFault.Kind(rawValue: kind) else {
      throw LedgerError.damagedRow(
        table: "notification_faults", id: url, reason: "unknown fault \(kind)")
    }
    return DeliveryFault(
      kind: kind, delay: TimeInterval(delayMilliseconds) / 1000,
      remaining: remaining.map { Int($0) },
      releasedThrough: released)
  }
}
