import Foundation

/// One line of the explainer: a product or subscription group, whether the customer has access,
/// and why, as a stable code and a phrase (English on the command line, the UI's language on
/// screen).
public struct AccessExplanation: Sendable, Equatable {
  /// What the line is about.
  public var subject: Subject
  /// The display name of the product or group.
  public var name: String
  /// Whether the customer can use it now.
  public var hasAccess: Bool
  /// Why, as a stable code for scripts.
  public var reason: AccessReason
  /// Why, in one phrase for people, as facts: `active, renews %@` and the day.
  public var phrase: SupportPhrase
  /// Why, in one English sentence: `active, renews 30 Dec 2026`.
  public var sentence: String { phrase.description }
  /// The transaction the answer rests on, if any.
  public var transactionID: String?
  /// The subscription group a product line sits under (nil for a group's own line and for
  /// products outside subscription groups): the one thing that indents a line.
  public var group: String?

  /// Creates a line.
  public init(
    subject: Subject, name: String, hasAccess: Bool, reason: AccessReason, phrase: SupportPhrase,
    transactionID: String? = nil
  ) {
    self.subject = subject
    self.name = name
    self.hasAccess = hasAccess
    self.reason = reason
    self.phrase = phrase
    self.transactionID = transactionID
  }

  /// Creates a line whose reason is a sentence given as it is.
  public init(
    subject: Subject, name: String, hasAccess: Bool, reason: AccessReason, sentence: String,
    transactionID: String? = nil
  ) {
    self.init(
      subject: subject, name: name, hasAccess: hasAccess, reason: reason,
      phrase: .verbatim(sentence), transactionID: transactionID)
  }

  /// A product or a subscription group.
  public enum Subject: Sendable, Equatable, Hashable {
    /// A subscription group, by ID.
    case group(String)
    /// A product, by ID.
    case product(String)

    /// The identifier.
    public var id: String {
      switch self {
      case .group(let id), .product(let id): id
      }
    }

    /// `group` or `product`.
    public var kind: String {
      switch self {
      case .group: "group"
      case .product: "product"
      }
    }
  }
}

/// Why a customer has or lacks access: the stable codes `--json` prints.
public enum AccessReason: String, Sendable, CaseIterable {
  /// A subscription that is paid and renews.
  case active
  /// A subscription whose auto-renew is off; access lasts to the end of the period.
  case cancelled
  /// A renewal failed to bill; access continues while the App Store retries.
  case gracePeriod = "grace_period"
  /// A renewal failed to bill; no access while the App Store retries.
  case billingRetry = "billing_retry"
  /// A subscription that ended.
  case expired
  /// The App Store refunded the purchase.
  case refunded
  /// The App Store revoked the purchase because of an issue in the app.
  case revoked
  /// The family member who shared it left, or their purchase was refunded: Family Sharing
  /// access was withdrawn.
  case familyRevoked = "family_revoked"
  /// The purchaser took back the customer's assigned seat of a multiseat subscription, or the
  /// purchaser's refund revoked it.
  case assignmentRevoked = "assignment_revoked"
  /// The customer upgraded to another product of the group.
  case upgraded
  /// The customer moved to another product of the group at a renewal.
  case changedPlan = "changed_plan"
  /// Waiting for a parent's approval.
  case pendingAskToBuy = "pending_ask_to_buy"
  /// The purchase was interrupted and waits for the customer.
  case interrupted
  /// A parent declined the request.
  case declined
  /// A family member's purchase, shared through Family Sharing.
  case familyShared = "family_shared"
  /// A seat of someone's multiseat subscription, assigned to the customer.
  case assigned
  /// A non-consumable or non-renewing purchase the customer owns.
  case owned
  /// A consumable, with its balance.
  case consumable
  /// Imported data that failed verification; it never grants access.
  case unverified
}
