import Foundation
import StoreCore

/// Where one transaction stands, in a few words, as every screen shows it (the transaction
/// manager's State column and filter, the account history): one function of the snapshot.
public enum TransactionStanding {
  /// The record's standing in a few words.
  ///
  /// `purchased`, `unfinished`, `in grace period`, `billing retry`, `expired`, `upgraded`,
  /// `refunded`, `revoked`, `pending approval`, `interrupted`, `declined`; a Family Sharing copy
  /// reads `family shared` (`unfinished, shared` until the app finishes it), its subscription
  /// state and `shared` (`billing retry, shared`), or `family revoked`.
  /// Another state than `purchased` adds `, unfinished` until the app finishes the transaction.
  public static func text(_ record: TransactionRecord, in snapshot: StoreSnapshot) -> String {
    if let signed = record.signed, signed.isRevoked {
      if signed.payload.revocationType == .familyRevoke { return "family revoked" }
      return signed.payload.revocationReason == nil ? "revoked" : "refunded"
    }
    if isFamilyShared(record) {
      // A shared subscription still renews, fails billing and expires: say so, then "shared".
      guard let state = record.signed.flatMap({ subscriptionText($0, in: snapshot) }) else {
        return record.isFinished ? "family shared" : "unfinished, shared"
      }
      return state + ", shared" + (record.isFinished ? "" : ", unfinished")
    }
    guard record.state == .purchased, let signed = record.signed else {
      return record.state.phrase
    }
    let base = subscriptionText(signed, in: snapshot) ?? "purchased"
    guard !record.isFinished else { return base }
    return base == "purchased" ? "unfinished" : base + ", unfinished"
  }

  /// ``text(_:in:)`` in the snapshot's language, each part of `in grace period, unfinished`
  /// translated on its own.
  public static func words(_ record: TransactionRecord, in snapshot: StoreSnapshot) -> String {
    text(record, in: snapshot).components(separatedBy: ", ").map { snapshot.localized($0) }
      .joined(separator: snapshot.localized(", "))
  }

  /// Whether the record is a Family Sharing copy (`inAppOwnershipType` `FAMILY_SHARED`).
  public static func isFamilyShared(_ record: TransactionRecord) -> Bool {
    record.sharedFromID != nil || record.signed?.payload.inAppOwnershipType == .familyShared
  }

  /// A subscription transaction's standing: upgraded, or the chain's renewal state for its
  /// latest transaction (grace period, billing retry, expired), or expired once its period is
  /// over; nil when it is simply in force or not a subscription.
  private static func subscriptionText(_ signed: SignedTransaction, in snapshot: StoreSnapshot)
    -> String?
  {
    if signed.payload.isUpgraded == true { return "upgraded" }
    guard let expires = signed.expirationDate else { return nil }
    if let original = UInt64(signed.payload.originalTransactionId),
      let chain = snapshot.subscriptions[original],
      chain.expiresDate.epochMilliseconds == signed.payload.expiresDate
    {
      switch chain.renewalState(at: snapshot.now) {
      case .subscribed: return nil
      case .inGracePeriod: return "in grace period"
      case .inBillingRetryPeriod: return "billing retry"
      case .expired: return "expired"
      case .revoked: return "refunded"
      }
    }
    return expires > snapshot.now ? nil : "expired"
  }
}
