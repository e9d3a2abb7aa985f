import Foundation
import StoreCore
import StoreJWS
@_spi(StoreTerm) import StoreKit
import StoreManager
import StorePersistence
import StoreTermApp
import TerminalUI

/// Carries out the front end's effects against the store manager and the simulated App Store,
/// and answers with actions: the only place the screens' wishes touch the store.
@MainActor
final class StoreEffectRunner: EffectRunner {
  private var store: Store
  private(set) var context: StoreContext
  private var reader: SnapshotReader
  private let log: DiagnosticLog
  /// Opens the App Store for another customer (the customer switcher).
  private let openContext: @MainActor (String) throws -> StoreContext
  private var lastSent: StoreSnapshot?
  /// Effects under way, and who waits for there to be none.
  private var running = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  /// How often the watch looks at the ledger for other processes' changes.
  private let pollInterval: Duration
  /// The app database the Customers screen reads consumable balances from.
  let appDatabase: String

  /// Creates the runner and the store manager over `context`; its `Transaction.updates`
  /// listener starts here, before the first frame.
  init(
    context: StoreContext, log: DiagnosticLog,
    pollInterval: Duration = .milliseconds(200), appDatabase: String = "",
    openContext: @escaping @MainActor (String) throws -> StoreContext
  ) {
    let store = Store(configuration: context.managerConfiguration)
    self.store = store
    self.context = context
    self.openContext = openContext
    self.reader = SnapshotReader(store: store, context: context)
    self.log = log
    self.pollInterval = pollInterval
    self.appDatabase = appDatabase
  }

  func run(_ effect: AppEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    running += 1
    defer {
      running -= 1
      if running == 0 {
        for waiter in idleWaiters { waiter.resume() }
        idleWaiters = []
      }
    }
    log.write("effect \(effect)")
    switch effect {
    case .start:
      do { try reader.primeEvents() } catch { log.write("event log: \(error)") }
      await store.start()
      await publish(send, force: true)
    case .watchForChanges:
      await watch(send)
    case .purchase(let productID, let outcome):
      let state = await purchase(productID, overrides: outcome.overrides)
      send(.purchaseFinished(productID: productID, state: state))
      await publish(send)
    case .presentOfferCodeRedeemSheet:
      do {
        // What the app calls; the session's "Offer Code Redeem Sheet" error is thrown here.
        try StoreKitRuntime.presentOfferCodeRedeemSheet()
        send(.redeem(.presented))
      } catch {
        send(.redeem(.presentFailed(PurchaseFailure(error))))
      }
    case .redeemOfferCode(let referenceName, let productID):
      let state = await purchase(
        productID, overrides: PurchaseOverrides(offer: .code(referenceName)))
      send(.redeem(.finished(productID: productID, state: state)))
      await publish(send)
    case .dismissPurchase(let productID):
      store.dismissPurchase(of: productID)
      await publish(send)
    case .restore:
      do {
        try await store.restore()
        send(.operationFinished(message: "Purchases restored.", isError: false))
      } catch {
        send(
          .operationFinished(message: "Restore failed: \(PurchaseFailure(error))", isError: true))
      }
      await publish(send)
    case .manage(let action, let id):
      do {
        let productID = try context.engine.record(id).productID
        try perform(action, id: id)
        let name = context.catalog.product(id: productID)?.displayName ?? productID
        send(
          .operationFinished(
            message: "\(action.pastTense) transaction \(id) (\(name)).", isError: false))
      } catch {
        send(.operationFinished(message: "\(error)", isError: true))
      }
      await store.recoverUnfinished()
      await publish(send)
    case .requestRefund(let id, let reason):
      do {
        // What the app calls; the session's "Refund Request Sheet" error is thrown here.
        _ = try StoreKitRuntime.beginRefundRequest(for: id)
        // The test environment approves every request at once, as Xcode's does.
        _ = try context.engine.refund(id, reason: reason.revocationReason)
        send(
          .refund(
            .finished(
              message: "Refund requested and approved: transaction \(id) was refunded.",
              isError: false)))
      } catch {
        send(
          .refund(
            .finished(
              message: "Refund request failed: \(PurchaseFailure(error)). Nothing changed.",
              isError: true)))
      }
      await store.recoverUnfinished()
      await publish(send)
    case .setSetting(let setting, let enabled):
      do {
        // Kept in the ledger, so `storeterm clock advance` in another terminal bills the same way.
        try context.ledger.setSessionSwitch(setting.sessionSwitch, enabled)
        var session = context.engine.session
        session.set(setting.sessionSwitch, enabled)
        context.engine.setSession(session)
      } catch {
        send(.operationFinished(message: "\(error)", isError: true))
      }
      await publish(send)
    case .switchCustomer(let customerID):
      do {
        try await switchCustomer(to: customerID)
        send(.operationFinished(message: "Signed in as \(customerID).", isError: false))
      } catch {
        send(.operationFinished(message: "\(error)", isError: true))
      }
      await publish(send, force: true)
    case .joinFamily(let group):
      send(.family(joinFamily(group)))
      await store.recoverUnfinished()
      await publish(send)
    case .leaveFamily:
      send(.family(leaveFamily()))
      await store.recoverUnfinished()
      await publish(send)
    case .setTimeRate(let name):
      do {
        guard let rate = TimeRate.named.first(where: { $0.name == name })?.rate else {
          throw CommandFailure("\(name) is not a time rate")
        }
        let changed = context.clock.simulated.withRate(rate, real: Date())
        try context.ledger.setClock(changed)
        context.clock.set(changed)
      } catch {
        send(.operationFinished(message: "\(error)", isError: true))
      }
      await publish(send)
    case .setStorefront(let code, let locale):
      if let storefront = CatalogStorefront(countryCode: code) {
        // What SKTestSession's storefront and locale setters do; the store reloads its products.
        context.engine.setCatalog(
          ProductCatalog(
            configuration: context.catalog.configuration, storefront: storefront, locale: locale))
        await store.loadProducts(force: true)
      }
      await publish(send)
    case .setFailure(let api, let name):
      var session = context.engine.session
      session.failures[api] = name.flatMap(SimulatedFailure.init(name:))
      context.engine.setSession(session)
      await publish(send)
    case .advanceClock(let seconds):
      do {
        let (renewals, failures) = try advanceClock(by: seconds)
        send(
          .operationFinished(
            message: ClockReport.sentence(
              days: Self.days(seconds), renewals: renewals, billingFailures: failures,
              name: { [catalog = context.catalog] in catalog.product(id: $0)?.displayName ?? $0 }),
            isError: false))
      } catch {
        send(.operationFinished(message: "\(error)", isError: true))
      }
      await store.recoverUnfinished()
      await publish(send)
    case .searchCustomers(let query):
      send(.support(searchCustomers(query)))
    case .loadCustomer(let customerID):
      send(.support(loadCustomer(customerID)))
    case .notifications(let request):
      await NotificationsClient(
        ledger: context.ledger, clock: context.clock, factory: context.notifications,
        pollInterval: pollInterval
      ).run(request, send: send)
    }
  }

  /// `1 day`, `30 days`.
  private static func days(_ seconds: Double) -> String {
    let days = Int(seconds / 86_400)
    return days == 1 ? "1 day" : "\(days) days"
  }

  /// Stops the store manager's listeners and waits (at most `limit`) for effects still under
  /// way to end.
  ///
  /// The program cancels its effect tasks when it ends but does not wait for them; one test run
  /// crashed at exit (a bad pointer in `pthread_rwlock_rdlock`), most likely an effect still
  /// working on another thread while the process tore down its libraries.
  func stop(waitingAtMost limit: Duration = .seconds(2)) async {
    store.stop()
    guard running > 0 else { return }
    let timeout = Task { @MainActor [weak self] in
      try? await Task.sleep(for: limit)
      self?.releaseWaiters()
    }
    await withCheckedContinuation { idleWaiters.append($0) }
    timeout.cancel()
  }

  private func releaseWaiters() {
    for waiter in idleWaiters { waiter.resume() }
    idleWaiters = []
  }

  /// Signs `customerID` in: StoreKit, the store manager (with its own listener and app
  /// database account) and the snapshot reader all move to the new customer.
  private func switchCustomer(to customerID: String) async throws {
    let fresh = try openContext(customerID)
    store.stop()
    StoreKitRuntime.configure(fresh.runtime)
    context = fresh
    store = Store(configuration: fresh.managerConfiguration)
    reader = SnapshotReader(store: store, context: fresh)
    lastSent = nil
    try reader.primeEvents()
    await store.start()
  }

  /// Moves the simulated clock forward (stored in the ledger, so other processes see it) and
  /// generates what fell due, as `storeterm clock advance` does: the renewals made and the
  /// billing failures logged meanwhile.
  private func advanceClock(by seconds: Double) throws -> (Int, [StoreEvent]) {
    let mark = try reader.latestSequence()
    let advanced = context.clock.simulated.advanced(by: seconds, real: Date())
    let limit = Date(epochMilliseconds: TestCertificateAuthority.validityEnd)
    guard advanced.now(real: Date()) < limit else {
      throw CommandFailure("the clock cannot pass the end of the test certificates")
    }
    try context.ledger.setClock(advanced)
    context.clock.set(advanced)
    let renewals = try context.engine.catchUp()
    let failures = try reader.events(after: mark).filter { $0.kind == .billingFailed }
    return (renewals, failures)
  }

  /// Buys through the store manager's one purchase path, `Product.purchase(options:)`; the
  /// outcome row's choice (or an offer code) is set for that one purchase, as
  /// `storeterm purchase --ask-to-buy` or `--offer-code` does.
  private func purchase(_ productID: String, overrides: PurchaseOverrides) async -> PurchaseState {
    await FrontEndPurchase.buy(productID, overrides: overrides, through: store).state
  }

  private func perform(_ action: ManageAction, id: UInt64) throws {
    let engine = context.engine
    switch action {
    case .approve: _ = try engine.approve(id)
    case .decline:
      let productID = try engine.record(id).productID
      try engine.decline(id)
      // StoreKit never tells the app about a decline; the transaction manager does.
      store.askToBuyDeclined(productID: productID)
    case .resolve: _ = try engine.resolve(id)
    case .refund: _ = try engine.refund(id)
    case .revoke: _ = try engine.revoke(id)
    case .expire: try engine.expireSubscription(id)
    case .renew: _ = try engine.forceRenewal(id)
    case .autoRenewOff: try engine.setAutoRenew(id, enabled: false)
    case .autoRenewOn: try engine.setAutoRenew(id, enabled: true)
    case .priceIncrease: try engine.requestPriceIncrease(id)
    case .consent: try engine.consentToPriceIncrease(id)
    case .declinePriceIncrease: try engine.declinePriceIncrease(id)
    case .finish: try engine.finish(id)
    case .delete: try engine.delete(id)
    }
  }

  /// Polls the ledger for changes made by other processes (`storeterm manage approve 3` in a
  /// second terminal): their transactions never reach this process's `Transaction.updates`,
  /// so the store delivers them as unfinished transactions, as an app does at its next launch.
  private func watch(_ send: @escaping @Sendable (AppAction) -> Void) async {
    while !Task.isCancelled {
      do {
        try await Task.sleep(for: pollInterval)
      } catch {
        return
      }
      await takeInOtherProcesses(send)
    }
  }

  /// One look of the watch: what other processes changed in the ledger (the clock, session
  /// switches, declines, transactions to deliver) reaches the store, then a snapshot goes out.
  func takeInOtherProcesses(_ send: @escaping @Sendable (AppAction) -> Void) async {
    do {
      if let clock = try context.ledger.clock() { context.clock.set(clock) }
      // Another process (another screen) may have turned a session switch.
      let session = context.engine.session.applying(try context.ledger.sessionSwitches())
      if session != context.engine.session { context.engine.setSession(session) }
      let events = try reader.newEvents()
      let mine = events.filter { $0.customerID == context.customerID }
      for event in mine where event.kind == .declined {
        if let productID = event.productID { store.askToBuyDeclined(productID: productID) }
      }
      if !mine.isEmpty {
        _ = try? context.engine.catchUp()
        await store.recoverUnfinished()
      }
    } catch {
      log.write("watch: \(error)")
    }
    await publish(send, rereadingCustomers: false)
  }

  /// Sends a snapshot when it differs from the last one sent.
  ///
  /// Every snapshot reads the records that changed since the last; effects also read the
  /// customer list again, while the watch does so only after an account or family event
  /// (`rereadingCustomers` false).
  private func publish(
    _ send: @Sendable (AppAction) -> Void, force: Bool = false, rereadingCustomers: Bool = true
  ) async {
    if rereadingCustomers { reader.invalidateCustomers() }
    let snapshot = await reader.snapshot()
    guard force || snapshot != lastSent else { return }
    lastSent = snapshot
    send(.storeChanged(snapshot))
  }
}
