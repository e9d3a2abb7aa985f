import Foundation

/// StoreKit's rules for which transactions an app sees, as pure functions over ledger records.
public enum TransactionRules {
  /// `Transaction.currentEntitlements` over ledger records: ``Access/entitlements(_:at:)``,
  /// with each subscription's chain as the App Store keeps it (`subscriptions`).
  ///
  /// A non-renewing subscription counts for `nonRenewingDuration` from its purchase (nil: for
  /// ever, which is how an app that never sets a length behaves).
  public static func currentEntitlements(
    _ records: [TransactionRecord], subscriptions: [SubscriptionState] = [],
    nonRenewingDuration: CatalogProduct.SubscriptionPeriod? = nil, at now: Date
  ) -> [SignedTransaction] {
    let facts = accessFacts(
      records, subscriptions: subscriptions, nonRenewingDuration: nonRenewingDuration)
    let signed = Dictionary(
      records.compactMap(\.signed).map { ($0.payload.transactionId, $0) },
      uniquingKeysWith: { a, _ in a })
    return Access.entitlements(facts, at: now).compactMap { signed[$0.transactionId] }
  }

  /// What ``Access`` decides from, for ledger records: their signed transactions and each
  /// subscription chain the App Store keeps (a chain without a state is judged by its
  /// transactions' own dates).
  public static func accessFacts(
    _ records: [TransactionRecord], subscriptions: [SubscriptionState],
    nonRenewingDuration: CatalogProduct.SubscriptionPeriod?
  ) -> Access.Facts {
    let payloads = records.compactMap(\.signed?.payload)
    return Access.Facts(
      transactions: payloads, chains: chains(payloads, subscriptions: subscriptions),
      nonRenewingLength: nonRenewingDuration)
  }

  /// The chains of `subscriptions` over `payloads`, by original transaction ID.
  public static func chains(
    _ payloads: [JWSTransactionDecodedPayload], subscriptions: [SubscriptionState]
  ) -> [String: SubscriptionChain] {
    let byOriginal = Dictionary(
      grouping: payloads.filter { $0.type == .autoRenewableSubscription },
      by: \.originalTransactionId)
    var chains: [String: SubscriptionChain] = [:]
    for state in subscriptions {
      let original = String(state.originalID)
      if let chain = SubscriptionChain(state: state, transactions: byOriginal[original] ?? []) {
        chains[original] = chain
      }
    }
    return chains
  }

  /// `Transaction.all`: every transaction, leaving out finished consumables unless the app
  /// includes consumable history (`SKIncludeConsumableInAppPurchaseHistory`).
  public static func all(
    _ records: [TransactionRecord], includingConsumableHistory: Bool = false
  ) -> [SignedTransaction] {
    records.filter { isListedInAll($0, includingConsumableHistory: includingConsumableHistory) }
      .compactMap(\.signed)
  }

  /// Whether `Transaction.all` lists the record: only charged transactions (a request that was
  /// never charged is not a transaction), and a finished consumable only with consumable
  /// history included (or once refunded).
  public static func isListedInAll(
    _ record: TransactionRecord, includingConsumableHistory: Bool = false
  ) -> Bool {
    guard let signed = record.signed else { return false }
    return signed.payload.type != .consumable || !record.isFinished || includingConsumableHistory
      || signed.isRevoked
  }

  /// `Transaction.unfinished`: charged transactions the app has not finished.
  public static func unfinished(_ records: [TransactionRecord]) -> [SignedTransaction] {
    records.filter { !$0.isFinished }.compactMap(\.signed)
  }

  /// `Transaction.latest(for:)`: the most recent transaction for a product.
  public static func latest(
    _ records: [TransactionRecord], productID: String, includingConsumableHistory: Bool = false
  ) -> SignedTransaction? {
    all(records, includingConsumableHistory: includingConsumableHistory)
      .filter { $0.payload.productId == productID }
      .max { ($0.payload.purchaseDate, $0.id) < ($1.payload.purchaseDate, $1.id) }
  }

  /// Whether the customer ever subscribed in `groupID` (which ends introductory eligibility).
  public static func hasSubscribed(_ records: [TransactionRecord], groupID: String) -> Bool {
    own(records).contains { $0.payload.subscriptionGroupIdentifier == groupID }
  }

  /// Groups the customer has ever subscribed to.
  public static func subscribedGroups(_ records: [TransactionRecord]) -> Set<String> {
    Set(own(records).compactMap(\.payload.subscriptionGroupIdentifier))
  }

  /// The signed transactions of `records` in the order they were charged: by purchase date,
  /// then by identifier, so "the latest" is the newest charge.
  ///
  /// Identifier order is not charge order: an Ask to Buy request or an interrupted purchase
  /// keeps the identifier it got when asked, and is charged when approved or resolved.
  public static func chronological(_ records: [TransactionRecord]) -> [SignedTransaction] {
    records.compactMap(\.signed).sorted {
      ($0.payload.purchaseDate, $0.id) < ($1.payload.purchaseDate, $1.id)
    }
  }

  /// The customer's own transactions: Family Sharing and assigned-seat copies neither end
  /// introductory eligibility nor count as the customer's subscription.
  private static func own(_ records: [TransactionRecord]) -> [SignedTransaction] {
    chronological(records).filter { !$0.payload.inAppOwnershipType.isHeldThroughOthers }
  }
}
