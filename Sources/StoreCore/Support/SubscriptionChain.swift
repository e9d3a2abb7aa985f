import Foundation

/// One auto-renewable subscription as the explainer sees it, whichever source it came from: the
/// simulated App Store's `SubscriptionState`, or imported transactions and renewal info.
struct SubscriptionChain: Sendable, Equatable {
  /// The original transaction ID.
  var originalID: String
  /// The subscription group.
  var groupID: String
  /// The latest verified transaction of the chain.
  var latest: JWSTransactionDecodedPayload
  /// Every verified transaction of the chain, oldest first.
  var transactions: [JWSTransactionDecodedPayload]
  /// Whether it renews; nil when no renewal info is known (imported transactions alone).
  var willAutoRenew: Bool?
  /// The product the next renewal bills.
  var autoRenewProductID: String
  /// The end of the paid period.
  var expiresDate: Date
  /// When a billing issue began, if one lasts.
  var billingRetrySince: Date?
  /// The end of the grace period, while a billing issue lasts and grace was granted.
  var graceEnds: Date?
  /// When the App Store stops retrying.
  var retryEnds: Date?
  /// Why it expired, once it has.
  var expirationReason: ExpirationIntent?

  /// StoreKit's renewal state at `now`, by the same rules as `SubscriptionState`.
  func renewalState(at now: Date) -> RenewalStanding {
    if latest.revocationDate != nil { return .revoked }
    if now < expiresDate { return .subscribed }
    if let since = billingRetrySince, now < (retryEnds ?? since.addingTimeInterval(60 * 86_400)) {
      if let grace = graceEnds, now < grace { return .inGracePeriod }
      return .inBillingRetryPeriod
    }
    return .expired
  }

  /// The chains of `history`: the ledger's states where it has them, else built from imported
  /// transactions and renewal info.
  static func chains(of history: CustomerHistory) -> [SubscriptionChain] {
    let subscriptions = history.transactions.filter { $0.type == .autoRenewableSubscription }
    let byOriginal = Dictionary(grouping: subscriptions, by: \.originalTransactionId)
    let states = Dictionary(
      history.subscriptions.map { (String($0.originalID), $0) }, uniquingKeysWith: { a, _ in a })
    let renewals = Dictionary(
      history.renewalInfos.map { ($0.originalTransactionId, $0) },
      uniquingKeysWith: { a, b in a.signedDate >= b.signedDate ? a : b })
    return byOriginal.keys.sorted().compactMap { original in
      let chain = byOriginal[original, default: []].sorted(by: Self.older)
      guard let latest = chain.last else { return nil }
      let expires = Date(epochMilliseconds: latest.expiresDate ?? latest.purchaseDate)
      if let state = states[original] {
        return SubscriptionChain(
          originalID: original, groupID: state.groupID, latest: latest, transactions: chain,
          willAutoRenew: state.willAutoRenew, autoRenewProductID: state.autoRenewProductID,
          expiresDate: max(state.expiresDate, expires),
          billingRetrySince: state.billingIssue?.since, graceEnds: state.billingIssue?.graceEnds,
          retryEnds: state.billingIssue?.retryEnds, expirationReason: state.expirationReason)
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
  static func older(_ a: JWSTransactionDecodedPayload, _ b: JWSTransactionDecodedPayload) -> Bool {
    if a.purchaseDate != b.purchaseDate { return a.purchaseDate < b.purchaseDate }
    return (UInt64(a.transactionId) ?? 0, a.transactionId)
      < (UInt64(b.transactionId) ?? 0, b.transactionId)
  }
}
