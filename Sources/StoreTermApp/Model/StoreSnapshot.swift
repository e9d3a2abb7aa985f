import Foundation
import StoreCore
import StoreKit
import StoreManager

/// Everything the screens show, read from the store manager (and, for QA's transaction manager,
/// the simulated App Store) at one moment.
///
/// The screens never call the store: the effect runner builds a new snapshot after every change
/// and sends it in, so update and view stay pure and tests can hand-build any situation.
public struct StoreSnapshot: Sendable, Equatable {
  /// The signed-in App Store account.
  public var customerID: String
  /// Every App Store account in the ledger, for the customer switcher.
  public var customers: [String]
  /// The storefront and currency, such as `USA (USD)`.
  public var storefront: String
  /// The catalog's locale (`--locale`), such as `de_DE`: the language every screen speaks.
  public var locale: String
  /// The simulated time the snapshot was taken at.
  public var now: Date
  /// The products for sale, in the App Store's order.
  public var products: [Product]
  /// Products the customer is entitled to now.
  public var entitledProductIDs: Set<String>
  /// Each product's purchase state; a product not listed is idle.
  public var purchaseStates: [String: PurchaseState]
  /// Each subscription group's status, by group identifier.
  public var statuses: [String: SubscriptionGroupStatus]
  /// Consumable balances, by product identifier.
  public var balances: [String: Int]
  /// Subscription groups whose introductory offer the customer may still get.
  public var introEligibleGroups: Set<String>
  /// The signed-in customer's transactions a screen looks up, newest first: the history's
  /// window, every purchase request still open (Ask to Buy, interrupted), every Family Sharing
  /// copy, and the transactions a purchase result or the event log names; in a hand-built
  /// snapshot, the customer's whole history.
  public var records: [TransactionRecord]
  /// Each of ``records``' signed transactions' verification result: `verified`, or why not.
  public var verification: [UInt64: String]
  /// The window of QA's transaction list (every customer's) the transaction manager shows;
  /// nil in a hand-built snapshot, whose ``records`` are then the whole list.
  public var transactionPage: TransactionPage?
  /// The window of the signed-in customer's history the account screen shows; nil in a
  /// hand-built snapshot, whose ``records`` are then the whole history.
  public var historyPage: TransactionPage?
  /// What the listener received and what the App Store logged, oldest first.
  public var events: [EventLogEntry]
  /// Transactions the store refused to deliver, as sentences.
  public var warnings: [String]
  /// The App Store's switches for this session.
  public var settings: QASettings
  /// Renewal info worth showing, by subscription group.
  public var renewals: [String: RenewalNote]
  /// The catalog's offer codes, for the Redeem Code sheet.
  public var offerCodes: [OfferCode]
  /// The customer's Family Sharing group and what reaches them through it.
  public var family: FamilyStatus
  /// The signed-in customer's subscription chains as the App Store keeps them, by original
  /// transaction ID (what the test controls read: billing issue, price increase, auto-renew).
  public var subscriptions: [UInt64: SubscriptionState]
  /// The signed-in customer's subscription chains with their latest transactions, by original
  /// transaction ID, as the standing decider reads them; empty in a hand-built snapshot, whose
  /// chains are then built from ``subscriptions`` and ``records``.
  public var chains: [String: SubscriptionChain] = [:]
  /// How long a non-renewing subscription lasts (nil: for ever), as the App Store counts it.
  public var nonRenewingLength: CatalogProduct.SubscriptionPeriod?
  /// The latest purchase intent the app received: the paywall presents each once.
  public var purchaseIntent: ReceivedPurchaseIntent?
  /// Whether the developer configured retention messaging (a real-time URL or a default
  /// message): turning auto-renew off then goes through the App Store's retention message.
  public var retentionConfigured = false
  /// The promotional and win-back offer identifiers the customer could buy each subscription
  /// with now, by product (what the purchase sheet offers and the paywall marks).
  public var availableOffers: [String: [String]] = [:]

  /// Creates a snapshot.
  public init(
    customerID: String = "default", customers: [String] = ["default"],
    storefront: String = "USA (USD)", locale: String = "en_US",
    now: Date = Date(timeIntervalSince1970: 0), products: [Product] = [],
    entitledProductIDs: Set<String> = [], purchaseStates: [String: PurchaseState] = [:],
    statuses: [String: SubscriptionGroupStatus] = [:], balances: [String: Int] = [:],
    introEligibleGroups: Set<String> = [], records: [TransactionRecord] = [],
    verification: [UInt64: String] = [:], events: [EventLogEntry] = [], warnings: [String] = [],
    settings: QASettings = QASettings(), renewals: [String: RenewalNote] = [:],
    offerCodes: [OfferCode] = [], family: FamilyStatus = FamilyStatus(),
    subscriptions: [UInt64: SubscriptionState] = [:], transactionPage: TransactionPage? = nil,
    historyPage: TransactionPage? = nil
  ) {
    self.customerID = customerID
    self.customers = customers
    self.storefront = storefront
    self.locale = locale
    self.now = now
    self.products = products
    self.entitledProductIDs = entitledProductIDs
    self.purchaseStates = purchaseStates
    self.statuses = statuses
    self.balances = balances
    self.introEligibleGroups = introEligibleGroups
    self.records = records
    self.verification = verification
    self.events = events
    self.warnings = warnings
    self.settings = settings
    self.renewals = renewals
    self.offerCodes = offerCodes
    self.family = family
    self.subscriptions = subscriptions
    self.transactionPage = transactionPage
    self.historyPage = historyPage
  }

  /// The subscription chain `transaction` belongs to, if the snapshot knows it.
  public func chain(of transaction: JWSTransactionDecodedPayload) -> SubscriptionChain? {
    let original = transaction.originalTransactionId
    if let chain = chains[original] { return chain }
    guard let id = UInt64(original), let state = subscriptionState(originalID: id) else {
      return nil
    }
    let rows = records + (historyPage?.rows ?? []) + (transactionPage?.rows ?? [])
    let shown = rows.compactMap(\.signed?.payload).filter { $0.originalTransactionId == original }
    if subscriptions[id] != nil { return SubscriptionChain(state: state, transactions: shown) }
    // Another customer's chain, as the transaction manager's window holds it: only its current
    // period's transaction (the one ending when the chain does) can stand for the chain.
    guard transaction.expiresDate == state.expiresDate.epochMilliseconds else { return nil }
    return SubscriptionChain(
      state: state,
      transactions: shown.filter { SubscriptionChain.older($0, transaction) } + [transaction])
  }

  /// The App Store's state of chain `originalID` as the engine would read it: from the window
  /// that lists the record (it holds the chains of every customer's records it shows), else
  /// the signed-in customer's (their own and those shared with them).
  public func subscriptionState(originalID: UInt64) -> SubscriptionState? {
    transactionPage?.chains[originalID] ?? historyPage?.chains[originalID]
      ?? subscriptions[originalID]
  }

  /// Where `record` stands now: ``Standing``'s one answer, with the record's chain (and for a
  /// bundled subscription, its bundle's).
  public func standing(of record: TransactionRecord) -> Standing {
    guard record.state == .purchased, let payload = record.signed?.payload else {
      return Standing.decide(record, chain: nil, nonRenewingLength: nonRenewingLength, now: now)
    }
    return Standing.decide(
      payload, chain: chain(of: payload), nonRenewingLength: nonRenewingLength, now: now,
      bundle: bundleChain(of: payload))
  }

  /// The chain of the bundle a bundled subscription's transaction came with, when the snapshot
  /// shows one of that bundle's transactions.
  func bundleChain(of payload: JWSTransactionDecodedPayload) -> SubscriptionChain? {
    guard let original = payload.bundleOriginalTransactionId else { return nil }
    let rows = records + (historyPage?.rows ?? []) + (transactionPage?.rows ?? [])
    return rows.compactMap(\.signed?.payload)
      .last { $0.originalTransactionId == original }
      .flatMap(chain(of:))
  }

  /// The purchase state of `productID`.
  public func purchaseState(of productID: String) -> PurchaseState {
    purchaseStates[productID] ?? .idle
  }

  /// Whether a purchase is under way (quitting then asks first).
  public var hasPurchaseInFlight: Bool {
    purchaseStates.values.contains(.purchasing)
  }

  /// The product with `id`, if it is for sale.
  public func product(_ id: String) -> Product? {
    products.first { $0.id == id }
  }

  /// The product's display name, or its identifier when it is not for sale.
  public func name(of productID: String) -> String {
    product(productID)?.displayName ?? productID
  }
}

/// One line of the event log.
public struct EventLogEntry: Sendable, Hashable {
  /// Who reported it.
  public enum Origin: String, Sendable, Hashable {
    /// The app's `Transaction.updates` listener or purchase path (the store manager's feed).
    case app
    /// The simulated App Store's own log (the ledger's events), such as an approval made by
    /// another process.
    case appStore
  }

  /// When it was seen (simulated time).
  public var date: Date
  /// Who reported it.
  public var origin: Origin
  /// What happened, such as `update`, `purchase`, `approved`.
  public var kind: String
  /// The product concerned, if any.
  public var productID: String?
  /// The transaction concerned, if any.
  public var transactionID: UInt64?
  /// The outcome or detail, which the event log puts into the snapshot's language.
  public var detail: EventNote
  /// Whether the detail reports a problem.
  public var isProblem: Bool
  /// What a delivery gave, for the event log to say in words.
  public var grant: GrantOutcome?

  /// Creates an entry.
  public init(
    date: Date, origin: Origin, kind: String, productID: String?, transactionID: UInt64?,
    detail: EventNote, isProblem: Bool = false, grant: GrantOutcome? = nil
  ) {
    self.grant = grant
    self.date = date
    self.origin = origin
    self.kind = kind
    self.productID = productID
    self.transactionID = transactionID
    self.detail = detail
    self.isProblem = isProblem
  }
}

/// What an event log line says beyond its kind: the facts, put into words only when drawn.
public enum EventNote: Sendable, Hashable {
  /// The app verified the transaction (and saw it revoked).
  case verified(revoked: Bool)
  /// The app refused the transaction for this reason (StoreKit's or the app's own sentence).
  case refused(String)
  /// A subscription's status moved (`Product.SubscriptionInfo.RenewalState` raw values).
  case statusChanged(from: String?, to: String)
  /// The storefront changed (country codes).
  case storefrontChanged(from: String, to: String)
  /// The App Store's log: the customer, and the ledger's detail (`StoreEvent.detail`).
  case appStore(customerID: String, detail: String)
  /// Text shown as it is.
  case text(String)
}
