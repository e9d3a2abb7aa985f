import Foundation

/// One entry of a customer's timeline, named the way App Store Server Notifications V2 name it.
public struct TimelineEntry: Sendable, Equatable {
  /// When it happened.
  public var date: Date
  /// The notification type, such as `DID_RENEW`; nil for events Apple sends no notification for
  /// (an Ask to Buy request, the app finishing a transaction).
  public var notificationType: NotificationTypeV2?
  /// The subtype, such as `GRACE_PERIOD`.
  public var subtype: NotificationSubtype?
  /// A storeterm name for events without a notification: `ASK_TO_BUY`, `FINISHED`.
  public var localName: String?
  /// A plain-English label: `Renewed Plus Monthly`.
  public var label: String
  /// The transaction concerned, if any.
  public var transactionID: String?
  /// Whether the entry came from imported App Store data rather than the simulation.
  public var isImported: Bool

  /// Creates an entry.
  public init(
    date: Date, notificationType: NotificationTypeV2?, subtype: NotificationSubtype? = nil,
    localName: String? = nil, label: String, transactionID: String? = nil,
    isImported: Bool = false
  ) {
    self.date = date
    self.notificationType = notificationType
    self.subtype = subtype
    self.localName = localName
    self.label = label
    self.transactionID = transactionID
    self.isImported = isImported
  }

  /// `DID_FAIL_TO_RENEW/GRACE_PERIOD`, `SUBSCRIBED/INITIAL_BUY`, or the local name.
  public var name: String {
    guard let type = notificationType else { return localName ?? "" }
    return subtype.map { "\(type.rawValue)/\($0.rawValue)" } ?? type.rawValue
  }
}

/// Builds a customer's timeline from the ledger's events and imported notifications.
public enum CustomerTimeline {
  /// Every event of `history`, oldest first (ties keep their recorded order).
  public static func entries(_ history: CustomerHistory, names: ProductNames = ProductNames())
    -> [TimelineEntry]
  {
    let types = Dictionary(
      history.transactions.map { ($0.transactionId, $0) }, uniquingKeysWith: { a, _ in a })
    let entries = history.events.enumerated().compactMap { index, event in
      entry(for: event, names: names, transactions: types, history: history).map { (index, $0) }
    }
    return entries.sorted { a, b in
      a.1.date != b.1.date ? a.1.date < b.1.date : a.0 < b.0
    }.map(\.1)
  }

  static func entry(
    for event: HistoryEvent, names: ProductNames,
    transactions: [String: JWSTransactionDecodedPayload], history: CustomerHistory
  ) -> TimelineEntry? {
    switch event {
    case .ledger(let event):
      return ledgerEntry(event, names: names, transactions: transactions, history: history)
    case .notification(let notification):
      let product = notification.productID.map(names.product) ?? "a product"
      return TimelineEntry(
        date: notification.date, notificationType: notification.type,
        subtype: notification.subtype,
        label: NotificationLabel.label(notification.type, notification.subtype, product: product),
        transactionID: notification.transactionID, isImported: true)
    }
  }

  private static func ledgerEntry(
    _ event: StoreEvent, names: ProductNames,
    transactions: [String: JWSTransactionDecodedPayload], history: CustomerHistory
  ) -> TimelineEntry? {
    let product = event.productID.map(names.product) ?? "a product"
    let id = event.transactionID.map(String.init)
    let payload = id.flatMap { transactions[$0] }
    func apple(_ type: NotificationTypeV2, _ subtype: NotificationSubtype? = nil) -> TimelineEntry {
      TimelineEntry(
        date: event.date, notificationType: type, subtype: subtype,
        label: NotificationLabel.label(type, subtype, product: product), transactionID: id)
    }
    func local(_ name: String, _ label: String) -> TimelineEntry {
      TimelineEntry(
        date: event.date, notificationType: nil, localName: name, label: label, transactionID: id)
    }
    if var entry = NotificationKind.of(event, transaction: payload).map({
      apple($0.type, $0.subtype)
    }) {
      switch event.kind {
      case .priceIncreaseDeclined:
        entry.label = "Declined the price increase for \(product); auto-renew is off"
      case .familyShared:
        // A member hears of a shared purchase as the purchaser does, with FAMILY_SHARED data.
        let shared =
          id.map { history.sharedPhrase(transactionID: $0) } ?? "shared by a family member"
        entry.label =
          payload?.transactionReason == .renewal
          ? "Renewed \(product), \(shared)" : "\(product) \(shared)"
      default: break
      }
      return entry
    }
    switch event.kind {
    case .purchased, .approved, .resolved: return local("PURCHASED", "Bought \(product)")
    case .askToBuyRequested: return local("ASK_TO_BUY", "Asked a parent to approve \(product)")
    case .interrupted: return local("INTERRUPTED", "Purchase of \(product) was interrupted")
    case .declined: return local("ASK_TO_BUY_DECLINED", "A parent declined \(product)")
    case .cancelled: return local("CANCELLED", "Closed the payment sheet for \(product)")
    case .failed:
      return local("PURCHASE_FAILED", "Purchase of \(product) failed: \(event.detail)")
    case .refundRequested: return local("REFUND_REQUESTED", "Asked for a refund of \(product)")
    case .finished: return local("FINISHED", "The app finished transaction \(id ?? "")")
    case .deleted: return local("DELETED", "Transaction \(id ?? "") was deleted in testing")
    case .cleared: return local("CLEARED", "Every transaction was cleared in testing")
    case .familyJoined: return local("FAMILY_JOINED", "Joined family group \(event.detail)")
    case .familyLeft: return local("FAMILY_LEFT", "Left family group \(event.detail)")
    case .familyShared:
      let shared =
        id.map { history.sharedPhrase(transactionID: $0) } ?? "shared by a family member"
      return local("FAMILY_SHARED", "\(product) \(shared)")
    default: return nil
    }
  }
}
