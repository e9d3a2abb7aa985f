import Foundation

/// StoreKit's rules for which transactions an app sees, as pure functions over ledger records.
public enum TransactionRules {
  /// `Transaction.currentEntitlements`: every non-consumable, the latest transaction of each
  /// active auto-renewable subscription group, and the latest of each non-renewing subscription;
  /// never consumables, never refunded, revoked or upgraded transactions.
  ///
  /// A subscription's latest transaction counts while its chain is subscribed or in its grace
  /// period (`subscriptions`); without a chain, while the transaction has not expired.
  ///
  /// A non-renewing subscription counts for `nonRenewingDuration` from its purchase (nil: for
  /// ever, which is how an app that never sets a length behaves).
  ///
  /// Family Sharing copies are judged apart from the customer's own purchases (each has its
  /// own chain); when both grant the same product or group, the customer's own purchase is the
  /// one listed, so `currentEntitlements(for:)` still yields at most one transaction per product.
  public static func currentEntitlements(
    _ records: [TransactionRecord], subscriptions: [SubscriptionState] = [],
    nonRenewingDuration: CatalogProduct.SubscriptionPeriod? = nil, at now: Date
  ) -> [SignedTransaction] {
    let signed = purchased(records)
    // The customer's own subscriptions form one chain per group, so the latest transaction of a
    // group decides it; shared ones come from each purchaser in the family, possibly several
    // chains in one group, so each chain is decided by its own latest transaction.
    let own = entitlements(
      signed.filter { $0.payload.inAppOwnershipType != .familyShared },
      subscriptions: subscriptions, nonRenewingDuration: nonRenewingDuration, at: now,
      decidedBy: group)
    let shared = entitlements(
      signed.filter { $0.payload.inAppOwnershipType == .familyShared },
      subscriptions: subscriptions, nonRenewingDuration: nonRenewingDuration, at: now,
      decidedBy: { $0.originalTransactionId })
    func key(_ transaction: SignedTransaction) -> String {
      let payload = transaction.payload
      return payload.type == .autoRenewableSubscription
        ? "group:" + group(payload) : "product:" + payload.productId
    }
    // One per group or product: the customer's own, else the latest shared one.
    var covered = Set(own.map(key))
    let sharedKept = shared.reversed().filter { covered.insert(key($0)).inserted }
    return (own + sharedKept).sorted { $0.id < $1.id }
  }

  /// The subscription group of an auto-renewable transaction.
  private static func group(_ payload: JWSTransactionDecodedPayload) -> String {
    payload.subscriptionGroupIdentifier ?? payload.productId
  }

  /// The entitlements among `signed`, all of one ownership type; the latest auto-renewable
  /// transaction with each `decidedBy` key decides whether that key grants access.
  private static func entitlements(
    _ signed: [SignedTransaction], subscriptions: [SubscriptionState],
    nonRenewingDuration: CatalogProduct.SubscriptionPeriod?, at now: Date,
    decidedBy decider: (JWSTransactionDecodedPayload) -> String
  ) -> [SignedTransaction] {
    var result: [SignedTransaction] = []
    var seenProducts: Set<String> = []
    var seenKeys: Set<String> = []
    for transaction in signed.reversed() {
      let payload = transaction.payload
      switch payload.type {
      case .consumable:
        continue
      case .nonConsumable, .nonRenewingSubscription:
        guard !transaction.isRevoked, seenProducts.insert(payload.productId).inserted else {
          continue
        }
        if payload.type == .nonRenewingSubscription, let length = nonRenewingDuration,
          length.date(after: transaction.purchaseDate) <= now
        {
          continue
        }
        result.append(transaction)
      case .autoRenewableSubscription:
        // The latest transaction with the key decides it, active or not.
        guard seenKeys.insert(decider(payload)).inserted else { continue }
        let chain = subscriptions.first {
          String($0.originalID) == payload.originalTransactionId
        }
        let entitled =
          chain.map {
            $0.renewalState(at: now).isEntitled && !transaction.isRevoked
              && payload.isUpgraded != true
          } ?? isActive(transaction, at: now)
        if entitled { result.append(transaction) }
      }
    }
    return result.sorted { $0.id < $1.id }
  }

  /// Whether an auto-renewable transaction grants access at `now`.
  public static func isActive(_ transaction: SignedTransaction, at now: Date) -> Bool {
    guard !transaction.isRevoked, transaction.payload.isUpgraded != true,
      let expiration = transaction.expirationDate
    else { return false }
    return expiration > now
  }

  /// `Transaction.all`: every transaction, leaving out finished consumables unless the app
  /// includes consumable history (`SKIncludeConsumableInAppPurchaseHistory`).
  public static func all(
    _ records: [TransactionRecord], includingConsumableHistory: Bool = false
  ) -> [SignedTransaction] {
    records.compactMap { record in
      guard let signed = record.signed else { return nil }
      if signed.payload.type == .consumable, record.isFinished, !includingConsumableHistory,
        !signed.isRevoked
      {
        return nil
      }
      return signed
    }
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

  /// The active transaction of a subscription group at `now`, if any.
  public static func activeSubscription(
    _ records: [TransactionRecord], groupID: String, at now: Date
  ) -> SignedTransaction? {
    guard
      let latest = own(records).last(where: {
        $0.payload.subscriptionGroupIdentifier == groupID
      })
    else { return nil }
    return isActive(latest, at: now) ? latest : nil
  }

  /// Groups the customer has ever subscribed to.
  public static func subscribedGroups(_ records: [TransactionRecord]) -> Set<String> {
    Set(own(records).compactMap(\.payload.subscriptionGroupIdentifier))
  }

  private static func purchased(_ records: [TransactionRecord]) -> [SignedTransaction] {
    chronological(records)
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

  /// The customer's own transactions: Family Sharing copies neither end introductory
  /// eligibility nor count as the customer's subscription.
  private static func own(_ records: [TransactionRecord]) -> [SignedTransaction] {
    chronological(records).filter { $0.payload.inAppOwnershipType != .familyShared }
  }
}
