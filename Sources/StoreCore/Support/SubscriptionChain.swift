import Foundation

/// One auto-renewable subscription as every decider sees it, whichever source it came from: the
/// simulated App Store's `SubscriptionState`, or imported transactions and renewal info.
public struct SubscriptionChain: Sendable, Equatable {
  /// The original transaction ID.
  public var originalID: String
  /// The subscription group.
  public var groupID: String
  /// The latest verified transaction of the chain.
  public var latest: JWSTransactionDecodedPayload
  /// Every verified transaction of the chain, oldest first.
  public var transactions: [JWSTransactionDecodedPayload]
  /// Whether it renews; nil when no renewal info is known (imported transactions alone).
  public var willAutoRenew: Bool?
  /// The product the next renewal bills.
  public var autoRenewProductID: String
  /// The end of the paid period.
  public var expiresDate: Date
  /// When a billing issue began, if one lasts.
  public var billingRetrySince: Date?
  /// The end of the grace period, while a billing issue lasts and grace was granted.
  public var graceEnds: Date?
  /// When the App Store stops retrying.
  public var retryEnds: Date?
  /// Why it expired, once it has.
  public var expirationReason: ExpirationIntent?

  /// The chain the simulated App Store keeps (`state`), over its verified `transactions` in any
  /// order (none of another chain).
  public init?(state: SubscriptionState, transactions: [JWSTransactionDecodedPayload]) {
    let chain = transactions.sorted(by: Self.older)
    guard let latest = chain.last else { return nil }
    // The App Store's state is the word on when the period ends: `expire` ends it before the
    // transaction's date, a renewal extension after it.
    self.init(
      originalID: String(state.originalID), groupID: state.groupID, latest: latest,
      transactions: chain, willAutoRenew: state.willAutoRenew,
      autoRenewProductID: state.autoRenewProductID,
      expiresDate: state.expiresDate, billingRetrySince: state.billingIssue?.since,
      graceEnds: state.billingIssue?.graceEnds, retryEnds: state.billingIssue?.retryEnds,
      expirationReason: state.expirationReason, isRevoked: state.isRevoked)
  }

  init(
    originalID: String, groupID: String, latest: JWSTransactionDecodedPayload,
    transactions: [JWSTransactionDecodedPayload], willAutoRenew: Bool?,
    autoRenewProductID: String, expiresDate: Date, billingRetrySince: Date?, graceEnds: Date?,
    retryEnds: Date?, expirationReason: ExpirationIntent?, isRevoked: Bool = false
  ) {
    self.originalID = originalID
    self.groupID = groupID
    self.latest = latest
    self.transactions = transactions
    self.willAutoRenew = willAutoRenew
    self.autoRenewProductID = autoRenewProductID
    self.expiresDate = expiresDate
    self.billingRetrySince = billingRetrySince
    self.graceEnds = graceEnds
    self.retryEnds = retryEnds
    self.expirationReason = expirationReason
    self.isRevoked = isRevoked
  }

  /// When the App Store recorded the chain's expiry, where the history says (its `expired`
  /// event): after billing retry ran out, later than the paid period's end.
  public var expiredOn: Date?

  /// Whether the App Store revoked the whole chain (its state says so, or its latest
  /// transaction was refunded).
  public var isRevoked: Bool

  /// When an expired chain's access ended: the recorded expiry, else the end of billing retry
  /// when renewal failed, else the end of the paid period.
  public var endOfAccess: Date {
    if let expiredOn { return expiredOn }
    guard let since = billingRetrySince else { return expiresDate }
    return retryEnds ?? since.addingTimeInterval(60 * 86_400)
  }

  /// The transaction charged right after `transaction` in this chain: the upgrade's, for an
  /// upgraded one.
  public func transaction(after transaction: JWSTransactionDecodedPayload)
    -> JWSTransactionDecodedPayload?
  {
    transactions.first {
      Self.older(transaction, $0) && $0.transactionId != transaction.transactionId
    }
  }

  /// StoreKit's renewal state at `now`, by the same rules as `SubscriptionState`.
  public func renewalState(at now: Date) -> RenewalStanding {
    if isRevoked || latest.revocationDate != nil { return .revoked }
    if now < expiresDate { return .subscribed }
    if billingRetrySince != nil, now < endOfAccess {
      if let grace = graceEnds, now < grace { return .inGracePeriod }
      return .inBillingRetryPeriod
    }
    return .expired
  }

  /// The chains of `history`: the ledger's states where it has them, else built from imported
  /// transactions and renewal info.
  public static func chains(of history: CustomerHistory) -> [SubscriptionChain] {
    let subscriptions = history.transactions.filter { $0.type == .autoRenewableSubscription }
    let byOriginal = Dictionary(grouping: subscriptions, by: \.originalTransactionId)
    let states = Dictionary(
      history.subscriptions.map { (String($0.originalID), $0) }, uniquingKeysWith: { a, _ in a })
    let renewals = Dictionary(
      history.renewalInfos.map { ($0.originalTransactionId, $0) },
      uniquingKeysWith: { a, b in a.signedDate >= b.signedDate ? a : b })
    var expiries: [String: Date] = [:]
    for case .ledger(let event) in history.events where event.kind == .expired {
      if let id = event.transactionID { expiries[String(id)] = event.date }
    }
    return byOriginal.keys.sorted().compactMap { original in
      var chain = build(original)
      chain?.expiredOn = expiries[original]
      return chain
    }
    func build(_ original: String) -> SubscriptionChain? {
      let chain = byOriginal[original, default: []].sorted(by: Self.older)
      guard let latest = chain.last else { return nil }
      let expires = Date(epochMilliseconds: latest.expiresDate ?? latest.purchaseDate)
      if let state = states[original] {
        return SubscriptionChain(state: state, transactions: chain)
      }
      let renewal = renewals[original]
      let inRetry = renewal?.isInBillingRetryPeriod == true
      return SubscriptionChain(
        originalID: original, groupID: latest.subscriptionGroupIdentifier ?? "",
        latest: latest, transactions: chain,
        willAutoRenew: renewal.map { $0.autoRenewStatus == .on },
        autoRenewProductID: renewal?.autoRenewProductId ?? latest.productId,
        expiresDate: expires, billingRetrySince: inRetry ? expires : nil,
        graceEnds: inRetry
          ? renewal?.gracePeriodExpiresDate.map(Date.init(epochMilliseconds:)) : nil,
        retryEnds: nil, expirationReason: renewal?.expirationIntent)
    }
  }

  /// Purchase order: by purchase date, then by transaction ID.
  public static func older(_ a: JWSTransactionDecodedPayload, _ b: JWSTransactionDecodedPayload)
    -> Bool
  {
    if a.purchaseDate != b.purchaseDate { return a.purchaseDate < b.purchaseDate }
    return (UInt64(a.transactionId) ?? 0, a.transactionId)
      < (UInt64(b.transactionId) ?? 0, b.transactionId)
  }
}
