import Foundation

/// Why the App Store refuses to extend a subscription's renewal date, as the App Store Server
/// API distinguishes it.
public enum RenewalExtensionRefusal: Error, Equatable, Sendable {
  /// No subscription has this original transaction ID (or it names another kind of product).
  case notFound
  /// The subscription reached a family member through Family Sharing (or a member through an
  /// assigned seat): only the purchaser's subscription can be extended (Apple's
  /// `FamilySharedSubscriptionExtensionIneligibleError`; Apple names no error for a seat).
  case familyShared
  /// Not active, or in a free offer period (Apple's `SubscriptionExtensionIneligibleError`).
  case ineligible
  /// Two extensions in the last 365 days already (Apple's `SubscriptionMaxExtensionError`).
  case maxExtensions
}

/// What an extension did: the subscription and its new expiration date.
public struct RenewalExtensionResult: Sendable, Equatable {
  /// The subscription's original transaction ID.
  public var originalTransactionID: UInt64
  /// The latest transaction's `webOrderLineItemId`.
  public var webOrderLineItemID: String?
  /// The new expiration (and renewal) date.
  public var effectiveDate: Date
}

extension StoreEngine {
  /// The App Store's limit: days one extension may add.
  public static let maximumExtensionDays = 90
  /// The App Store's limit: extensions per subscription within 365 days.
  public static let maximumExtensionsPerYear = 2

  /// Extends the renewal date of subscription `originalID` by `days` (1–90), as Extend a
  /// Subscription Renewal Date does: the latest transaction is re-signed with the later
  /// `expiresDate`, the renewal info's `renewalDate` follows, and a `RENEWAL_EXTENDED`
  /// notification is written with the event, all in one ledger write.
  ///
  /// A second request with the same `requestIdentifier` for the same subscription changes
  /// nothing and answers as the first did.
  ///
  /// - Throws: `RenewalExtensionRefusal` when the App Store would refuse.
  public func extendRenewalDate(
    _ originalID: UInt64, byDays days: Int, requestIdentifier: String
  ) throws -> RenewalExtensionResult {
    precondition((1...Self.maximumExtensionDays).contains(days), "validated by the caller")
    guard let existing = try ledger.record(id: originalID), let signed = existing.signed,
      signed.payload.type == .autoRenewableSubscription,
      signed.payload.originalTransactionId == String(originalID)
    else { throw RenewalExtensionRefusal.notFound }
    guard !signed.payload.inAppOwnershipType.isHeldThroughOthers else {
      throw RenewalExtensionRefusal.familyShared
    }
    let now = clock.now()
    let nonce = ids.makeUUID()
    return try changeChain(originalID, action: "extended") {
      chain, context, changes -> RenewalExtensionResult in
      guard var latest = context.latest, let latestSigned = latest.signed else {
        throw RenewalExtensionRefusal.ineligible
      }
      if chain.state.renewalExtensions.contains(where: {
        $0.requestIdentifier == requestIdentifier
      }) {
        return RenewalExtensionResult(
          originalTransactionID: originalID,
          webOrderLineItemID: latestSigned.payload.webOrderLineItemId,
          effectiveDate: chain.state.expiresDate)
      }
      let inFreeTrial =
        latestSigned.payload.offerDiscountType == .freeTrial
        && latestSigned.payload.expiresDate.map { now.epochMilliseconds < $0 } == true
      guard chain.state.renewalState(at: now) == .subscribed, !inFreeTrial else {
        throw RenewalExtensionRefusal.ineligible
      }
      let yearAgo = now.addingTimeInterval(-365 * 86_400)
      guard
        chain.state.renewalExtensions.filter({ $0.date > yearAgo }).count
          < Self.maximumExtensionsPerYear
      else { throw RenewalExtensionRefusal.maxExtensions }
      let newExpiry = chain.state.expiresDate.addingTimeInterval(TimeInterval(days) * 86_400)
      var payload = factory.reissued(
        latestSigned.payload, date: now, nonce: nonce, customer: context.customer)
      payload.expiresDate = newExpiry.epochMilliseconds
      latest.signed = try sign(payload)
      changes.updated.append(latest)
      chain.state.expiresDate = newExpiry
      chain.state.renewalExtensions.append(
        SubscriptionState.RenewalExtension(
          date: now, days: days, requestIdentifier: requestIdentifier))
      changes.events.append(
        StoreEvent(
          date: now, customerID: context.customer.id, kind: .renewalExtended,
          transactionID: latest.id, productID: chain.state.productID,
          detail: "\(days) days (\(requestIdentifier))"))
      return RenewalExtensionResult(
        originalTransactionID: originalID, webOrderLineItemID: payload.webOrderLineItemId,
        effectiveDate: newExpiry)
    }
  }

  /// Records that a mass extension (`requestIdentifier`) could not extend subscription
  /// `originalID` because of `refusal`: an event whose notification is Apple's
  /// `RENEWAL_EXTENSION`/`FAILURE`, nothing else changes.
  public func recordRenewalExtensionFailure(
    _ originalID: UInt64, requestIdentifier: String, refusal: RenewalExtensionRefusal
  ) throws {
    let now = clock.now()
    try changeChain(originalID, action: "extended") { chain, context, changes in
      guard let latest = context.latest else { return }
      changes.events.append(
        StoreEvent(
          date: now, customerID: context.customer.id, kind: .renewalExtensionFailed,
          transactionID: latest.id, productID: chain.state.productID,
          detail: "\(requestIdentifier): \(refusal)"))
    }
  }
}
