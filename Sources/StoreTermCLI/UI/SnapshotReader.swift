import Foundation
import StoreCore
import StoreJWS
@_spi(StoreTerm) import StoreKit
import StoreManager
import StorePersistence
import StoreTermApp

/// Builds the screens' ``StoreSnapshot`` from the store manager, StoreKit and (for QA's
/// transaction manager) the App Store's ledger, and keeps the event log between snapshots.
@MainActor
final class SnapshotReader {
  private let store: Store
  private let context: StoreContext
  private var events: [EventLogEntry] = []
  private var lastFeedID = 0
  /// Each group's state and the storefront as last seen, to log their changes.
  private var lastStates: [String: SubscriptionGroupStatus.State]?
  private var lastStorefront: Storefront?
  /// Every customer's records and their verification, brought up to date at each snapshot by
  /// reading only what changed.
  private var mirror: RecordMirror
  /// The ledger's customers (in the order they joined it) as last read; nil when they must be
  /// read again.
  private var accounts: [Customer]?
  /// The last Family Sharing status and what it was computed from.
  private var familyCache:
    (cursor: LedgerChangeCursor?, accounts: [Customer], shared: Set<String>, status: FamilyStatus)?
  /// The sequence of the last App Store event read from the ledger.
  private(set) var lastSequence: Int64 = 0
  /// How many of the newest transactions of other customers are verified: verifying costs a
  /// signature check per transaction, so the customer's own (the account history) and the
  /// newest few hundred are checked; the rest show "not checked".
  static let verifiedLimit = 300
  /// The most entries the event log keeps.
  private let eventLimit = 1000
  /// The catalog's offer codes and the storefront and locale they were priced for.
  private var offerCodes: (catalog: String, codes: [OfferCode])?

  init(store: Store, context: StoreContext) {
    self.store = store
    self.context = context
    mirror = RecordMirror(customerID: context.customerID, verifiedLimit: Self.verifiedLimit) {
      [verifier = context.verifier] jws in
      switch verifier.verify(jws, as: JWSTransactionDecodedPayload.self) {
      case .success(.verified): "verified"
      case .success(.unverified(_, let error)), .failure(let error): error.name
      }
    }
  }

  /// Reads the App Store's latest events (up to 50 at start) so the log is not empty, and
  /// remembers where the log ends.
  func primeEvents() throws {
    var sequence: Int64 = 0
    var recent: [StoreEvent] = []
    while true {
      let batch = try context.ledger.events(after: sequence, limit: 500)
      guard let last = batch.last else { break }
      sequence = last.sequence
      recent = Array((recent + batch).suffix(50))
    }
    lastSequence = sequence
    events = recent.map(Self.entry)
  }

  /// Events other processes (or this one) added to the ledger since the last call.
  func newEvents() throws -> [StoreEvent] {
    var found: [StoreEvent] = []
    while true {
      let batch = try context.ledger.events(after: lastSequence, limit: 500)
      guard let last = batch.last else { break }
      lastSequence = last.sequence
      found += batch
    }
    append(found.map(Self.entry))
    // Creating a customer logs an event (customers are never deleted), so no such event means
    // the list still holds. Records need no event: each snapshot reads what changed.
    // New accounts and family changes are the only changes to the customers table.
    let accountKinds: Set<StoreEvent.Kind> = [.customerCreated, .familyJoined, .familyLeft]
    if found.contains(where: { accountKinds.contains($0.kind) }) { accounts = nil }
    return found
  }

  /// The sequence of the newest event in the ledger, without moving the log on.
  func latestSequence() throws -> Int64 {
    var sequence = lastSequence
    while let last = try context.ledger.events(after: sequence, limit: 500).last {
      sequence = last.sequence
    }
    return sequence
  }

  /// The ledger's events after `sequence`, without moving the log on.
  func events(after sequence: Int64) throws -> [StoreEvent] {
    var found: [StoreEvent] = []
    var next = sequence
    while true {
      let batch = try context.ledger.events(after: next, limit: 500)
      guard let last = batch.last else { return found }
      next = last.sequence
      found += batch
    }
  }

  /// The snapshot now.
  func snapshot() async -> StoreSnapshot {
    let now = context.clock.now()
    collectFeed(now: now)
    collectChanges(now: now)
    let products = store.products
    var eligible: Set<String> = []
    for group in Set(products.compactMap { $0.subscription?.subscriptionGroupID })
    where await Product.SubscriptionInfo.isEligibleForIntroOffer(for: group) {
      eligible.insert(group)
    }
    // A failed read keeps the records last read; the next snapshot asks again from there.
    _ = try? mirror.refresh(from: context.ledger)
    let storefront =
      store.storefront.flatMap { CatalogStorefront(countryCode: $0.countryCode) }
      ?? context.catalog.storefront
    let accounts = currentAccounts()
    // Sorted, so the switcher lists accounts the same way every time.
    let customers = (accounts.isEmpty ? [context.customerID] : accounts.map(\.id)).sorted()
    return StoreSnapshot(
      customerID: context.customerID,
      customers: customers.contains(context.customerID)
        ? customers : [context.customerID] + customers,
      storefront: "\(storefront.countryCode) (\(storefront.currencyCode))",
      locale: context.engine.catalog.locale, now: now,
      products: products, entitledProductIDs: store.entitledProductIDs,
      purchaseStates: store.purchaseStates, statuses: store.subscriptionStatuses,
      balances: store.balances, introEligibleGroups: eligible, records: mirror.records,
      verification: mirror.verification, events: events,
      warnings: store.warnings.map(\.description),
      settings: settings(), renewals: await renewals(), offerCodes: currentOfferCodes(),
      family: currentFamily(accounts), subscriptions: subscriptions())
  }

  /// The signed-in customer's Family Sharing, computed again only when the records, the
  /// accounts or the shared entitlements changed (the watch asks five times a second).
  private func currentFamily(_ accounts: [Customer]) -> FamilyStatus {
    let shared = store.familySharedProductIDs
    if let cache = familyCache, cache.cursor == mirror.cursor, cache.accounts == accounts,
      cache.shared == shared
    {
      return cache.status
    }
    let status = family(accounts, records: mirror.records, shared: shared)
    familyCache = (mirror.cursor, accounts, shared, status)
    return status
  }

  /// The signed-in customer's Family Sharing, from the ledger's customers (read for the
  /// switcher anyway) and records, and the store manager's shared entitlements.
  private func family(
    _ accounts: [Customer], records: [TransactionRecord], shared: Set<String>
  ) -> FamilyStatus {
    var counts: [String: Int] = [:]
    for account in accounts {
      if let group = account.familyGroup { counts[group, default: 0] += 1 }
    }
    let groups = counts.keys.sorted().map { FamilyStatus.Group(name: $0, memberCount: counts[$0]!) }
    let group = accounts.first { $0.id == context.customerID }?.familyGroup
    // The ledger lists customers in the order they joined it, as `familyMembers` does.
    let members = accounts.filter { group != nil && $0.familyGroup == group }
      .map { FamilyStatus.Member(id: $0.id, name: $0.name) }
    var purchasers: [UInt64: String] = [:]
    var sharedProducts: [String: String] = [:]
    // Newest first, so a product's purchaser is the one behind its latest live copy.
    for record in records where record.customerID == context.customerID {
      guard let source = record.sharedFromID.flatMap({ Self.record($0, in: records) }) else {
        continue
      }
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
      group: group, members: members, groups: groups, sharedProducts: sharedProducts,
      purchasers: purchasers)
  }

  /// The record with identifier `id` in `records` (newest first), by binary search.
  private static func record(_ id: UInt64, in records: [TransactionRecord]) -> TransactionRecord? {
    var low = 0
    var high = records.count
    while low < high {
      let middle = (low + high) / 2
      if records[middle].id == id { return records[middle] }
      if records[middle].id > id { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// The engine's catalog's offer codes, listed again only after a storefront or locale switch
  /// (pricing them is the costly part, and the watch takes a snapshot five times a second).
  private func currentOfferCodes() -> [OfferCode] {
    let catalog = context.engine.catalog
    let key = "\(catalog.storefront.countryCode) \(catalog.locale)"
    if let offerCodes, offerCodes.catalog == key { return offerCodes.codes }
    let codes = OfferCode.list(catalog)
    offerCodes = (key, codes)
    return codes
  }

  /// Makes the next snapshot read the customer list again.
  ///
  /// For after this process changed the store; records need nothing, since every snapshot
  /// reads the ones that changed.
  func invalidateCustomers() {
    accounts = nil
  }

  /// The ledger's customers, in the order they joined it; read again only after an account
  /// or family event, or this process's own change.
  private func currentAccounts() -> [Customer] {
    if let accounts { return accounts }
    guard let read = try? context.ledger.customers() else { return [] }
    accounts = read
    return read
  }

  /// What StoreKit's renewal info adds for each group the customer has a status in.
  private func renewals() async -> [String: RenewalNote] {
    var notes: [String: RenewalNote] = [:]
    for (group, status) in store.subscriptionStatuses {
      guard let current = try? await Product.SubscriptionInfo.status(for: group).first,
        case .verified(let info) = current.renewalInfo
      else { continue }
      var note = RenewalNote(gracePeriodEnds: info.gracePeriodExpirationDate)
      switch info.priceIncreaseStatus {
      case .noIncreasePending: break
      case .pending: note.priceIncrease = .pending
      case .agreed: note.priceIncrease = .agreed
      }
      if note.priceIncrease != nil, let price = info.renewalPrice {
        note.renewalPrice = context.catalog.displayPrice(price)
      }
      if let next = info.autoRenewPreference, next != status.productID {
        note.renewsInto = next
      }
      if !note.isEmpty { notes[group] = note }
    }
    return notes
  }

  /// The signed-in customer's subscription chains, by original transaction ID.
  private func subscriptions() -> [UInt64: SubscriptionState] {
    let chains = (try? context.ledger.subscriptions(customerID: context.customerID)) ?? []
    return Dictionary(chains.map { ($0.state.originalID, $0.state) }) { first, _ in first }
  }

  /// The session's switches and the clock's rate.
  private func settings() -> QASettings {
    let session = context.engine.session
    let catalog = context.engine.catalog
    return QASettings(
      askToBuy: session.askToBuyEnabled, interruptedPurchases: session.interruptedPurchasesEnabled,
      billingIssues: session.billingIssuesEnabled, gracePeriod: session.billingGracePeriodEnabled,
      timeRate: context.clock.simulated.rate.description,
      failures: session.failures.mapValues(Self.name),
      storefront: "\(catalog.storefront.countryCode) \(catalog.locale)")
  }

  /// The name `SimulatedFailure(name:)` reads back.
  static func name(_ failure: SimulatedFailure) -> String {
    switch failure {
    case .storeKit(let error): error.name
    case .purchase(let error): error.rawValue
    case .verification(let error): error.name
    case .refundRequest(let error): error.rawValue
    }
  }

  private func collectFeed(now: Date) {
    let fresh = store.feed.filter { $0.id > lastFeedID }
    guard let last = fresh.last else { return }
    lastFeedID = last.id
    append(
      fresh.map { entry in
        let detail: String
        let problem: Bool
        var granted: GrantOutcome?
        switch entry.outcome {
        case .delivered(let grant):
          // The screen says what the grant was, in words and in the catalog's language.
          detail = "verified" + (entry.isRevoked ? " · revoked" : "")
          granted = grant
          problem = false
        case .refused(let failure):
          detail = "refused: \(failure)"
          problem = true
        }
        return EventLogEntry(
          date: now, origin: .app, kind: entry.source.rawValue, productID: entry.productID,
          transactionID: entry.transactionID, detail: detail, isProblem: problem, grant: granted)
      })
  }

  /// Logs subscription status and storefront changes, as the app's status and storefront
  /// listeners would see them (not at the first snapshot, which is where things start).
  private func collectChanges(now: Date) {
    let statuses = store.subscriptionStatuses
    if let lastStates {
      for group in statuses.keys.sorted() {
        guard let status = statuses[group], lastStates[group] != status.state else { continue }
        let before = lastStates[group].map { "\($0.rawValue) → " } ?? ""
        append([
          EventLogEntry(
            date: now, origin: .app, kind: "status", productID: status.productID,
            transactionID: status.transactionID, detail: before + status.state.rawValue,
            isProblem: status.state == .inBillingRetryPeriod)
        ])
      }
    }
    lastStates = statuses.mapValues(\.state)
    if let previous = lastStorefront, let current = store.storefront, previous.id != current.id {
      append([
        EventLogEntry(
          date: now, origin: .app, kind: "storefront", productID: nil, transactionID: nil,
          detail: "\(previous.countryCode) → \(current.countryCode)")
      ])
    }
    lastStorefront = store.storefront ?? lastStorefront
  }

  private func append(_ entries: [EventLogEntry]) {
    events += entries
    if events.count > eventLimit { events.removeFirst(events.count - eventLimit) }
  }

  private static func entry(_ event: StoreEvent) -> EventLogEntry {
    EventLogEntry(
      date: event.date, origin: .appStore, kind: event.kind.rawValue, productID: event.productID,
      transactionID: event.transactionID,
      detail: event.customerID + (event.detail.isEmpty ? "" : " · \(event.detail)"),
      isProblem: event.kind == .failed || event.kind == .billingFailed)
  }
}
