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
  /// What happened, as facts: `Renewed %@` and the product's name.
  public var phrase: SupportPhrase
  /// What happened in plain English: `Renewed Plus Monthly`.
  public var label: String { phrase.description }
  /// The transaction concerned, if any.
  public var transactionID: String?
  /// Whether the entry came from imported App Store data rather than the simulation.
  public var isImported: Bool

  /// Creates an entry.
  public init(
    date: Date, notificationType: NotificationTypeV2?, subtype: NotificationSubtype? = nil,
    localName: String? = nil, phrase: SupportPhrase, transactionID: String? = nil,
    isImported: Bool = false
  ) {
    self.date = date
    self.notificationType = notificationType
    self.subtype = subtype
    self.localName = localName
    self.phrase = phrase
    self.transactionID = transactionID
    self.isImported = isImported
  }

  /// Creates an entry whose label is given as it is.
  public init(
    date: Date, notificationType: NotificationTypeV2?, subtype: NotificationSubtype? = nil,
    localName: String? = nil, label: String, transactionID: String? = nil,
    isImported: Bool = false
  ) {
    self.init(
      date: date, notificationType: notificationType, subtype: subtype, localName: localName,
      phrase: .verbatim(label), transactionID: transactionID, isImported: isImported)
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
      let product = productArgument(notification.productID, names)
      return TimelineEntry(
        date: notification.date, notificationType: notification.type,
        subtype: notification.subtype,
        phrase: NotificationLabel.phrase(notification.type, notification.subtype, product: product),
        transactionID: notification.transactionID, isImported: true)
    }
  }

  private static func ledgerEntry(
    _ event: StoreEvent, names: ProductNames,
    transactions: [String: JWSTransactionDecodedPayload], history: CustomerHistory
  ) -> TimelineEntry? {
    let product = productArgument(event.productID, names)
    let id = event.transactionID.map(String.init)
    let payload = id.flatMap { transactions[$0] }
    func apple(_ type: NotificationTypeV2, _ subtype: NotificationSubtype? = nil) -> TimelineEntry {
      TimelineEntry(
        date: event.date, notificationType: type, subtype: subtype,
        phrase: NotificationLabel.phrase(type, subtype, product: product), transactionID: id)
    }
    func local(_ name: String, _ template: String, _ arguments: SupportPhrase.Argument...)
      -> TimelineEntry
    {
      var phrase = SupportPhrase(template)
      phrase.arguments = arguments
      return TimelineEntry(
        date: event.date, notificationType: nil, localName: name, phrase: phrase,
        transactionID: id)
    }
    let shared = SupportPhrase.Argument.phrase(history.sharedPhrase(transactionID: id))
    if var entry = NotificationKind.of(event, transaction: payload).map({
      apple($0.type, $0.subtype)
    }) {
      switch event.kind {
      case .priceIncreaseDeclined:
        entry.phrase = SupportPhrase(
          "Declined the price increase for %@; auto-renew is off", product)
      case .billingPlanChanged:
        entry.phrase =
          event.detail == BillingPlanType.monthly.rawValue
          ? SupportPhrase("Chose to pay %@ monthly over 12 months from the next renewal", product)
          : SupportPhrase("Chose to pay %@ up front once the commitment completes", product)
      case .assignmentRevoked:
        // Apple's REVOKE, for a seat rather than Family Sharing.
        entry.phrase = SupportPhrase("Assigned seat of %@ revoked", product)
      case .familyShared, .assignedShared:
        // A member hears of a shared purchase as the purchaser does, with FAMILY_SHARED (or
        // ASSIGNED) data.
        let held =
          event.kind == .assignedShared
          ? SupportPhrase.Argument.phrase(history.assignedPhrase(transactionID: id)) : shared
        entry.phrase =
          payload?.transactionReason == .renewal
          ? SupportPhrase("Renewed %1$@, %2$@", product, held)
          : SupportPhrase("%1$@ %2$@", product, held)
      default: break
      }
      return entry
    }
    let number = SupportPhrase.Argument.data(id ?? "")
    let detail = SupportPhrase.Argument.data(event.detail)
    switch event.kind {
    case .purchased, .approved, .resolved: return local("PURCHASED", "Bought %@", product)
    case .askToBuyRequested: return local("ASK_TO_BUY", "Asked a parent to approve %@", product)
    case .interrupted: return local("INTERRUPTED", "Purchase of %@ was interrupted", product)
    case .declined: return local("ASK_TO_BUY_DECLINED", "A parent declined %@", product)
    case .cancelled: return local("CANCELLED", "Closed the payment sheet for %@", product)
    case .failed:
      return local("PURCHASE_FAILED", "Purchase of %1$@ failed: %2$@", product, detail)
    case .refundRequested: return local("REFUND_REQUESTED", "Asked for a refund of %@", product)
    case .finished: return local("FINISHED", "The app finished transaction %@", number)
    case .deleted: return local("DELETED", "Transaction %@ was deleted in testing", number)
    case .cleared: return local("CLEARED", "Every transaction was cleared in testing")
    case .familyJoined: return local("FAMILY_JOINED", "Joined family group %@", detail)
    case .familyLeft: return local("FAMILY_LEFT", "Left family group %@", detail)
    case .familyShared: return local("FAMILY_SHARED", "%1$@ %2$@", product, shared)
    case .seatAssigned:
      return local("SEAT_ASSIGNED", "Gave a seat of %1$@ to %2$@", product, detail)
    case .seatRemoved:
      return local("SEAT_REMOVED", "Took back the seat of %1$@ from %2$@", product, detail)
    case .purchaseIntentSent:
      return local("PURCHASE_INTENT", "Chose %@ on the App Store (a purchase intent)", product)
    default: return nil
    }
  }

  /// The product's name, or `a product` when the event names none.
  private static func productArgument(_ productID: String?, _ names: ProductNames)
    -> SupportPhrase.Argument
  {
    productID.map { .data(names.product($0)) } ?? .phrase(SupportPhrase("a product"))
  }
}
