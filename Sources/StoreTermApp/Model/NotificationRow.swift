import Foundation

/// One App Store Server Notification in the outbox, as the Notifications screen shows it.
public struct NotificationRow: Sendable, Equatable, Identifiable {
  /// Where one URL stands with this notification.
  public enum DeliveryState: Sendable, Equatable {
    /// Not tried yet: `storeterm serve --notify` posts it when it next looks.
    case waiting
    /// Acknowledged (a 2xx) at this simulated time.
    case delivered(Date)
    /// The last attempt failed with this HTTP status (nil: no answer) and Apple's
    /// `sendAttemptResult`; retried at `nextRetry`, or never again when nil.
    case failed(status: Int?, result: String, nextRetry: Date?)
  }

  /// One URL the notification goes to, and how it stands there.
  public struct Delivery: Sendable, Equatable {
    /// The `--notify` URL.
    public var url: String
    /// Attempts made so far.
    public var attempts: Int
    /// Where it stands.
    public var state: DeliveryState

    /// Creates a delivery.
    public init(url: String, attempts: Int, state: DeliveryState) {
      self.url = url
      self.attempts = attempts
      self.state = state
    }
  }

  /// The outbox position: the keyset the screen pages by (newest first).
  public var sequence: Int64
  /// `notificationUUID`, the identity the selection follows.
  public var id: UUID
  /// When it was signed (simulated time).
  public var signedDate: Date
  /// `notificationType`, such as `DID_RENEW`.
  public var type: String
  /// `subtype`, if any.
  public var subtype: String?
  /// The transaction it reports, if any.
  public var transactionID: UInt64?
  /// Each URL it goes to.
  public var deliveries: [Delivery]
  /// The JWS payload, decoded and pretty-printed (not yet made terminal-safe).
  public var payloadJSON: String

  /// Creates a row.
  public init(
    sequence: Int64, id: UUID, signedDate: Date, type: String, subtype: String?,
    transactionID: UInt64?, deliveries: [Delivery], payloadJSON: String
  ) {
    self.sequence = sequence
    self.id = id
    self.signedDate = signedDate
    self.type = type
    self.subtype = subtype
    self.transactionID = transactionID
    self.deliveries = deliveries
    self.payloadJSON = payloadJSON
  }

  /// `DID_RENEW` or `SUBSCRIBED/INITIAL_BUY`.
  public var name: String { subtype.map { "\(type)/\($0)" } ?? type }
}

/// One keyset page of the outbox, newest first: the rows older than `before` (the newest when
/// nil), and whether older ones remain.
public struct NotificationPage: Sendable, Equatable {
  /// The position the page starts below; nil for the newest page.
  public var before: Int64?
  /// The rows, newest first.
  public var rows: [NotificationRow]
  /// Whether rows older than the last remain.
  public var hasOlder: Bool
  /// The delivery fault set on each URL that has one, in words (`drop (1 left)`).
  public var faults: [String: String] = [:]

  /// Creates a page.
  public init(before: Int64?, rows: [NotificationRow], hasOlder: Bool) {
    self.before = before
    self.rows = rows
    self.hasOlder = hasOlder
  }
}
