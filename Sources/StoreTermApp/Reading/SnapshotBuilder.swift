import Foundation
import StoreCore
import StoreKit
import StoreManager

/// Builds the screens' ``StoreSnapshot`` from its two read ports — what the app sees
/// (``StoreKitView``) and the App Store's ledger, paged (``AppStoreBrowser``) — and keeps the
/// event log between snapshots.
///
/// It reads what the screens show, never every record: one window of the signed-in customer's
/// history and the few records a screen looks up beside it, one window of the transaction list
/// (``TransactionPager``), the first customers for the switcher.
@MainActor
public final class SnapshotBuilder {
  private let app: any StoreKitView
  private let appStore: AppStoreBrowser
  private var ledger: any LedgerBrowser { appStore.ledger }
  /// The signed-in customer.
  public let customerID: String
  /// The event log: the App Store's events and what the app saw, as they came.
  private var log = EventLogCollector()
  /// The transaction list's window, with its verification, read again only when the ledger
  /// changed.
  private var pager: TransactionPager
  /// The window of the transaction list the screen asked for last; each snapshot reads it.
  private var transactionRequest = TransactionPageRequest()
  /// The signed-in customer's history window and the records looked up beside it, with their
  /// verification, read again only when the ledger changed.
  private var historyPager: TransactionPager
  /// The signed-in customer's chains with their latest transactions.
  private var chainReader: ChainReader
  /// The window of the history the account screen asked for last; each snapshot reads it.
  private var historyRequest: TransactionPageRequest
  /// The last snapshot built: a window asked for between two snapshots is filtered with it.
  private var lastSnapshot: StoreSnapshot?
  /// The switcher's customers (the first ``switcherLimit`` in the order they joined the
  /// ledger) as last read; nil when they must be read again.
  private var accounts: [Customer]?
  /// The most customers the switcher lists; the Customers screen searches them all.
  static let switcherLimit = 200
  /// The last Family Sharing status and what it was computed from.
  private var familyCache: (mark: [Int64], shared: Set<String>, status: FamilyStatus)?
  /// The offers last read, with the ledger mark and statuses they were read at.
  private var offersCache:
    (mark: [Int64], statuses: [String: SubscriptionGroupStatus], offers: [String: [String]])?
  /// The sequence of the last App Store event read from the ledger.
  public private(set) var lastSequence: Int64 = 0
  /// The catalog's offer codes and the storefront and locale they were priced for.
  private var offerCodes: (catalog: String, codes: [OfferCode])?

  /// Creates a builder for `customerID`'s screens.
  public init(app: any StoreKitView, appStore: AppStoreBrowser, customerID: String) {
    self.app = app
    self.appStore = appStore
    self.customerID = customerID
    pager = TransactionPager(ledger: appStore.ledger, verify: appStore.verify)
    historyPager = TransactionPager(ledger: appStore.ledger, verify: appStore.verify)
    chainReader = ChainReader(ledger: appStore.ledger)
    historyRequest = TransactionPageRequest(customerID: customerID)
  }

  /// Reads the App Store's latest events (up to 50 at start) so the log is not empty, and
  /// remembers where the log ends.
  public func primeEvents() throws {
    // The newest fifty by the events' key, not the whole log (a million rows on a big ledger).
    let recent = try ledger.latestEvents(limit: 50)
    lastSequence = recent.last?.sequence ?? 0
    log.prime(recent)
  }

  /// Events other processes (or this one) added to the ledger since the last call.
  public func newEvents() throws -> [StoreEvent] {
    var found: [StoreEvent] = []
    while true {
      let batch = try ledger.events(after: lastSequence, limit: 500)
      guard let last = batch.last else { break }
      lastSequence = last.sequence
      found += batch
    }
    log.add(found)
    // Creating a customer logs an event (customers are never deleted), so no such event means
    // the list still holds. Records need no event: each snapshot reads what changed.
    // New accounts and family changes are the only changes to the customers table.
    let accountKinds: Set<StoreEvent.Kind> = [.customerCreated, .familyJoined, .familyLeft]
    if found.contains(where: { accountKinds.contains($0.kind) }) { accounts = nil }
    return found
  }

  /// The sequence of the newest event in the ledger, without moving the log on.
  public func latestSequence() throws -> Int64 {
    var sequence = lastSequence
    while let last = try ledger.events(after: sequence, limit: 500).last {
      sequence = last.sequence
    }
    return sequence
  }

  /// The ledger's events after `sequence`, without moving the log on.
  public func events(after sequence: Int64) throws -> [StoreEvent] {
    var found: [StoreEvent] = []
    var next = sequence
    while true {
      let batch = try ledger.events(after: next, limit: 500)
      guard let last = batch.last else { return found }
      next = last.sequence
      found += batch
    }
  }

  /// The account history is `Transaction.all`, as `storeterm transactions` lists it.
  private func listedInAll(_ session: SessionFacts) -> (TransactionRecord) -> Bool {
    let consumables = session.includesConsumableHistory
    return { TransactionRules.isListedInAll($0, includingConsumableHistory: consumables) }
  }

  /// The snapshot now.
  public func snapshot() async -> StoreSnapshot {
    let session = appStore.session()
    let now = session.now
    log.collectFeed(app, now: now)
    log.collectChanges(app, now: now)
    let products = app.products
    var eligible: Set<String> = []
    for group in Set(products.compactMap { $0.subscription?.subscriptionGroupID })
    where await app.isEligibleForIntroOffer(group: group) {
      eligible.insert(group)
    }
    // A failed read keeps the records last read; the next snapshot asks again.
    let mark = (try? ledger.recordMark()) ?? []
    let history =
      (try? historyPager.page(historyRequest, mark: mark, matches: listedInAll(session)))
      ?? lastSnapshot?.historyPage ?? TransactionPage(request: historyRequest)
    let records = ownRecords(history, mark: mark)
    let storefront =
      app.storefront.flatMap { CatalogStorefront(countryCode: $0.countryCode) }
      ?? session.catalog.storefront
    let accounts = currentAccounts()
    // Sorted, so the switcher lists accounts the same way every time.
    let customers = (accounts.isEmpty ? [customerID] : accounts.map(\.id)).sorted()
    var snapshot = StoreSnapshot(
      customerID: customerID,
      customers: customers.contains(customerID) ? customers : [customerID] + customers,
      storefront: "\(storefront.countryCode) (\(storefront.currencyCode))",
      locale: session.catalog.locale, now: now,
      products: products, entitledProductIDs: app.entitledProductIDs,
      purchaseStates: app.purchaseStates, statuses: app.subscriptionStatuses,
      balances: app.balances, introEligibleGroups: eligible, records: records,
      verification: history.verification, events: log.entries, warnings: app.warnings,
      settings: session.settings, renewals: await renewals(session.catalog),
      offerCodes: currentOfferCodes(session.catalog),
      family: currentFamily(records, mark: mark), subscriptions: subscriptions(),
      historyPage: history)
    snapshot.nonRenewingLength = session.nonRenewingLength
    snapshot.purchaseIntent = app.purchaseIntent
    snapshot.retentionConfigured = session.retentionConfigured
    snapshot.availableOffers = currentOffers(mark: mark, statuses: snapshot.statuses)
    snapshot.chains = chainReader.chains(
      of: snapshot.subscriptions, around: records + history.rows,
      customerID: customerID, mark: mark)
    snapshot.transactionPage =
      (try? window(transactionRequest, mark: mark, in: snapshot)) ?? lastSnapshot?.transactionPage
    lastSnapshot = snapshot
    return snapshot
  }

  /// The window `request` asks for, which every later snapshot reads again.
  public func page(_ request: TransactionPageRequest) async throws -> TransactionPage {
    transactionRequest = request
    let snapshot: StoreSnapshot
    if let lastSnapshot { snapshot = lastSnapshot } else { snapshot = await self.snapshot() }
    return try window(request, mark: try ledger.recordMark(), in: snapshot)
  }

  /// The window of the signed-in customer's history `request` asks for, which every later
  /// snapshot reads again.
  public func historyPage(_ request: TransactionPageRequest) throws -> TransactionPage {
    // A request from before a customer switch reads the customer it names; the screen drops it.
    if request.customerID == customerID { historyRequest = request }
    return try historyPager.page(
      request, mark: try ledger.recordMark(), matches: listedInAll(appStore.session()))
  }

  /// The signed-in customer's records a screen looks up, newest first: the history's window,
  /// open purchase requests and Family Sharing copies, and the transactions a purchase result
  /// or the event log's deliveries name (a downgrade's current plan, a subscription's end).
  private func ownRecords(_ history: TransactionPage, mark: [Int64]) -> [TransactionRecord] {
    var named = Set(
      app.purchaseStates.values.compactMap { state -> UInt64? in
        if case .succeeded(let id) = state { id } else { nil }
      })
    for entry in log.entries where entry.grant != nil {
      if let id = entry.transactionID { named.insert(id) }
    }
    let shown = Set(history.rows.map(\.id))
    let lookedUp =
      (try? historyPager.lookups(
        customerID: customerID, ids: named.subtracting(shown), mark: mark))
      ?? lastSnapshot?.records ?? []
    return (history.rows + lookedUp.filter { !shown.contains($0.id) }).sorted { $0.id > $1.id }
  }

  /// The transaction list's window for `request`, filtered as the screen filters, with names
  /// and states from `snapshot`.
  private func window(
    _ request: TransactionPageRequest, mark: [Int64], in snapshot: StoreSnapshot
  ) throws -> TransactionPage {
    let filter = request.filter.lowercased()
    // A State cell moves with the clock (a period ends), so a filtered window is read again
    // each simulated second; an unfiltered one only when the ledger changed.
    return try pager.page(
      request, mark: filter.isEmpty ? mark : mark + [Int64(snapshot.now.timeIntervalSince1970)],
      matches: filter.isEmpty
        ? nil : { TransactionsScreen.matches($0, filter: filter, in: snapshot) })
  }

  /// ``AppStoreBrowser/availableOffers``, read again only when the ledger changed or a
  /// subscription's status did (time ending one opens its win-back offer without a write): not
  /// at every snapshot, where real time alone moves the clock.
  private func currentOffers(
    mark: [Int64], statuses: [String: SubscriptionGroupStatus]
  ) -> [String: [String]] {
    if let cache = offersCache, cache.mark == mark, cache.statuses == statuses {
      return cache.offers
    }
    guard let offers = try? appStore.availableOffers(customerID) else {
      return offersCache?.offers ?? [:]
    }
    offersCache = (mark, statuses, offers)
    return offers
  }

  /// The signed-in customer's Family Sharing, computed again only when the ledger or the
  /// shared entitlements changed (the watch asks five times a second).
  private func currentFamily(_ records: [TransactionRecord], mark: [Int64]) -> FamilyStatus {
    let shared = app.familySharedProductIDs
    if let cache = familyCache, cache.mark == mark, cache.shared == shared { return cache.status }
    guard let status = try? family(records: records, shared: shared) else {
      return familyCache?.status ?? FamilyStatus()
    }
    familyCache = (mark, shared, status)
    return status
  }

  /// The signed-in customer's Family Sharing, from the ledger's family groups (by index), the
  /// customer's records and the purchasers' transactions they copy (by identifier), and the
  /// store manager's shared entitlements.
  private func family(records: [TransactionRecord], shared: Set<String>) throws -> FamilyStatus {
    let sizes = try ledger.familyGroupSizes()
    let groups = sizes.keys.sorted().map { FamilyStatus.Group(name: $0, memberCount: sizes[$0]!) }
    let group = try ledger.existingCustomer(customerID)?.familyGroup
    // The ledger lists members in the order they joined it, as `familyMembers` does.
    let members = try group.map { try ledger.familyMembers($0) } ?? []
    var purchasers: [UInt64: String] = [:]
    var sharedProducts: [String: String] = [:]
    // Newest first, so a product's purchaser is the one behind its latest live copy.
    for record in records {
      guard let sourceID = record.sharedFromID, let source = try ledger.record(id: sourceID)
      else { continue }
      purchasers[record.id] = source.customerID
      if shared.contains(record.productID), record.signed?.isRevoked == false,
        sharedProducts[record.productID] == nil
      {
        sharedProducts[record.productID] = source.customerID
      }
    }
    for productID in shared where sharedProducts[productID] == nil {
      // The copy's purchaser transaction was deleted in testing: shared, by someone unknown.
      sharedProducts[productID] = "a family member"
    }
    return FamilyStatus(
      group: group, members: members.map { FamilyStatus.Member(id: $0.id, name: $0.name) },
      groups: groups, sharedProducts: sharedProducts, purchasers: purchasers)
  }

  /// The engine's catalog's offer codes, listed again only after a storefront or locale switch
  /// (pricing them is the costly part, and the watch takes a snapshot five times a second).
  private func currentOfferCodes(_ catalog: ProductCatalog) -> [OfferCode] {
    let key = "\(catalog.storefront.countryCode) \(catalog.locale)"
    if let offerCodes, offerCodes.catalog == key { return offerCodes.codes }
    let codes = OfferCode.list(catalog)
    offerCodes = (key, codes)
    return codes
  }

  /// Makes the next snapshot read the customer list and the records again.
  ///
  /// For after this process changed the store: a change that appends no event (a family
  /// member's mirrored copy) leaves the ledger's mark where it was.
  public func invalidateCustomers() {
    accounts = nil
    familyCache = nil
    pager.invalidate()
    historyPager.invalidate()
    chainReader.invalidate()
  }

  /// The switcher's customers: the first ``switcherLimit`` in the order they joined the
  /// ledger; read again only after an account or family event, or this process's own change.
  private func currentAccounts() -> [Customer] {
    if let accounts { return accounts }
    guard let read = try? ledger.customers(limit: Self.switcherLimit) else {
      return []
    }
    accounts = read
    return read
  }

  /// What StoreKit's renewal info adds for each group the customer has a status in.
  private func renewals(_ catalog: ProductCatalog) async -> [String: RenewalNote] {
    var notes: [String: RenewalNote] = [:]
    for (group, status) in app.subscriptionStatuses {
      // The renewal info of the status the screen shows, not another chain of the group (a
      // family member's, an older plan's).
      guard let info = await app.renewalInfo(group: group, transactionID: status.transactionID)
      else { continue }
      var note = RenewalNote(gracePeriodEnds: info.gracePeriodExpirationDate)
      switch info.priceIncreaseStatus {
      case .noIncreasePending: break
      case .pending: note.priceIncrease = .pending
      case .agreed: note.priceIncrease = .agreed
      }
      if note.priceIncrease != nil, let price = info.renewalPrice {
        note.renewalPrice = catalog.displayPrice(price)
      }
      if let next = info.autoRenewPreference, next != status.productID {
        note.renewsInto = next
      }
      if !note.isEmpty { notes[group] = note }
    }
    return notes
  }

  /// The signed-in customer's subscription chains (their own and those shared with them), by
  /// original transaction ID.
  private func subscriptions() -> [UInt64: SubscriptionState] {
    let chains = (try? appStore.subscriptionChains(customerID)) ?? []
    return Dictionary(chains.map { ($0.originalID, $0) }) { first, _ in first }
  }
}
