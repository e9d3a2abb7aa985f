/// How a Notifications screen request ended, as the runner reports it; `update` words it in the
/// catalog's language.
public enum NotificationsOutcome: Sendable, Equatable {
  /// The outbox could not be read, for this reason (the ledger's words).
  case unreadable(String)
  /// The notification to resend is no longer in the outbox.
  case gone
  /// Notification `sequence` is due again at every URL.
  case resent(sequence: Int64)
  /// The resend failed, for this reason.
  case resendFailed(String)
  /// A test notification with this token is in the outbox.
  case testQueued(token: String)
  /// The test notification could not be made, for this reason.
  case testFailed(String)
  /// "Send the retry now": this many retries are due now, held notifications released.
  case retried(Int)
  /// The delivery fault at the URL is now this (nil: none).
  case faultSet(url: String, fault: String?)
  /// Setting a fault or sending the retries failed, for this reason.
  case faultFailed(String)

  /// Whether it is a problem (shown as an error, nothing reloaded).
  public var isError: Bool {
    switch self {
    case .resent, .testQueued, .retried, .faultSet: false
    case .unreadable, .gone, .resendFailed, .testFailed, .faultFailed: true
    }
  }

  /// The sentence, in `snapshot`'s language.
  func message(_ snapshot: StoreSnapshot) -> String {
    let text = snapshot.localized
    return switch self {
    case .unreadable(let reason): text("The outbox cannot be read: %@", reason)
    case .gone: text("That notification is no longer in the outbox.")
    case .resent(let sequence): text("Notification %@ is due again at every URL.", "\(sequence)")
    case .resendFailed(let reason): text("The resend failed: %@", reason)
    case .testQueued(let token): text("Test notification %@ is in the outbox.", token)
    case .testFailed(let reason): text("The test notification failed: %@", reason)
    case .retried(let count):
      text("Retries due now: %@; held notifications released.", "\(count)")
    case .faultSet(let url, let fault?): text("Delivery fault at %1$@: %2$@.", url, fault)
    case .faultSet(let url, nil): text("No delivery fault at %@.", url)
    case .faultFailed(let reason): text("The delivery fault could not be set: %@", reason)
    }
  }
}
