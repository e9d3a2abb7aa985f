import Foundation
import Observation
import StoreKit

/// The app-side store manager every screen and command shares: products, the entitlement set,
/// subscription status, consumable balances, each product's purchase state, and a feed of what
/// the transaction listener received.
///
/// It is written the way a careful StoreKit 2 app writes its own, against the public `StoreKit`
/// API only:
/// - the `Transaction.updates` listener is the first thing the initializer starts, so nothing
///   that arrives at launch (unfinished transactions, Ask to Buy approvals, refunds) is missed;
/// - every transaction goes through one path: verify, check it was issued for this app, store
///   the grant durably and idempotently (``FulfillmentStore``), and only then `finish()`;
/// - the entitlement set is rebuilt from verified `Transaction.currentEntitlements`, never
///   patched by hand;
/// - restoring purchases happens only when the customer asks (``restore()``).
///
/// ## Topics
/// ### Starting
/// - ``init(configuration:)``
/// - ``start()``
/// - ``recoverUnfinished()``
/// ### Buying
/// - ``purchase(_:options:)``
/// ### Keeping up to date
/// - ``refresh()``
/// - ``restore()``
/// - ``loadProducts(force:)``
@MainActor @Observable public final class Store {
  /// The configuration the store was created with.
  public let configuration: StoreConfiguration

  /// The products for sale, in the App Store's order (subscriptions by group and level first).
  public private(set) var products: [Product] = []
  /// Why the products could not be loaded, if they could not.
  public private(set) var productsError: PurchaseFailure?
  /// The storefront the products were loaded for.
  public private(set) var storefront: Storefront?
  /// The products the customer is entitled to now.
  public private(set) var entitledProductIDs: Set<String> = []
  /// The capabilities those products unlock, through the entitlement table.
  public private(set) var entitlements: Set<String> = []
  /// Products of ``entitledProductIDs`` the customer has only through Family Sharing: their
  /// entitlement's `ownershipType` is `.familyShared` (StoreKit lists the customer's own
  /// transaction instead when they also bought it).
  public private(set) var familySharedProductIDs: Set<String> = []
  /// Each subscription group's status, by group identifier.
  public private(set) var subscriptionStatuses: [String: SubscriptionGroupStatus] = [:]
  /// Consumable balances, by product identifier.
  public private(set) var balances: [String: Int] = [:]
  /// Each product's purchase state; a product not listed is ``PurchaseState/idle``.
  public private(set) var purchaseStates: [String: PurchaseState] = [:]
  /// Every transaction the store handled, oldest first (up to the configured limit).
  public private(set) var feed: [StoreFeedEntry] = []
  /// The latest purchase intent received (`PurchaseIntent.intents`), numbered so a front end
  /// presents each once.
  public private(set) var purchaseIntent: ReceivedPurchaseIntent?
  /// Transactions the store refused to deliver, oldest first.
  public private(set) var warnings: [StoreWarning] = []
  /// How many `Transaction.updates` the listener has finished handling.
  public private(set) var handledUpdateCount = 0

  @ObservationIgnored private var listener: Task<Void, Never>?
  @ObservationIgnored private var storefrontListener: Task<Void, Never>?
  @ObservationIgnored private var intentListener: Task<Void, Never>?
  @ObservationIgnored private var feedCount = 0
  @ObservationIgnored private var updateWaiters:
    [(count: Int, waiter: CheckedContinuation<Void, Never>)] =
      []

  /// Creates the store and starts listening to `Transaction.updates` before anything else.
  ///
  /// The listener is registered with StoreKit before the initializer returns, so an update that
  /// happens right after is not missed; it is handled as soon as the main actor is free.
  public init(configuration: StoreConfiguration) {
    self.configuration = configuration
    // Iterators are made here, not in the tasks: making one is what subscribes (and picks the
    // App Store), so nothing that happens after `init` returns is missed. Each is used only by
    // its task from then on.
    nonisolated(unsafe) var updates = Transaction.updates.makeAsyncIterator()
    listener = Task { [weak self] in
      while let result = await updates.next() {
        guard let self else { return }
        await self.handleUpdate(result)
      }
    }
    nonisolated(unsafe) var storefronts = Storefront.updates.makeAsyncIterator()
    storefrontListener = Task { [weak self] in
      while let storefront = await storefronts.next() {
        guard let self else { return }
        await self.storefrontChanged(to: storefront)
      }
    }
    // Apple: iterate `PurchaseIntent.intents` as early as possible when the app launches.
    nonisolated(unsafe) var intents = PurchaseIntent.intents.makeAsyncIterator()
    intentListener = Task { [weak self] in
      while let intent = await intents.next() {
        guard let self else { return }
        await self.received(intent)
      }
    }
  }

  isolated deinit {
    listener?.cancel()
    storefrontListener?.cancel()
    intentListener?.cancel()
  }

  /// Stops listening; the store keeps its last state.
  public func stop() {
    listener?.cancel()
    storefrontListener?.cancel()
    intentListener?.cancel()
  }

  /// Keeps a purchase intent for the front end to present as its purchase flow.
  private func received(_ intent: PurchaseIntent) {
    purchaseIntent = ReceivedPurchaseIntent(
      number: (purchaseIntent?.number ?? 0) + 1, productID: intent.product.id,
      offerID: intent.offer?.id)
  }

  /// Delivers unfinished transactions, then loads the products: what a screen needs at launch.
  ///
  /// It never restores purchases, which needs the customer to ask.
  public func start() async {
    await recoverUnfinished()
    await loadProducts()
  }

  /// The purchase state of `productID`.
  public func purchaseState(of productID: String) -> PurchaseState {
    purchaseStates[productID] ?? .idle
  }

  // MARK: - Products

  /// Loads the configured products once; later calls do nothing unless `force` is set or the
  /// storefront changed since the last load.
  public func loadProducts(force: Bool = false) async {
    let current = await Storefront.current
    guard force || products.isEmpty || current?.id != storefront?.id else { return }
    do {
      let loaded = try await Product.products(for: configuration.productIDs)
      products = Self.sorted(loaded, order: configuration.productIDs)
      storefront = current
      productsError = nil
    } catch {
      productsError = PurchaseFailure(error)
    }
  }

  /// The products in a stable order: by type (subscriptions, consumables, non-consumables,
  /// non-renewing), then by subscription group and level, then in the configured order.
  static func sorted(_ products: [Product], order: [String]) -> [Product] {
    let types: [Product.ProductType] = [.autoRenewable, .consumable, .nonConsumable, .nonRenewable]
    let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    func key(_ product: Product) -> (Int, String, Int, Int) {
      (
        types.firstIndex(of: product.type) ?? types.count,
        product.subscription?.subscriptionGroupID ?? "",
        product.subscription?.groupLevel ?? 0,
        position[product.id] ?? order.count
      )
    }
    return products.sorted { key($0) < key($1) }
  }

  private func storefrontChanged(to newStorefront: Storefront) async {
    guard !products.isEmpty, newStorefront.id != storefront?.id else { return }
    await loadProducts(force: true)
  }

  // MARK: - Entitlements

  /// Rebuilds the entitlement set, subscription statuses and balances from StoreKit and the
  /// app's records; also reverses consumables refunded while the app was not running.
  public func refresh() async {
    var entitled: [Transaction] = []
    for await result in Transaction.currentEntitlements {
      guard case .verified(let transaction) = result, transaction.revocationDate == nil,
        identityProblem(transaction) == nil
      else { continue }
      entitled.append(transaction)
    }
    // Each product's latest transaction, not the whole history: a group's status rests on its
    // latest, and a customer renewed weekly for decades has thousands (issue 27).
    var history: [Transaction] = []
    for productID in configuration.productIDs {
      guard case .verified(let transaction)? = await Transaction.latest(for: productID),
        identityProblem(transaction) == nil
      else { continue }
      history.append(transaction)
    }
    // Consumables refunded while the app was not running: those of the products it granted.
    var refunds: [VerificationResult<Transaction>] = []
    let granted = (try? configuration.fulfillment.balances().keys.sorted()) ?? []
    for productID in granted {
      for await result in Transaction.all(for: productID) {
        guard case .verified(let transaction) = result, identityProblem(transaction) == nil,
          transaction.revocationDate != nil, transaction.productType == .consumable,
          (try? configuration.fulfillment.record(transactionID: transaction.id))??.isRevoked
            == false
        else { continue }
        refunds.append(result)
      }
    }
    for refund in refunds { _ = await deliver(refund, source: .history, rebuild: false) }
    entitledProductIDs = Set(entitled.map(\.productID))
    familySharedProductIDs = Set(
      entitled.filter { $0.ownershipType == .familyShared }.map(\.productID))
    entitlements = configuration.entitlements.capabilities(for: entitledProductIDs)
    let levels = Dictionary(
      products.compactMap { product in product.subscription.map { (product.id, $0.groupLevel) } }
    ) { first, _ in first }
    subscriptionStatuses = await Self.statuses(
      entitlements: entitled, history: history, levels: levels)
    reloadBalances()
  }

  /// Restores purchases; call it only when the customer asks.
  ///
  /// It asks the App Store to sync (`AppStore.sync()`), then delivers anything unfinished and
  /// rebuilds.
  ///
  /// - Throws: the App Store's sync error; nothing is rebuilt then.
  public func restore() async throws {
    try await AppStore.sync()
    await recoverUnfinished()
  }

  /// Delivers every unfinished transaction through the purchase path, then rebuilds; storeterm
  /// runs this before every command, as an app does at launch.
  public func recoverUnfinished() async {
    for await result in Transaction.unfinished {
      _ = await deliver(result, source: .unfinished, rebuild: false)
    }
    await refresh()
  }

  func reloadBalances() {
    if let stored = try? configuration.fulfillment.balances() { balances = stored }
  }

  /// Returns once the listener has handled at least `count` updates since the store started.
  ///
  /// For scripts and tests that must see an update's effect without polling or sleeping.
  public func updatesHandled(atLeast count: Int) async {
    guard handledUpdateCount < count else { return }
    await withCheckedContinuation { updateWaiters.append((count, $0)) }
  }

  func updateHandled() {
    handledUpdateCount += 1
    let ready = updateWaiters.filter { $0.count <= handledUpdateCount }
    updateWaiters.removeAll { $0.count <= handledUpdateCount }
    for entry in ready { entry.waiter.resume() }
  }

  // MARK: - Feed and state

  func appendFeed(
    _ source: StoreFeedEntry.Source, _ transaction: Transaction, _ outcome: StoreFeedEntry.Outcome
  ) {
    feedCount += 1
    feed.append(
      StoreFeedEntry(
        id: feedCount, source: source, transactionID: transaction.id,
        productID: transaction.productID, isRevoked: transaction.revocationDate != nil,
        outcome: outcome))
    if feed.count > configuration.feedLimit {
      feed.removeFirst(feed.count - configuration.feedLimit)
    }
  }

  func warn(_ transaction: Transaction, _ failure: PurchaseFailure) {
    warnings.append(
      StoreWarning(
        transactionID: transaction.id, productID: transaction.productID, failure: failure))
  }

  /// Applies `event` to the product's state; false when the machine refused it.
  @discardableResult
  func apply(_ event: PurchaseEvent, to productID: String) -> Bool {
    guard let next = PurchaseMachine.reduce(purchaseState(of: productID), event) else {
      return false
    }
    purchaseStates[productID] = next
    return true
  }
}

extension Store {
  /// Each group's status from StoreKit's `Product.SubscriptionInfo.status(for:)` (renewal state,
  /// auto-renew); a group whose status cannot be read falls back to what the transactions show.
  ///
  /// A group can have several statuses: the customer's own chain and one a family member shares
  /// (and, after a plan change, older chains). The one shown is ``bestStatus(_:levels:)``.
  static func statuses(
    entitlements: [Transaction], history: [Transaction], levels: [String: Int] = [:]
  ) async -> [String: SubscriptionGroupStatus] {
    var statuses = SubscriptionStatusBuilder.statuses(entitlements: entitlements, history: history)
    for group in statuses.keys.sorted() {
      guard let all = try? await Product.SubscriptionInfo.status(for: group),
        let (status, transaction) = bestStatus(all, levels: levels),
        let state = SubscriptionGroupStatus.State(status.state)
      else { continue }
      let renewal = try? status.renewalInfo.payloadValue
      statuses[group] = SubscriptionGroupStatus(
        groupID: group, productID: transaction.productID, state: state,
        transactionID: transaction.id, expirationDate: transaction.expirationDate,
        willAutoRenew: renewal?.willAutoRenew,
        isFamilyShared: transaction.ownershipType == .familyShared)
    }
    return statuses
  }

  /// The status an app shows for a group, as Apple's sample store picks it: one that grants
  /// access before one that does not (subscribed, grace period, billing retry, expired, revoked),
  /// then the highest level of service (the smallest `groupLevel`), then the newest transaction.
  static func bestStatus(
    _ statuses: [Product.SubscriptionInfo.Status], levels: [String: Int]
  ) -> (Product.SubscriptionInfo.Status, Transaction)? {
    let ranked: [Product.SubscriptionInfo.RenewalState] = [
      .subscribed, .inGracePeriod, .inBillingRetryPeriod, .expired, .revoked,
    ]
    let verified = statuses.compactMap {
      status -> (Product.SubscriptionInfo.Status, Transaction)? in
      guard case .verified(let transaction) = status.transaction else { return nil }
      return (status, transaction)
    }
    return verified.min { lhs, rhs in
      let left = (
        ranked.firstIndex(of: lhs.0.state) ?? ranked.count, levels[lhs.1.productID] ?? .max,
        -lhs.1.purchaseDate.timeIntervalSince1970
      )
      let right = (
        ranked.firstIndex(of: rhs.0.state) ?? ranked.count, levels[rhs.1.productID] ?? .max,
        -rhs.1.purchaseDate.timeIntervalSince1970
      )
      return left < right
    }
  }
}
