import StoreCore

/// Which transaction and subscription an event's server notification carries, for every ledger
/// backend: the one rule SQLite's and PostgreSQL's outboxes both call.
public enum EventNotificationRule {
  /// What the rule reads from the ledger, inside the write that records the event, for the
  /// event's customer.
  public struct Lookup {
    /// The stored record with this identifier.
    public var record: (UInt64) throws -> TransactionRecord?
    /// The stored latest record of the chain with this original transaction ID.
    public var latestOfChain: (UInt64) throws -> TransactionRecord?
    /// The stored subscription with this original transaction ID.
    public var subscription: (UInt64) throws -> SubscriptionRecord?

    /// Creates a lookup.
    public init(
      record: @escaping (UInt64) throws -> TransactionRecord?,
      latestOfChain: @escaping (UInt64) throws -> TransactionRecord?,
      subscription: @escaping (UInt64) throws -> SubscriptionRecord?
    ) {
      self.record = record
      self.latestOfChain = latestOfChain
      self.subscription = subscription
    }
  }

  /// `event`'s signed notification, with the transaction and subscription as `changes` left
  /// them; nil when Apple sends none for it.
  public static func notification(
    for event: StoreEvent, changes: LedgerChanges, notifier: any NotificationWriter,
    lookup: Lookup
  ) throws -> OutboxNotification? {
    var transaction: SignedTransaction?
    if let id = event.transactionID {
      transaction =
        try (changes.updated + changes.inserted).last(where: { $0.id == id })?.signed
        ?? lookup.record(id)?.signed
    }
    if let payload = transaction?.payload, payload.type == .autoRenewableSubscription,
      NotificationKind.carriesLatestTransaction(event.kind),
      let original = UInt64(payload.originalTransactionId)
    {
      transaction =
        try latestTransaction(
          of: original, customerID: event.customerID, changes: changes, lookup: lookup)
        ?? transaction
    }
    var subscription: SubscriptionRecord?
    if let payload = transaction?.payload, payload.type == .autoRenewableSubscription,
      let original = UInt64(payload.originalTransactionId)
    {
      subscription =
        try changes.subscriptions.last(where: { $0.state.originalID == original })
        ?? lookup.subscription(original)
    }
    return try notifier.notification(
      for: event, transaction: transaction, subscription: subscription)
  }

  /// The latest signed transaction of chain `original`, as `changes` left it (the highest ID:
  /// renewals and upgrades only ever add later ones).
  static func latestTransaction(
    of original: UInt64, customerID: String, changes: LedgerChanges, lookup: Lookup
  ) throws -> SignedTransaction? {
    let originalText = String(original)
    let changed = (changes.updated + changes.inserted).filter {
      $0.customerID == customerID && $0.signed?.payload.originalTransactionId == originalText
    }
    let stored = try lookup.latestOfChain(original).map { [$0] } ?? []
    guard let latestID = (stored.map(\.id) + changed.map(\.id)).max() else { return nil }
    return changed.last(where: { $0.id == latestID })?.signed
      ?? stored.last(where: { $0.id == latestID })?.signed
  }
}
