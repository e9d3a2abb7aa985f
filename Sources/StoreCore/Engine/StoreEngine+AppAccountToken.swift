import Foundation

/// Why the App Store refuses to set an app account token, as the App Store Server API tells.
public enum AppAccountTokenRefusal: Error, Equatable, Sendable {
  /// No transaction has this identifier.
  case notFound
  /// The identifier is a transaction's, not an original transaction's.
  case notOriginal
  /// The transaction reached the customer through Family Sharing or an assigned seat.
  case familyShared
}

extension StoreEngine {
  /// Sets the app account token of purchase `originalID`, as Set App Account Token does.
  ///
  /// The original transaction is re-signed with it and, for a subscription, the chain's latest
  /// transaction, its renewal info and every later renewal carry it. Apple sends no
  /// notification for it, so no event is recorded.
  public func setAppAccountToken(_ originalID: UInt64, token: UUID) throws {
    guard let existing = try ledger.record(id: originalID), let signed = existing.signed else {
      throw AppAccountTokenRefusal.notFound
    }
    guard signed.payload.originalTransactionId == String(originalID) else {
      throw AppAccountTokenRefusal.notOriginal
    }
    guard !signed.payload.inAppOwnershipType.isHeldThroughOthers else {
      throw AppAccountTokenRefusal.familyShared
    }
    let now = clock.now()
    let isSubscription = signed.payload.type == .autoRenewableSubscription
    try ledger.change(
      customerID: existing.customerID,
      scope: isSubscription ? .chain(originalID) : .record(originalID)
    ) { state in
      var changes = LedgerChanges()
      let chainIndex = state.subscriptions.firstIndex { $0.state.originalID == originalID }
      let latestID = chainIndex.flatMap { _ in
        state.records.last { $0.signed?.payload.originalTransactionId == String(originalID) }?.id
      }
      for var record in state.records
      where record.id == originalID || record.id == latestID {
        guard let payload = record.signed?.payload else { continue }
        var reissued = factory.reissued(
          payload, date: now, nonce: ids.makeUUID(), customer: state.customer)
        reissued.appAccountToken = token
        record.signed = try sign(reissued)
        changes.updated.append(record)
      }
      if let chainIndex {
        var chain = state.subscriptions[chainIndex]
        chain.state.appAccountToken = token
        chain.renewalInfo = try signRenewalInfo(chain.state, customer: state.customer, at: now)
        changes.subscriptions.append(chain)
      }
      return (changes, ())
    }
    if isSubscription {
      broadcastStatus(customerID: existing.customerID, originalID: originalID)
    }
  }
}
