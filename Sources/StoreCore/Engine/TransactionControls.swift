import Foundation

/// What QA can do to one transaction, as Xcode's transaction manager and `SKTestSession` do.
public enum TransactionControl: String, CaseIterable, Sendable, Hashable {
  /// Approves an Ask to Buy request.
  case approve
  /// Declines an Ask to Buy request.
  case decline
  /// Resolves an interrupted purchase or a subscription's billing issue.
  case resolve
  /// Refunds.
  case refund
  /// Revokes (a developer issue).
  case revoke
  /// The customer asks for a refund (`Transaction.beginRefundRequest`): `CONSUMPTION_REQUEST`.
  case requestRefund
  /// The App Store grants part of a requested refund (`REFUND_PRORATED`).
  case refundProrated
  /// The App Store declines a requested refund (`REFUND_DECLINED`).
  case declineRefund
  /// The App Store reverses a refund it granted (`REFUND_REVERSED`).
  case reverseRefund
  /// Expires a subscription now.
  case expire
  /// Renews a subscription now.
  case renew
  /// Turns auto-renew off.
  case autoRenewOff
  /// Turns auto-renew on.
  case autoRenewOn
  /// Asks the customer to agree to a higher renewal price.
  case priceIncrease
  /// The customer agrees to the price increase.
  case consent
  /// The customer declines the price increase.
  case declinePriceIncrease
  /// Finishes the transaction, as the app would.
  case finish
  /// Deletes the transaction from the ledger.
  case delete

  /// The verb the engine's refusals use: `transaction 4 cannot be refunded: …`.
  public var participle: String {
    switch self {
    case .approve: "approved"
    case .decline: "declined"
    case .resolve: "resolved"
    case .refund: "refunded"
    case .revoke: "revoked"
    case .requestRefund, .refundProrated, .declineRefund: "refunded"
    case .reverseRefund: "reinstated"
    case .expire: "expired"
    case .renew: "renewed"
    case .autoRenewOff: "set not to renew"
    case .autoRenewOn: "set to renew"
    case .priceIncrease: "given a price increase"
    case .consent: "consented"
    case .declinePriceIncrease: "declined"
    case .finish: "finished"
    case .delete: "deleted"
    }
  }

  /// Whether the control acts on the transaction's subscription chain rather than the record.
  public var actsOnChain: Bool {
    switch self {
    case .expire, .renew, .autoRenewOff, .autoRenewOn, .priceIncrease, .consent,
      .declinePriceIncrease:
      true
    default: false
    }
  }
}

/// The engine's refusals of the transaction controls, as one pure function: the engine checks
/// it inside the write that carries a control out, and the screens call it on their snapshot
/// to disable a key with the very sentence the engine would answer.
public enum TransactionControlRules {
  /// Why the App Store refuses `control` on `record` at `now`, or nil when it goes ahead.
  ///
  /// `chain` is the state of the record's subscription chain; nil when it is not known (a
  /// screen that has not read it), and then only the record's own checks apply. A control that
  /// goes ahead may still fail for a reason its arguments carry (a new price not higher).
  public static func refusal(
    _ control: TransactionControl, record: TransactionRecord, chain: SubscriptionState?,
    now: Date
  ) -> StoreEngineError? {
    let id = record.id
    let action = control.participle
    switch control {
    case .approve, .decline:
      return record.state == .pendingApproval
        ? nil : .wrongState(id, action: action, state: record.state.phrase)
    case .resolve:
      if record.state == .purchased, record.signed?.payload.type == .autoRenewableSubscription {
        if let refusal = chainRefusal(record, action: action) { return refusal }
        guard let chain else { return nil }
        return subscriptionRefusal(.resolve, id: id, chain: chain, now: now)
      }
      return record.state == .interrupted
        ? nil : .wrongState(id, action: action, state: record.state.phrase)
    case .refund, .revoke:
      if let refusal = familyCopyRefusal(record, action: action) { return refusal }
      guard let signed = record.signed else {
        return .wrongState(id, action: action, state: record.state.phrase)
      }
      return signed.isRevoked ? .alreadyRevoked(id) : nil
    case .requestRefund, .refundProrated, .declineRefund:
      // Whether a request waits for a decision is the ledger's to say (the engine checks it).
      if let refusal = familyCopyRefusal(record, action: action) { return refusal }
      guard let signed = record.signed else {
        return .wrongState(id, action: action, state: record.state.phrase)
      }
      return signed.isRevoked ? .alreadyRevoked(id) : nil
    case .reverseRefund:
      if let refusal = familyCopyRefusal(record, action: action) { return refusal }
      guard let payload = record.signed?.payload, payload.revocationDate != nil,
        payload.revocationType != .familyRevoke
      else { return .notApplicable(id, action: action, reason: "it was not refunded") }
      return nil
    case .finish:
      return record.state == .purchased
        ? nil : .wrongState(id, action: action, state: record.state.phrase)
    case .delete:
      return nil
    case .expire, .renew, .autoRenewOff, .autoRenewOn, .priceIncrease, .consent,
      .declinePriceIncrease:
      if let refusal = chainRefusal(record, action: action) { return refusal }
      guard let chain else { return nil }
      return subscriptionRefusal(control, id: id, chain: chain, now: now)
    }
  }

  /// A chain control's refusal given the chain's state.
  public static func subscriptionRefusal(
    _ control: TransactionControl, id: UInt64, chain: SubscriptionState, now: Date
  ) -> StoreEngineError? {
    let action = control.participle
    let standing = chain.renewalState(at: now)
    switch control {
    case .resolve:
      return chain.billingIssue == nil
        ? .notApplicable(id, action: action, reason: "nothing is wrong with it") : nil
    case .expire:
      return standing.isEntitled
        ? nil : .notApplicable(id, action: action, reason: "it is not active")
    case .renew:
      return chain.isRevoked ? .notApplicable(id, action: action, reason: "it was revoked") : nil
    case .autoRenewOff, .autoRenewOn:
      return standing == .expired || chain.isRevoked
        ? .notApplicable(id, action: action, reason: "the subscription has ended") : nil
    case .priceIncrease:
      return standing.isEntitled && chain.willAutoRenew
        ? nil : .notApplicable(id, action: action, reason: "it will not renew")
    case .consent, .declinePriceIncrease:
      guard let increase = chain.priceIncrease, !increase.agreed else {
        return .notApplicable(id, action: action, reason: "no price increase is pending")
      }
      return nil
    default:
      return nil
    }
  }

  /// Refused for a Family Sharing copy or a transaction that is not an auto-renewable
  /// subscription: the checks every chain control makes first.
  public static func chainRefusal(_ record: TransactionRecord, action: String) -> StoreEngineError?
  {
    if let refusal = familyCopyRefusal(record, action: action) { return refusal }
    guard record.signed.flatMap({ UInt64($0.payload.originalTransactionId) }) != nil,
      record.signed?.payload.type == .autoRenewableSubscription
    else { return .notApplicable(record.id, action: action, reason: "it is not a subscription") }
    return nil
  }

  /// Refused for a Family Sharing or assigned-seat copy: QA acts on the purchaser's
  /// transaction.
  static func familyCopyRefusal(_ record: TransactionRecord, action: String) -> StoreEngineError? {
    guard let source = record.sharedFromID else { return nil }
    if record.signed?.payload.inAppOwnershipType == .assigned {
      return .assignedCopy(record.id, action: action, purchaserTransaction: source)
    }
    return .familyCopy(record.id, action: action, purchaserTransaction: source)
  }
}

extension TransactionControl {
  /// The word `storeterm manage` takes: `refund`, `auto-renew-off`, `decline-price-increase`.
  public var commandName: String {
    rawValue.reduce(into: "") { name, character in
      if character.isUppercase {
        name += "-" + character.lowercased()
      } else {
        name.append(character)
      }
    }
  }

  /// The control `storeterm manage` names `commandName`, if any.
  public init?(commandName: String) {
    guard let control = Self.allCases.first(where: { $0.commandName == commandName }) else {
      return nil
    }
    self = control
  }
}

extension StoreEngine {
  /// Carries out `control` on transaction `id`: the one table behind `storeterm manage`, the
  /// terminal UI's transaction manager and account keys.
  ///
  /// - Parameters:
  ///   - newPrice: for ``TransactionControl/priceIncrease``, the new renewal price (nil: 20%
  ///     more).
  ///   - percentage: for ``TransactionControl/refundProrated``, the share refunded in
  ///     milliunits (nil: ``defaultProratedPercentage(_:)``).
  ///
  /// `refund` on a transaction whose refund request waits for a decision grants it in full.
  /// - Returns: the transaction the control changed or created, when it re-signs one (approve,
  ///   resolve, refund, revoke, renew); nil otherwise.
  @discardableResult
  public func perform(
    _ control: TransactionControl, on id: UInt64, newPrice: Decimal? = nil,
    percentage: Int? = nil
  ) throws -> SignedTransaction? {
    switch control {
    case .approve: return try approve(id)
    case .resolve: return try resolve(id)
    case .refund:
      if try pendingRefundRequest(id) != nil { return try decideRefund(id, .full) }
      return try refund(id)
    case .requestRefund: try requestRefund(id)
    case .refundProrated:
      return try decideRefund(
        id, .prorated(percentage: try percentage ?? defaultProratedPercentage(id)))
    case .declineRefund: try decideRefund(id, .declined)
    case .reverseRefund: return try reverseRefund(id)
    case .revoke: return try revoke(id)
    case .renew: return try forceRenewal(id)
    case .decline: try decline(id)
    case .expire: try expireSubscription(id)
    case .autoRenewOff: try setAutoRenew(id, enabled: false)
    case .autoRenewOn: try setAutoRenew(id, enabled: true)
    case .priceIncrease: try requestPriceIncrease(id, newPrice: newPrice)
    case .consent: try consentToPriceIncrease(id)
    case .declinePriceIncrease: try declinePriceIncrease(id)
    case .finish: try finish(id)
    case .delete: try delete(id)
    }
    return nil
  }
}
