import Foundation

/// Whether a customer has access to one product, through which transaction, and where that
/// transaction stands: the answer `Transaction.currentEntitlements`, the explainer, the support
/// console, the paywall's badges and the account screen all give.
public struct Access: Sendable, Equatable {
  /// The product.
  public var productID: String
  /// The transaction the answer rests on: the entitlement when there is access, else the
  /// product's latest transaction (the customer's own before a shared copy).
  public var transaction: JWSTransactionDecodedPayload
  /// Where that transaction stands.
  public var standing: Standing
  /// Whether the customer can use the product now: it is one of ``entitlements(_:at:)``.
  public var hasAccess: Bool
  /// For a product without access whose transaction still stands in force (a Family Sharing
  /// copy in a group the customer's own subscription covers), the product that gives access.
  public var coveredBy: String?
  /// Whether the answer rests on a Family Sharing copy.
  public var isFamilyShared: Bool { transaction.inAppOwnershipType == .familyShared }
  /// Whether the answer rests on an assigned seat of someone's multiseat subscription.
  public var isAssigned: Bool { transaction.inAppOwnershipType == .assigned }

  /// The inputs every access question is decided from.
  public struct Facts: Sendable {
    /// The customer's verified transactions, in any order.
    public var transactions: [JWSTransactionDecodedPayload]
    /// The subscription chains, by original transaction ID.
    public var chains: [String: SubscriptionChain]
    /// How long a non-renewing subscription lasts; nil: for ever.
    public var nonRenewingLength: CatalogProduct.SubscriptionPeriod?

    /// Creates the facts.
    public init(
      transactions: [JWSTransactionDecodedPayload], chains: [String: SubscriptionChain],
      nonRenewingLength: CatalogProduct.SubscriptionPeriod?
    ) {
      self.transactions = transactions
      self.chains = chains
      self.nonRenewingLength = nonRenewingLength
    }

    /// Where `transaction` stands at `now`; a bundled subscription's as its bundle's chain
    /// decides (``Standing/decide(_:chain:nonRenewingLength:now:bundle:)``), or by its own dates
    /// when that chain is unknown.
    public func standing(_ transaction: JWSTransactionDecodedPayload, at now: Date) -> Standing {
      Standing.decide(
        transaction, chain: chains[transaction.originalTransactionId],
        nonRenewingLength: nonRenewingLength, now: now,
        bundle: transaction.bundleOriginalTransactionId.flatMap { chains[$0] })
    }
  }

  /// `Transaction.currentEntitlements`, as payloads.
  ///
  /// Every non-consumable and non-renewing
  /// subscription through its latest transaction not refunded, and for auto-renewable
  /// subscriptions the latest transaction of each of the customer's own groups and of each
  /// Family Sharing or assigned-seat chain, each kept only while its ``Standing`` grants
  /// access. Never consumables. At most one transaction per product (Apple:
  /// `currentEntitlements(for:)` yields no more than one for a regular product): when the
  /// customer's own purchase and a shared or assigned copy grant the same product, the
  /// customer's own; a copy of another product of the group is listed beside it. Ordered by
  /// transaction ID.
  public static func entitlements(_ facts: Facts, at now: Date)
    -> [JWSTransactionDecodedPayload]
  {
    let ordered = facts.transactions.sorted(by: SubscriptionChain.older)
    func key(_ payload: JWSTransactionDecodedPayload) -> String {
      // Each Advanced Commerce purchase is an item of its own under the generic product ID.
      if payload.advancedCommerceInfo != nil { return "advanced:" + payload.transactionId }
      return payload.type == .autoRenewableSubscription
        ? "group:" + (payload.subscriptionGroupIdentifier ?? payload.productId)
        : "product:" + payload.productId
    }
    // The customer's own subscriptions form one chain per group, so the latest transaction of a
    // group decides it; shared ones come from each purchaser, possibly several chains in one
    // group, so each chain is decided by its own latest transaction.
    let own = granting(
      ordered.filter { !$0.inAppOwnershipType.isHeldThroughOthers }, facts, now, decidedBy: key)
    let shared = granting(
      ordered.filter { $0.inAppOwnershipType.isHeldThroughOthers }, facts, now
    ) { $0.type == .autoRenewableSubscription ? $0.originalTransactionId : key($0) }
    var covered = Set(own.map(\.productId))
    let sharedKept = shared.reversed().filter { covered.insert($0.productId).inserted }
    return (own + sharedKept).sorted {
      (UInt64($0.transactionId) ?? 0) < (UInt64($1.transactionId) ?? 0)
    }
  }

  /// One answer per product the customer has a transaction of (consumables aside), sorted by
  /// product ID: access exactly for the products of ``entitlements(_:at:)``.
  public static func decide(_ facts: Facts, at now: Date) -> [Access] {
    let entitled = Dictionary(
      entitlements(facts, at: now).map { ($0.productId, $0) }, uniquingKeysWith: { a, _ in a })
    let latest = Dictionary(
      facts.transactions.filter { $0.type != .consumable }.sorted(by: latestFirst).map {
        ($0.productId, $0)
      }, uniquingKeysWith: { a, _ in a })
    let entitledGroups = Dictionary(
      entitled.values.compactMap { payload in
        payload.subscriptionGroupIdentifier.map { ($0, payload.productId) }
      }, uniquingKeysWith: { a, _ in a })
    return latest.keys.sorted().map { product in
      let transaction = entitled[product] ?? latest[product]!
      let standing = facts.standing(transaction, at: now)
      let covering =
        entitled[product] == nil && standing.grantsAccess
        ? transaction.subscriptionGroupIdentifier.flatMap { entitledGroups[$0] } : nil
      return Access(
        productID: product, transaction: transaction, standing: standing,
        hasAccess: entitled[product] != nil, coveredBy: covering)
    }
  }

  /// The deciding transaction of each key among `transactions` (oldest first), kept when it
  /// grants access: the latest of each key for subscriptions; for other products the latest
  /// not refunded.
  private static func granting(
    _ transactions: [JWSTransactionDecodedPayload], _ facts: Facts, _ now: Date,
    decidedBy key: (JWSTransactionDecodedPayload) -> String
  ) -> [JWSTransactionDecodedPayload] {
    var deciding: [String: JWSTransactionDecodedPayload] = [:]
    for transaction in transactions where transaction.type != .consumable {
      if transaction.type != .autoRenewableSubscription, transaction.revocationDate != nil {
        continue
      }
      deciding[key(transaction)] = transaction
    }
    return deciding.values.filter { facts.standing($0, at: now).grantsAccess }
      .sorted(by: SubscriptionChain.older)
  }

  /// The customer's own transactions before shared or assigned copies, each newest first.
  private static func latestFirst(
    _ a: JWSTransactionDecodedPayload, _ b: JWSTransactionDecodedPayload
  ) -> Bool {
    let aShared = a.inAppOwnershipType.isHeldThroughOthers
    let bShared = b.inAppOwnershipType.isHeldThroughOthers
    if aShared != bShared { return !aShared }
    return SubscriptionChain.older(b, a)
  }
}
