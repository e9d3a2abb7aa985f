import Foundation

/// Where one transaction (or a purchase request that never became one) stands at a moment: the
/// one answer every command, screen, the explainer and the server put into words.
///
/// Decided only by ``decide(_:chain:nonRenewingLength:now:)`` and
/// ``decide(request:since:)``; nothing else says whether a transaction is refunded, expired or
/// in its grace period.
public enum Standing: Sendable, Equatable, Hashable {
  /// An Ask to Buy request waiting for a parent since the date; not a transaction yet.
  case pendingApproval(since: Date)
  /// An interrupted purchase waiting for the customer since the date; not a transaction yet.
  case interrupted(since: Date)
  /// A parent declined the request; nothing was charged.
  case declined(since: Date)
  /// In force: a non-consumable, a consumable, a non-renewing subscription within its length,
  /// or the latest transaction of a subscription that is paid.
  case purchased
  /// The latest transaction of a paid subscription whose next renewal bills another product of
  /// the group (a downgrade or crossgrade the customer chose), from the date.
  case scheduledChange(to: String, on: Date)
  /// The latest transaction of a subscription whose renewal failed; access lasts until the date.
  case inGracePeriod(until: Date)
  /// The latest transaction of a subscription whose renewal failed on the date; no access while
  /// the App Store retries.
  case billingRetry(since: Date)
  /// The period ended on the date; `reason` is the chain's expiration intent when it lapsed.
  case expired(on: Date, reason: ExpirationIntent?)
  /// The customer upgraded to the product (nil when the upgrade's transaction is unknown).
  case upgraded(to: String?)
  /// A subscription's last transaction for its product before the chain renewed into another
  /// product of the group (a downgrade or crossgrade at renewal).
  case changedPlan(to: String)
  /// The App Store refunded it (`revocationReason` other, or none given).
  case refunded(on: Date?, reason: RevocationReason?)
  /// The App Store refunded part of it (`revocationType` `REFUND_PRORATED`): `percentage` of
  /// the price in Apple's milliunits. Revoked like a full refund: StoreKit leaves every
  /// transaction with a `revocationDate` out of the entitlements, whatever share was refunded.
  case refundedInPart(on: Date?, percentage: Int)
  /// The App Store revoked it because of an issue in the app (`revocationReason` 1).
  case revoked(on: Date?)
  /// A Family Sharing copy whose access was withdrawn (`revocationType` `FAMILY_REVOKE`).
  case familyRevoked(on: Date?)
  /// An assigned seat's copy the purchaser took back, or lost with the purchaser's refund
  /// (`revocationType` `ASSIGNMENT_REVOKE`).
  case assignmentRevoked(on: Date?)

  /// Whether the standing gives the customer access to the product.
  public var grantsAccess: Bool {
    switch self {
    case .purchased, .scheduledChange, .inGracePeriod: true
    default: false
    }
  }

  /// A stable code for scripts and the one vocabulary of every view: `purchased`,
  /// `scheduled_change`, `grace_period`, `billing_retry`, `expired`, `upgraded`, `changed_plan`,
  /// `refunded`, `refunded_prorated`, `revoked`, `family_revoked`, `assignment_revoked`,
  /// `pending_ask_to_buy`, `interrupted`, `declined`.
  public var code: String {
    switch self {
    case .pendingApproval: "pending_ask_to_buy"
    case .interrupted: "interrupted"
    case .declined: "declined"
    case .purchased: "purchased"
    case .scheduledChange: "scheduled_change"
    case .inGracePeriod: "grace_period"
    case .billingRetry: "billing_retry"
    case .expired: "expired"
    case .upgraded: "upgraded"
    case .changedPlan: "changed_plan"
    case .refunded: "refunded"
    case .refundedInPart: "refunded_prorated"
    case .revoked: "revoked"
    case .familyRevoked: "family_revoked"
    case .assignmentRevoked: "assignment_revoked"
    }
  }

  /// The standing in a few English words, as the State and STATUS columns show it: `purchased`,
  /// `in grace period`, `billing retry`, `expired`, `upgraded`, `plan changed`, `refunded`,
  /// `partly refunded`, `revoked`,
  /// `family revoked`, `assignment revoked`, `pending approval`, `interrupted`, `declined`,
  /// `change scheduled`.
  public var words: String {
    switch self {
    case .pendingApproval: "pending approval"
    case .interrupted: "interrupted"
    case .declined: "declined"
    case .purchased: "purchased"
    case .scheduledChange: "change scheduled"
    case .inGracePeriod: "in grace period"
    case .billingRetry: "billing retry"
    case .expired: "expired"
    case .upgraded: "upgraded"
    case .changedPlan: "plan changed"
    case .refunded: "refunded"
    case .refundedInPart: "partly refunded"
    case .revoked: "revoked"
    case .familyRevoked: "family revoked"
    case .assignmentRevoked: "assignment revoked"
    }
  }

  /// Every word a ``label(isFamilyShared:isFinished:)`` is made of, for the screens' tables.
  public static let labelWords: Set<String> = [
    "pending approval", "interrupted", "declined", "purchased", "change scheduled",
    "in grace period", "billing retry", "expired", "upgraded", "plan changed", "refunded",
    "partly refunded", "revoked", "family revoked", "family shared", "shared", "unfinished",
    "assignment revoked", "assigned",
  ]

  /// A request that never became a transaction: waiting, interrupted or declined.
  public static func decide(request state: TransactionRecord.State, since: Date) -> Standing {
    switch state {
    case .pendingApproval, .purchased: .pendingApproval(since: since)
    case .interrupted: .interrupted(since: since)
    case .declined: .declined(since: since)
    }
  }

  /// A ledger record: its request's standing until it is charged, then its transaction's.
  public static func decide(
    _ record: TransactionRecord, chain: SubscriptionChain?,
    nonRenewingLength: CatalogProduct.SubscriptionPeriod?, now: Date
  ) -> Standing {
    guard record.state == .purchased, let signed = record.signed else {
      return decide(request: record.state, since: record.createdDate)
    }
    return decide(signed.payload, chain: chain, nonRenewingLength: nonRenewingLength, now: now)
  }

  /// Whether bundled subscription `transaction` was issued with its bundle's latest
  /// transaction, so it stands as the bundle does; one that was not left the bundle (the
  /// customer moved to a bundle without it) and ends with its own period.
  public static func isStillBundled(
    _ transaction: JWSTransactionDecodedPayload, bundleLatestTransactionID: String
  ) -> Bool {
    transaction.bundleTransactionId == bundleLatestTransactionID
  }

  /// A signed transaction at `now`.
  ///
  /// - Parameters:
  ///   - chain: the transaction's subscription chain (same original transaction ID), when it is
  ///     an auto-renewable subscription and the chain is known; without one, the transaction's
  ///     own expiration date decides.
  ///   - nonRenewingLength: how long a non-renewing subscription lasts; nil: for ever.
  ///   - bundle: for a bundled subscription's transaction (one with a
  ///     `bundleOriginalTransactionId`), its bundle's chain: a transaction not itself revoked
  ///     and issued with the bundle's latest transaction stands as the bundle does, whose
  ///     renewal, billing retry, expiry and refund decide for every subscription it includes.
  ///     One the bundle's latest transaction did not renew (the customer moved to a bundle
  ///     without it) is judged by its own dates.
  public static func decide(
    _ transaction: JWSTransactionDecodedPayload, chain: SubscriptionChain?,
    nonRenewingLength: CatalogProduct.SubscriptionPeriod?, now: Date,
    bundle: SubscriptionChain? = nil
  ) -> Standing {
    if let bundle, transaction.bundleOriginalTransactionId == bundle.originalID,
      isStillBundled(transaction, bundleLatestTransactionID: bundle.latest.transactionId),
      transaction.revocationDate == nil, transaction.revocationType == nil
    {
      return decide(bundle.latest, chain: bundle, nonRenewingLength: nonRenewingLength, now: now)
    }
    if transaction.revocationDate != nil || transaction.revocationType != nil {
      let date = transaction.revocationDate.map(Date.init(epochMilliseconds:))
      if transaction.revocationType == .familyRevoke { return .familyRevoked(on: date) }
      if transaction.revocationType == .assignmentRevoke { return .assignmentRevoked(on: date) }
      if transaction.revocationReason == .refundedDueToIssue { return .revoked(on: date) }
      if transaction.revocationType == .refundProrated {
        return .refundedInPart(
          on: date, percentage: transaction.revocationPercentage ?? RevocationType.fullPercentage)
      }
      return .refunded(on: date, reason: transaction.revocationReason)
    }
    if transaction.isUpgraded == true {
      return .upgraded(to: chain.flatMap { $0.transaction(after: transaction)?.productId })
    }
    switch transaction.type {
    case .consumable, .nonConsumable:
      return .purchased
    case .nonRenewingSubscription:
      let purchased = Date(epochMilliseconds: transaction.purchaseDate)
      guard let length = nonRenewingLength, length.date(after: purchased) <= now else {
        return .purchased
      }
      return .expired(on: length.date(after: purchased), reason: nil)
    case .autoRenewableSubscription:
      let ends = transaction.expiresDate.map(Date.init(epochMilliseconds:))
      if let chain, let next = chain.transaction(after: transaction),
        next.productId != transaction.productId,
        !chain.transactions.contains(where: {
          $0.productId == transaction.productId && SubscriptionChain.older(transaction, $0)
        })
      {
        return .changedPlan(to: next.productId)
      }
      guard let chain, chain.latest.transactionId == transaction.transactionId else {
        // An earlier period of a chain, or a transaction whose chain is unknown.
        guard let ends, ends <= now else { return .purchased }
        return .expired(on: ends, reason: nil)
      }
      return subscription(chain, now: now)
    }
  }

  /// The latest transaction of a chain: the chain's renewal state at `now`.
  private static func subscription(_ chain: SubscriptionChain, now: Date) -> Standing {
    switch chain.renewalState(at: now) {
    case .revoked:
      return .refunded(on: nil, reason: nil)
    case .subscribed:
      if chain.willAutoRenew == true, chain.autoRenewProductID != chain.latest.productId {
        return .scheduledChange(to: chain.autoRenewProductID, on: chain.expiresDate)
      }
      return .purchased
    case .inGracePeriod:
      return .inGracePeriod(until: chain.graceEnds ?? chain.expiresDate)
    case .inBillingRetryPeriod:
      return .billingRetry(since: chain.billingRetrySince ?? chain.expiresDate)
    case .expired:
      return .expired(on: chain.endOfAccess, reason: chain.expirationReason)
    }
  }
}

extension Standing {
  /// The standing as a row's label.
  ///
  /// ``words`` (alone for a request or a revocation), then `shared` for a Family Sharing copy
  /// (`assigned` for an assigned seat's) and `unfinished` until the app finishes a charged
  /// transaction; a copy in force reads `family shared` (`unfinished, shared`), an assigned one
  /// `assigned` (`unfinished, assigned`), an own one in force and unfinished `unfinished`. Each
  /// part between `, ` is a phrase of its own (the screens translate them one by one).
  public func label(isFamilyShared: Bool, isFinished: Bool, isAssigned: Bool = false) -> String {
    switch self {
    // A request is never finished, and a revocation is the last word whoever holds it.
    case .pendingApproval, .interrupted, .declined, .refunded, .refundedInPart, .revoked,
      .familyRevoked, .assignmentRevoked:
      return words
    default: break
    }
    if isAssigned {
      if self == .purchased { return isFinished ? "assigned" : "unfinished, assigned" }
      return words + ", assigned" + (isFinished ? "" : ", unfinished")
    }
    if isFamilyShared {
      if self == .purchased { return isFinished ? "family shared" : "unfinished, shared" }
      return words + ", shared" + (isFinished ? "" : ", unfinished")
    }
    if self == .purchased { return isFinished ? words : "unfinished" }
    return isFinished ? words : words + ", unfinished"
  }
}
