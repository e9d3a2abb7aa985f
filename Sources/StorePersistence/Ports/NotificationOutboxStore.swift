import Foundation
import StoreCore

/// Where App Store Server Notifications V2 wait to be delivered and what became of each
/// attempt: the port `storeterm serve` (its API and its delivery) reads and writes through, on
/// SQLite or PostgreSQL.
public protocol NotificationOutboxStore: Sendable {
  /// Writes `notification` into the outbox (a test notification, which no event produces).
  func enqueue(_ notification: OutboxNotification) throws

  /// Registers `url` (once): it gets every notification written after this first registration.
  func register(url: String, date: Date) throws

  /// Claims the notifications of `bundleID` in `environment` due at `url` by `now` (never
  /// tried, or failed with a retry due), oldest first, at most `limit`: no other claim gets
  /// them until this one ends. The caller posts each, records each attempt through the claim
  /// and ends it.
  func claimDue(
    url: String, bundleID: String, environment: AppStoreEnvironment, now: Date, limit: Int
  ) throws -> any DeliveryClaim

  /// Every URL's delivery fault.
  func faults() throws -> [String: DeliveryFault]

  /// Counts one post a counted fault of `url` affected; the fault is cleared after its last.
  func consumeFault(url: String) throws

  /// Notifications of the app for Get Notification History: signed from `start` (inclusive) to
  /// `end` (exclusive), after outbox position `after`, optionally only of `type` and `subtype`,
  /// of `customerID`, or not yet delivered everywhere; oldest first, at most `limit`.
  func history(
    bundleID: String, environment: AppStoreEnvironment, start: Date, end: Date, after: Int64,
    type: String?, subtype: String?, customerID: String?, onlyFailures: Bool, limit: Int
  ) throws -> [OutboxEntry]

  /// The notification with UUID `uuid` (lowercase), if stored.
  func entry(uuid: String) throws -> OutboxEntry?

  /// The outbox, oldest first, at most `limit` from the newest.
  func entries(limit: Int) throws -> [OutboxEntry]

  /// At most `limit` notifications older than outbox position `before` (the newest when nil),
  /// newest first, by key; and whether older ones remain.
  func page(before: Int64?, limit: Int) throws -> (entries: [OutboxEntry], hasOlder: Bool)

  /// A value that changes whenever a notification is written or an attempt recorded, by any
  /// process.
  func stamp() throws -> [Int64]

  /// Makes notification `sequence` due again at every URL at `now`, with a fresh retry
  /// schedule; false when there is no such notification.
  func resend(sequence: Int64, now: Date) throws -> Bool

  /// Sets (nil: clears) the delivery fault of `url`.
  func setFault(_ fault: DeliveryFault?, url: String) throws

  /// Every failed delivery to `url` (nil: to every URL) with a retry left is due at `now`, and
  /// what a delay or a reorder holds is released; returns how many retries were brought forward.
  @discardableResult
  func retryNow(url: String?, now: Date) throws -> Int
}

/// Due deliveries held by one deliverer until it ends the claim: the attempts it records
/// through the claim are kept when it commits; what it did not record stays due.
public protocol DeliveryClaim: AnyObject {
  /// The claimed deliveries, oldest first.
  var due: [DueDelivery] { get }

  /// Records an attempt to post notification `sequence`: delivered (a 2xx), or failed with the
  /// next attempt due at `nextAttempt` (nil: no more attempts).
  func record(_ attempt: SendAttempt, sequence: Int64, delivered: Bool, nextAttempt: Date?)
    throws

  /// Keeps what was recorded and lets the deliveries go.
  func commit() throws

  /// Lets the deliveries go; what was recorded through the claim may be lost.
  func release()
}

extension NotificationOutbox: NotificationOutboxStore {
  /// Writes `notification` into the outbox.
  public func enqueue(_ notification: OutboxNotification) throws {
    try queue.write { db in try SQLiteLedger.insert(notification, eventSequence: nil, db: db) }
  }

  /// The due deliveries as read now: on SQLite one process delivers at a time, and each
  /// attempt is recorded in its own transaction as it is made.
  public func claimDue(
    url: String, bundleID: String, environment: AppStoreEnvironment, now: Date, limit: Int
  ) throws -> any DeliveryClaim {
    SQLiteDeliveryClaim(
      outbox: self,
      due: try due(
        url: url, bundleID: bundleID, environment: environment, now: now, limit: limit))
  }
}

/// SQLite's claim: a read of what is due, each attempt written as it is recorded.
final class SQLiteDeliveryClaim: DeliveryClaim {
  let outbox: NotificationOutbox
  let due: [DueDelivery]

  init(outbox: NotificationOutbox, due: [DueDelivery]) {
    self.outbox = outbox
    self.due = due
  }

  func record(_ attempt: SendAttempt, sequence: Int64, delivered: Bool, nextAttempt: Date?)
    throws
  {
    try outbox.record(attempt, sequence: sequence, delivered: delivered, nextAttempt: nextAttempt)
  }

  func commit() {}

  func release() {}
}
