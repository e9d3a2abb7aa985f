import Foundation
import Synchronization

/// The simulated App Store: purchases, approvals, refunds and the transactions an app sees,
/// following StoreKit 2's documented rules.
///
/// A `Sendable` class over ports: the ledger stores, the signer signs, the clock and the
/// identifier generator are injected, so tests run on a manual clock with predictable
/// identifiers. Every change is decided and stored inside one ledger write transaction, which
/// serializes concurrent callers in this process and in others; the session and catalog sit
/// behind a lock. Its methods are synchronous because `SKTestSession`'s are.
///
/// ## Topics
/// ### Buying
/// - ``products(customerID:)``
/// - ``purchase(_:customerID:options:)``
/// ### What the app sees
/// - ``currentEntitlements(customerID:)``
/// - ``allTransactions(customerID:)``
/// - ``unfinished(customerID:)``
/// - ``updates()``
/// ### Managing transactions
/// - ``approve(_:)``, ``decline(_:)``, ``resolve(_:)``, ``refund(_:reason:)``, ``finish(_:)``,
///   ``delete(_:)``
public final class StoreEngine: Sendable {
  private let state: Mutex<(catalog: ProductCatalog, session: StoreSession)>

  let ledger: any Ledger
  let signer: any Signer
  let clock: any StoreClock
  let ids: any IdentifierGenerator
  let factory: TransactionFactory
  let listeners = UpdateListeners<SignedTransaction>()
  let statusListeners = UpdateListeners<SignedSubscriptionStatus>()
  /// `Storefront.updates`: every process-local listener hears a storefront change.
  let storefrontListeners = UpdateListeners<CatalogStorefront>()
  /// `PurchaseIntent.intents`: the intents this process heard of, by identifier, and its
  /// listeners.
  let intentListeners = UpdateListeners<PurchaseIntentRequest>()
  let deliveredIntents = Mutex<Set<String>>([])
  /// Customers known to exist, so a purchase skips the lookup that would create one.
  let knownCustomers = Mutex<Set<String>>([])

  /// Creates an engine.
  public init(
    catalog: ProductCatalog, session: StoreSession, ledger: any Ledger, signer: any Signer,
    clock: any StoreClock, ids: any IdentifierGenerator, factory: TransactionFactory
  ) {
    self.state = Mutex((catalog, session))
    self.ledger = ledger
    self.signer = signer
    self.clock = clock
    self.ids = ids
    self.factory = factory
  }

  /// The products on sale.
  public var catalog: ProductCatalog { state.withLock { $0.catalog } }

  /// The session's switches (Ask to Buy, interrupted purchases, simulated failures).
  public var session: StoreSession { state.withLock { $0.session } }

  /// Replaces the session's switches (what `SKTestSession`'s setters do).
  public func setSession(_ session: StoreSession) {
    state.withLock { $0.session = session }
  }

  /// Replaces the catalog (a storefront or locale change); a new storefront reaches every
  /// ``storefrontUpdates()`` stream.
  public func setCatalog(_ catalog: ProductCatalog) {
    let previous = state.withLock { state in
      defer { state.catalog = catalog }
      return state.catalog.storefront
    }
    if previous != catalog.storefront {
      storefrontListeners.broadcast(catalog.storefront, customerID: "")
    }
  }

  /// The storefront each time it changes (never the current one on subscribing), as
  /// StoreKit's `Storefront.updates` emits.
  public func storefrontUpdates() -> AsyncStream<CatalogStorefront> {
    storefrontListeners.subscribe(customerID: "")
  }

  // MARK: - Customers

  /// The customer with `id`, created on first use in the catalog's storefront.
  public func customer(_ id: String) throws -> Customer {
    let storefront = catalog.storefront.countryCode
    let deviceID = ids.makeUUID()
    let now = clock.now()
    let customer = try ledger.customer(id) {
      Customer(
        id: id, name: id == Customer.defaultID ? "Default Customer" : id,
        email: "\(id)@storeterm.test", storefront: storefront, deviceVerificationID: deviceID,
        createdDate: now)
    }
    knownCustomers.withLock { _ = $0.insert(id) }
    return customer
  }

  /// Creates the customer unless this engine already knows it exists.
  func ensureCustomer(_ id: String) throws {
    if knownCustomers.withLock({ $0.contains(id) }) { return }
    _ = try customer(id)
  }

  // MARK: - Products

  /// `Product.products(for:)` for a customer: every product, with introductory eligibility.
  public func products(customerID: String) throws -> [CatalogProduct] {
    if let failure = session.failures[.loadProducts] { throw failure.error }
    let generic = catalog.configuration.advancedCommerceProductIDs
    let products = catalog.products(subscribedGroups: try subscribedGroups(customerID: customerID))
    // A generic product is sold only as `AdvancedCommerceProduct`, never as a `Product`.
    return generic.isEmpty ? products : products.filter { !generic.contains($0.id) }
  }

  /// The subscription groups the customer ever subscribed to (which ends introductory
  /// eligibility), decided by ``TransactionRules/subscribedGroups(_:)`` from the deciding
  /// records: a few per chain, however long the history.
  public func subscribedGroups(customerID: String) throws -> Set<String> {
    TransactionRules.subscribedGroups(try ledger.decidingRecords(customerID: customerID))
  }

  // MARK: - Purchasing

  /// `product.purchase(options:)`: charges the customer, or leaves the purchase pending.
  ///
  /// - Throws: the simulated failure, `PurchaseError` for a bad quantity or offer,
  ///   `StoreEngineError` for an unknown product or a plan change within a group.
  /// - Parameter deliversUpdate: true for a purchase made outside the app (another device, the
  ///   transaction manager): its transaction also arrives through ``updates(customerID:)``.
  public func purchase(
    _ productID: String, customerID: String, options: PurchaseOptions = PurchaseOptions(),
    deliversUpdate: Bool = false
  ) throws -> PurchaseOutcome {
    try ensureCustomer(customerID)
    let now = min(options.purchaseDate ?? clock.now(), clock.now())
    let (catalog, session) = state.withLock { ($0.catalog, $0.session) }
    try failIfSimulated(
      options.failure ?? session.failures[.purchase], customerID: customerID,
      productID: productID, at: now)
    guard catalog.contains(productID), !Self.isAdvancedCommerceProduct(productID, in: catalog)
    else {
      throw StoreEngineError.unknownProduct(productID)
    }
    if options.cancel {
      try record(.cancelled, customerID: customerID, productID: productID, at: now)
      return .userCancelled
    }
    let nonce = ids.makeUUID()
    let askToBuy = options.askToBuy ?? session.askToBuyEnabled
    let interrupted = options.interrupted ?? session.interruptedPurchasesEnabled
    let scope = Self.scope(of: productID, in: catalog)
    let outcome: PurchaseOutcome = try ledger.change(customerID: customerID, scope: scope) {
      state in
      let plan = try PurchasePlan.make(
        productID: productID, options: options, state: state, catalog: catalog, now: now)
      if let existing = plan.existing, plan.change == nil {
        return (LedgerChanges(), .success(existing))
      }
      var changes = LedgerChanges()
      var record = TransactionRecord(
        id: state.nextID, customerID: customerID, productID: productID, state: .purchased,
        request: plan.request, createdDate: now)
      if (askToBuy || interrupted) && plan.change == nil {
        record.state = askToBuy ? .pendingApproval : .interrupted
        changes.inserted.append(record)
        changes.events.append(
          StoreEvent(
            date: now, customerID: customerID, kind: askToBuy ? .askToBuyRequested : .interrupted,
            transactionID: record.id, productID: productID))
        return (changes, .pending(record.id))
      }
      let (transaction, charged) = try charge(
        plan, record: &record, state: state, catalog: catalog, now: now, nonce: nonce,
        changes: &changes)
      if charged {
        changes.inserted.append(record)
        if plan.change == nil {
          changes.events.append(
            StoreEvent(
              date: now, customerID: customerID, kind: .purchased, transactionID: record.id,
              productID: productID, detail: plan.offer?.requestTag ?? ""))
        }
      }
      return (changes, .success(transaction))
    }
    if case .success(let transaction) = outcome {
      if options.cancelsAutoRenewal, transaction.payload.type == .autoRenewableSubscription {
        try setAutoRenew(transaction.id, enabled: false, at: now)
      }
      if deliversUpdate { listeners.broadcast(transaction, customerID: customerID) }
      if transaction.payload.type == .autoRenewableSubscription,
        let original = UInt64(transaction.payload.originalTransactionId)
      {
        broadcastStatus(customerID: customerID, originalID: original)
      }
      shareWithFamily(of: customerID, productID: productID)
      try issueBundledSubscriptions(for: transaction, customerID: customerID)
    }
    return outcome
  }

  // MARK: - What the app sees

  /// `Transaction.currentEntitlements` for a customer at the clock's now.
  ///
  /// Decided from the deciding records (``Ledger/decidingRecords(customerID:)``), so its cost
  /// does not grow with the customer's renewals.
  public func currentEntitlements(customerID: String) throws -> [SignedTransaction] {
    var records = try ledger.decidingRecords(customerID: customerID)
    let generic = try advancedCommerceRecords(customerID: customerID)
    if !generic.isEmpty {
      let known = Set(records.map(\.id))
      records += generic.filter { !known.contains($0.id) }
    }
    return TransactionRules.currentEntitlements(
      records, subscriptions: try subscriptionChains(customerID: customerID, records: records),
      nonRenewingDuration: session.nonRenewingDuration, at: clock.now())
  }

  /// What every access and standing question about the customer is decided from: `records`
  /// (all of the customer's, or their deciding records), their subscription chains as the App Store keeps them (their own
  /// and those shared with them) and the session's non-renewing length.
  public func accessFacts(customerID: String, records: [TransactionRecord]) throws
    -> Access.Facts
  {
    TransactionRules.accessFacts(
      records, subscriptions: try subscriptionChains(customerID: customerID, records: records),
      nonRenewingDuration: session.nonRenewingDuration)
  }

  /// `Transaction.all` for a customer.
  public func allTransactions(customerID: String) throws -> [SignedTransaction] {
    TransactionRules.all(
      try ledger.records(customerID: customerID),
      includingConsumableHistory: session.includesConsumableHistory)
  }

  /// `Transaction.all(for:)`: the customer's transactions of one product, read by the product's
  /// index, listed by ``TransactionRules/all(_:includingConsumableHistory:)``.
  public func allTransactions(customerID: String, productID: String) throws
    -> [SignedTransaction]
  {
    TransactionRules.all(
      try ledger.records(customerID: customerID, productID: productID),
      includingConsumableHistory: session.includesConsumableHistory)
  }

  /// `Transaction.latest(for:)`: ``TransactionRules/latest(_:productID:includingConsumableHistory:)``
  /// over the deciding records (a consumable's over its own records, which are not among them).
  public func latestTransaction(customerID: String, productID: String) throws
    -> SignedTransaction?
  {
    let records =
      catalog.product(id: productID)?.type == .consumable
      ? try ledger.records(customerID: customerID, productID: productID)
      : try ledger.decidingRecords(customerID: customerID)
    return TransactionRules.latest(
      records, productID: productID,
      includingConsumableHistory: session.includesConsumableHistory)
  }

  /// `Transaction.unfinished` for a customer.
  public func unfinished(customerID: String) throws -> [SignedTransaction] {
    TransactionRules.unfinished(try ledger.unfinishedRecords(customerID: customerID))
  }

  /// The customer's deciding records: what every access and standing answer rests on, a few
  /// per chain and product (``Ledger/decidingRecords(customerID:)``).
  public func decidingRecords(customerID: String) throws -> [TransactionRecord] {
    try ledger.decidingRecords(customerID: customerID)
  }

  /// Every record of a customer, pending requests included (what QA's transaction manager lists).
  public func records(customerID: String) throws -> [TransactionRecord] {
    try ledger.records(customerID: customerID)
  }

  /// The record with identifier `id`.
  public func record(_ id: UInt64) throws -> TransactionRecord {
    guard let record = try ledger.record(id: id) else {
      throw StoreEngineError.unknownTransaction(id)
    }
    return record
  }

  // MARK: - Internals shared with the management actions

  /// The records a decision about `productID` needs: none for consumables and non-renewing
  /// subscriptions (each purchase stands alone), the product's for a non-consumable, and the
  /// whole group's for a subscription.
  static func scope(of productID: String, in catalog: ProductCatalog) -> RecordScope {
    guard let product = catalog.product(id: productID) else { return .none }
    switch product.type {
    case .consumable, .nonRenewable: return .none
    default: return .product(productID, group: product.subscription?.subscriptionGroupID)
    }
  }

  func sign(_ payload: JWSTransactionDecodedPayload) throws -> SignedTransaction {
    SignedTransaction(jws: try signer.sign(payload), payload: payload)
  }

  func record(
    _ kind: StoreEvent.Kind, customerID: String, productID: String?, detail: String = "",
    at date: Date
  ) throws {
    try ledger.change(customerID: customerID, scope: .none) { _ in
      var changes = LedgerChanges()
      changes.events.append(
        StoreEvent(
          date: date, customerID: customerID, kind: kind, productID: productID, detail: detail))
      return (changes, ())
    }
  }
}
