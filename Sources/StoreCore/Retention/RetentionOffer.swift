/// What the App Store shows a customer who is about to turn auto-renew off: a retention
/// message, alone or with a switch-plan product or a promotional offer, and where it came from.
///
/// [Responding to real-time retention messaging requests](https://developer.apple.com/documentation/retentionmessaging/responding-to-realtime-retention-messaging-requests)
public struct RetentionOffer: Sendable, Hashable {
  /// What the message offers besides its text.
  public enum Proposal: Sendable, Hashable {
    /// Only the message (with its image and bullet points, if any).
    case message
    /// Switching to another subscription (`alternateProduct`), with its billing plan if given.
    case alternateProduct(productID: String, billingPlanType: String?)
    /// A promotional offer on a subscription (`promotionalOffer`).
    case promotionalOffer(productID: String, offerID: String)
  }

  /// Where the App Store got it.
  public enum Source: String, Sendable, Equatable {
    /// The developer's Get Retention Message endpoint answered in time.
    case realtime
    /// The default message for the product and locale (no endpoint, or it failed).
    case defaultMessage = "default"
  }

  /// The message's identifier (a lowercase UUID).
  public var messageIdentifier: String
  /// The message.
  public var message: RetentionMessage
  /// What it proposes.
  public var proposal: Proposal
  /// Where it came from.
  public var source: Source

  /// Creates an offer.
  public init(
    messageIdentifier: String, message: RetentionMessage, proposal: Proposal, source: Source
  ) {
    self.messageIdentifier = messageIdentifier
    self.message = message
    self.proposal = proposal
    self.source = source
  }
}
