import Foundation

/// What the App Store decides about a customer's refund request.
public enum RefundDecision: Sendable, Equatable, Hashable {
  /// The whole price back: `REFUND` with `revocationType` `REFUND_FULL`.
  case full
  /// Part of the price back, in Apple's milliunits (40% is 40000): `REFUND` with
  /// `revocationType` `REFUND_PRORATED` and that `revocationPercentage`.
  case prorated(percentage: Int)
  /// Nothing back: `REFUND_DECLINED`; the transaction stays as it was.
  case declined

  /// The percentages a prorated refund may take: more than nothing, less than everything.
  public static let proratedRange = 1...99_999
}

extension StoreEngine {
  /// Records a refund request for transaction `id` (`Transaction.beginRefundRequest`): the App
  /// Store sends `CONSUMPTION_REQUEST` (for a consumable or an auto-renewable subscription) with
  /// the customer's `reason`, and decides later (``decideRefund(_:_:)``).
  ///
  /// - Throws: the session's simulated refund-request failure, or
  ///   `RefundRequestError.duplicateRequest` when a refund was already requested.
  public func requestRefund(_ id: UInt64, reason: ConsumptionRequestReason = .other) throws {
    if let failure = session.failures[.refundRequest] { throw failure.error }
    let record = try record(id)
    guard let signed = record.signed else {
      throw StoreEngineError.wrongState(id, action: "refunded", state: record.state.phrase)
    }
    guard !signed.isRevoked else { throw StoreEngineError.alreadyRevoked(id) }
    guard
      try !ledger.hasEvent(.refundRequested, transactionID: id, customerID: record.customerID)
    else {
      throw RefundRefusal.duplicateRequest
    }
    let now = clock.now()
    try changeRecord(id) { record, changes, _ in
      changes.events.append(event(.refundRequested, record, at: now, detail: reason.rawValue))
    }
  }

  /// The customer's refund request for `id` that waits for the App Store's decision: its
  /// reason, or nil when none waits.
  public func pendingRefundRequest(_ id: UInt64) throws -> ConsumptionRequestReason? {
    guard let found = try refundCase(id), found.outcome == .waiting else { return nil }
    return found.reason
  }

  /// Transaction `id`'s refund request and what became of it; nil when none was made.
  public func refundCase(_ id: UInt64) throws -> RefundCase? {
    let record = try record(id)
    return RefundCase.cases(
      from: try ledger.events(
        of: RefundCase.eventKinds, transactionID: id, customerID: record.customerID)
    ).first
  }

  /// Decides the customer's pending refund request for `id`.
  ///
  /// A full or prorated refund is `REFUND` (the revoked transaction through ``updates()``); a
  /// decline is `REFUND_DECLINED` (nothing changes for the app). A customer who said the purchase did not arrive or work
  /// (`FULFILLMENT_ISSUE`) is refunded for an issue in the app (`revocationReason` 1).
  ///
  /// - Returns: the refunded transaction; nil for a decline.
  @discardableResult
  public func decideRefund(_ id: UInt64, _ decision: RefundDecision) throws -> SignedTransaction? {
    guard let reason = try pendingRefundRequest(id) else {
      throw StoreEngineError.notApplicable(
        id, action: "refunded", reason: "no refund request waits for a decision")
    }
    let revocation: RevocationReason =
      reason == .fulfillmentIssue ? .refundedDueToIssue : .refundedForOtherReason
    switch decision {
    case .full:
      return try revoke(id, reason: revocation, kind: .refunded, control: .refund)
    case .prorated(let percentage):
      guard RefundDecision.proratedRange.contains(percentage) else {
        throw StoreEngineError.notApplicable(
          id, action: "refunded", reason: "a prorated refund is more than 0% and less than 100%")
      }
      return try revoke(
        id, reason: revocation, kind: .refunded, control: .refund, type: .refundProrated,
        percentage: percentage)
    case .declined:
      let now = clock.now()
      try changeRecord(id) { record, changes, _ in
        changes.events.append(event(.refundDeclined, record, at: now))
      }
      return nil
    }
  }

  /// Reverses a refund of `id` (the customer's dispute went the developer's way): the
  /// transaction is re-signed without its revocation, a subscription it ended stands again
  /// (auto-renew stays off), `REFUND_REVERSED` is sent and the app gets the transaction through
  /// ``updates()``.
  @discardableResult
  public func reverseRefund(_ id: UInt64) throws -> SignedTransaction {
    let existing = try record(id)
    guard let current = existing.signed, current.isRevoked,
      current.payload.revocationType != .familyRevoke,
      existing.sharedFromID == nil
    else {
      throw StoreEngineError.notApplicable(
        id, action: "reinstated", reason: "it was not refunded")
    }
    let now = clock.now()
    let nonce = ids.makeUUID()
    let customer = try customer(existing.customerID)
    let signed = try changeRecord(id) { record, changes, state -> SignedTransaction in
      guard let current = record.signed, current.isRevoked else {
        throw StoreEngineError.notApplicable(
          id, action: "reinstated", reason: "it was not refunded")
      }
      var payload = factory.reissued(current.payload, date: now, nonce: nonce, customer: customer)
      payload.revocationDate = nil
      payload.revocationReason = nil
      payload.revocationType = nil
      payload.revocationPercentage = nil
      record.signed = try sign(payload)
      changes.updated.append(record)
      // The refund had ended the subscription; it stands again until it expires.
      if var chain = state.subscriptions.first(where: {
        String($0.state.originalID) == payload.originalTransactionId
          && $0.state.expiresDate.epochMilliseconds == payload.expiresDate && $0.state.isRevoked
      }) {
        chain.state.isRevoked = false
        chain.renewalInfo = try signRenewalInfo(chain.state, customer: customer, at: now)
        changes.subscriptions.append(chain)
      }
      changes.events.append(event(.refundReversed, record, at: now))
      return record.signed!
    }
    listeners.broadcast(signed, customerID: existing.customerID)
    shareWithFamily(of: existing.customerID, productID: existing.productID)
    return signed
  }

  /// The share a prorated refund of `id` gives back when QA names none: for an auto-renewable
  /// subscription, the unused part of its period now (Apple works it out itself for
  /// `GRANT_PRORATED`); for anything else, half.
  public func defaultProratedPercentage(_ id: UInt64) throws -> Int {
    let record = try record(id)
    guard let payload = record.signed?.payload, payload.type == .autoRenewableSubscription,
      let expires = payload.expiresDate, expires > payload.purchaseDate
    else { return 50_000 }
    let now = clock.now().epochMilliseconds
    let left = max(0, min(expires - now, expires - payload.purchaseDate))
    let share = Int(left * 100_000 / (expires - payload.purchaseDate))
    return min(
      max(share, RefundDecision.proratedRange.lowerBound),
      RefundDecision.proratedRange.upperBound)
  }
}
