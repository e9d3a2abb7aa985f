import Foundation

/// Everything support knows about one customer, gathered from the simulated ledger or from
/// imported App Store data, as the explainer and the timeline read it.
///
/// Only verified data goes into `transactions`, `subscriptions` and `renewalInfos`; whatever
/// failed verification sits in `unverified` and never grants access.
public struct CustomerHistory: Sendable, Equatable {
  /// The customer's identifier (an account id, or `original:ID` / `token:UUID` for imports).
  public var customerID: String
  /// A display name; empty when unknown (imported data carries none).
  public var name: String
  /// An email address; empty when unknown.
  public var email: String
  /// The storefront (ISO 3166-1 alpha-3); empty when unknown.
  public var storefront: String
  /// Verified signed transactions, in any order.
  public var transactions: [JWSTransactionDecodedPayload]
  /// Subscription states the simulated App Store keeps (grace and billing retry dates).
  public var subscriptions: [SubscriptionState]
  /// Verified renewal info (imported), the latest for each original transaction ID.
  public var renewalInfos: [JWSRenewalInfoDecodedPayload]
  /// Purchase requests that never became transactions: Ask to Buy waiting or declined.
  public var requests: [PendingRequest]
  /// What happened, oldest first: the ledger's events and imported notifications.
  public var events: [HistoryEvent]
  /// Consumable balances from the app's fulfillment store, by product ID.
  public var balances: [String: Int]
  /// Imported items that failed verification, kept for the record.
  public var unverified: [UnverifiedItem]
  /// The Family Sharing group the account is in; nil when it is in none (or is imported).
  public var familyGroup: String?
  /// Who shared each Family Sharing copy: the purchaser's customer ID by the copy's
  /// transaction ID, so support can say "shared by bob".
  public var sharedBy: [String: String]

  /// Creates a history.
  public init(
    customerID: String, name: String = "", email: String = "", storefront: String = "",
    transactions: [JWSTransactionDecodedPayload] = [], subscriptions: [SubscriptionState] = [],
    renewalInfos: [JWSRenewalInfoDecodedPayload] = [], requests: [PendingRequest] = [],
    events: [HistoryEvent] = [], balances: [String: Int] = [:], unverified: [UnverifiedItem] = [],
    familyGroup: String? = nil, sharedBy: [String: String] = [:]
  ) {
    self.customerID = customerID
    self.name = name
    self.email = email
    self.storefront = storefront
    self.transactions = transactions
    self.subscriptions = subscriptions
    self.renewalInfos = renewalInfos
    self.requests = requests
    self.events = events
    self.balances = balances
    self.unverified = unverified
    self.familyGroup = familyGroup
    self.sharedBy = sharedBy
  }

  /// "shared by bob" for a Family Sharing copy whose purchaser is known, else "shared by a
  /// family member" (imported data does not say who).
  public func sharedPhrase(transactionID: String?) -> SupportPhrase {
    guard let purchaser = transactionID.flatMap({ sharedBy[$0] }) else {
      return SupportPhrase("shared by a family member")
    }
    return SupportPhrase("shared by %@", .data(purchaser))
  }

  /// How an assigned seat's copy reached the customer: `seat assigned by alice`.
  public func assignedPhrase(transactionID: String?) -> SupportPhrase {
    guard let purchaser = transactionID.flatMap({ sharedBy[$0] }) else {
      return SupportPhrase("seat assigned by the group purchaser")
    }
    return SupportPhrase("seat assigned by %@", .data(purchaser))
  }
}

/// A purchase request that has no transaction: waiting for a parent, interrupted or declined.
public struct PendingRequest: Sendable, Equatable {
  /// The request's identifier.
  public var id: UInt64
  /// The product asked for.
  public var productID: String
  /// Where it stands (never `.purchased`).
  public var state: TransactionRecord.State
  /// When it was made.
  public var since: Date

  /// Creates a request.
  public init(id: UInt64, productID: String, state: TransactionRecord.State, since: Date) {
    self.id = id
    self.productID = productID
    self.state = state
    self.since = since
  }
}

/// One entry of a customer's history: a ledger event or an imported notification.
public enum HistoryEvent: Sendable, Equatable {
  /// Something the simulated App Store recorded.
  case ledger(StoreEvent)
  /// An App Store Server Notification V2 that was imported and verified.
  case notification(ImportedNotification)

  /// When it happened.
  public var date: Date {
    switch self {
    case .ledger(let event): event.date
    case .notification(let notification): notification.date
    }
  }
}

/// The parts of a verified notification the timeline shows.
public struct ImportedNotification: Sendable, Equatable {
  /// The notification type.
  public var type: NotificationTypeV2
  /// The subtype, if any.
  public var subtype: NotificationSubtype?
  /// When the App Store signed it.
  public var date: Date
  /// The transaction it carries, if any.
  public var transactionID: String?
  /// The product it concerns, if known.
  public var productID: String?

  /// Creates a notification summary.
  public init(
    type: NotificationTypeV2, subtype: NotificationSubtype?, date: Date,
    transactionID: String? = nil, productID: String? = nil
  ) {
    self.type = type
    self.subtype = subtype
    self.date = date
    self.transactionID = transactionID
    self.productID = productID
  }
}

/// An imported item that did not verify: what it claimed and why it was refused.
public struct UnverifiedItem: Sendable, Equatable {
  /// What kind of signed data it was meant to be: `transaction`, `renewalInfo`, `notification`.
  public var kind: String
  /// The product it claims, when its payload could be read.
  public var productID: String?
  /// The transaction it claims, when its payload could be read.
  public var transactionID: String?
  /// Why verification failed, in one phrase.
  public var reason: String

  /// Creates an item.
  public init(kind: String, productID: String?, transactionID: String?, reason: String) {
    self.kind = kind
    self.productID = productID
    self.transactionID = transactionID
    self.reason = reason
  }
}
