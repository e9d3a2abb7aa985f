import Foundation

/// Builds a ``CustomerHistory`` from imported App Store data filed under one customer key.
///
/// Only items that verified become transactions, renewal info and notifications; the rest are
/// listed as unverified and grant nothing.
public enum ImportedHistory {
  /// The history of `customerKey` from its imported `items`, in import order.
  public static func build(customerKey: String, items: [ImportedItem]) -> CustomerHistory {
    var transactions: [String: JWSTransactionDecodedPayload] = [:]
    var renewals: [JWSRenewalInfoDecodedPayload] = []
    var notifications: [ImportedNotification] = []
    var unverified: [UnverifiedItem] = []
    var storefront = ""
    for item in items {
      guard item.isVerified, let bytes = CompactJWSPayload.bytes(of: item.jws) else {
        unverified.append(
          UnverifiedItem(
            kind: item.kind.rawValue, productID: item.productID,
            transactionID: item.transactionID, reason: item.failure ?? "not a compact JWS"))
        continue
      }
      switch item.kind {
      case .transaction:
        guard let payload = try? JWSTransactionDecodedPayload(jsonBytes: bytes) else { continue }
        storefront = payload.storefront
        // The same transaction comes again after a refund: the later signature wins.
        if let known = transactions[payload.transactionId], known.signedDate > payload.signedDate {
          continue
        }
        transactions[payload.transactionId] = payload
      case .renewalInfo:
        if let payload = try? JWSRenewalInfoDecodedPayload(jsonBytes: bytes) {
          renewals.append(payload)
        }
      case .notification:
        guard let payload = try? ResponseBodyV2DecodedPayload(jsonBytes: bytes) else { continue }
        let embedded = payload.data?.signedTransactionInfo
          .flatMap(CompactJWSPayload.bytes(of:))
          .flatMap { try? JWSTransactionDecodedPayload(jsonBytes: $0) }
        notifications.append(
          ImportedNotification(
            type: payload.notificationType, subtype: payload.subtype,
            date: Date(epochMilliseconds: payload.signedDate),
            transactionID: embedded?.transactionId, productID: embedded?.productId))
      }
    }
    let verified = transactions.values.sorted(by: SubscriptionChain.older)
    var events = notifications.map(HistoryEvent.notification)
    events += synthesizedEvents(verified, besides: notifications).map(HistoryEvent.notification)
    events.sort { $0.date < $1.date }
    return CustomerHistory(
      customerID: customerKey, storefront: storefront, transactions: verified,
      renewalInfos: renewals, events: events, unverified: unverified)
  }

  /// Timeline entries implied by transactions whose notification was not imported: a purchase
  /// or renewal at its purchase date, a refund at its revocation date.
  static func synthesizedEvents(
    _ transactions: [JWSTransactionDecodedPayload], besides notifications: [ImportedNotification]
  ) -> [ImportedNotification] {
    let seen = Set(
      notifications.compactMap { note in note.transactionID.map { "\($0)/\(note.type)" } })
    var result: [ImportedNotification] = []
    for transaction in transactions {
      let type: NotificationTypeV2
      var subtype: NotificationSubtype?
      if transaction.type == .autoRenewableSubscription {
        if transaction.transactionReason == .renewal {
          type = .didRenew
        } else {
          type = .subscribed
          subtype =
            transaction.originalTransactionId == transaction.transactionId
            ? .initialBuy : .resubscribe
        }
      } else {
        type = .oneTimeCharge
      }
      if !seen.contains("\(transaction.transactionId)/\(type)") {
        result.append(
          ImportedNotification(
            type: type, subtype: subtype, date: Date(epochMilliseconds: transaction.purchaseDate),
            transactionID: transaction.transactionId, productID: transaction.productId))
      }
      if let revoked = transaction.revocationDate,
        !seen.contains("\(transaction.transactionId)/\(NotificationTypeV2.refund)")
      {
        result.append(
          ImportedNotification(
            type: .refund, subtype: nil, date: Date(epochMilliseconds: revoked),
            transactionID: transaction.transactionId, productID: transaction.productId))
      }
    }
    return result
  }
}
