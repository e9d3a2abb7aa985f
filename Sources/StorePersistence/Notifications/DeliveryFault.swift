import Foundation

/// A delivery fault QA sets on one notification URL, to test how a developer's server copes:
/// what `storeterm serve --notify` does to each post to that URL while it is set.
public struct DeliveryFault: Sendable, Equatable {
  /// What happens to a post.
  public enum Kind: String, Sendable, CaseIterable {
    /// Lost on the way: never posted, recorded as an attempt without an answer
    /// (`NO_RESPONSE`) and retried on Apple's schedule.
    case drop
    /// Posted only `delay` seconds (simulated time) after it was signed.
    case delay
    /// Posted twice, the same body (the same `notificationUUID`) each time.
    case duplicate
    /// Held until a later notification is due, then posted after it.
    case reorder
  }

  /// What happens.
  public var kind: Kind
  /// For ``Kind/delay``: how long after signing, in simulated seconds.
  public var delay: TimeInterval
  /// For ``Kind/drop`` and ``Kind/duplicate``: how many more posts it affects; nil: every
  /// post until it is cleared.
  public var remaining: Int?
  /// Notifications up to this outbox position are no longer held by a delay or a reorder
  /// ("send the retry now" releases them).
  public var releasedThrough: Int64

  /// Creates a fault.
  public init(
    kind: Kind, delay: TimeInterval = 0, remaining: Int? = nil, releasedThrough: Int64 = 0
  ) {
    self.kind = kind
    self.delay = delay
    self.remaining = remaining
    self.releasedThrough = releasedThrough
  }

  /// The fault in a few words: `drop (2 left)`, `delay 30s`, `duplicate`, `reorder`.
  public var words: String {
    let base = kind == .delay ? "delay \(Int(delay))s" : kind.rawValue
    return remaining.map { "\(base) (\($0) left)" } ?? base
  }
}
