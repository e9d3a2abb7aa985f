import Foundation
import StoreCore
import StoreJWS
@_spi(StoreTerm) import StoreKit
import StoreManager
import StorePersistence
import StoreTermApp
import TerminalUI

/// Carries out the front end's effects through four small clients, answering with typed actions.
///
/// The clients are store, test controls, support and clock; the sentences are made in `update`. Real time comes
/// from the injected `realTime` (by default the CLI's edge, ``LedgerClock/systemTime``).
@MainActor
final class StoreEffectRunner: EffectRunner {
  private var store: Store
  private(set) var context: StoreContext
  var reader: SnapshotBuilder
  let log: DiagnosticLog
  /// Opens the App Store for another customer (the customer switcher).
  private let openContext: @MainActor (String) throws -> StoreContext
  private var lastSent: StoreSnapshot?
  /// Effects under way, and who waits for there to be none.
  private var running = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  /// How often the watch ticks, and looks at the ledger for other processes' changes when the
  /// ledger cannot tell it of them.
  let pollInterval: Duration
  /// What tells the watch another process committed (``LedgerChangeSignal``).
  let changes: any LedgerChangeSignal
  /// Whether the watch's last look lost its connection to the ledger's server (said once).
  var connectionLost = false
  /// The app database the Customers screen reads consumable balances from.
  let appDatabase: String
  /// The real time now, for the simulated clock.
  let realTime: @Sendable () -> Date
  var storeClient: any StoreClient
  var controls: any TestControlsClient
  private var support: any SupportClient
  var clock: any ClockClient
  /// What `W` records the walk into.
  private var walk: WalkRecording

  /// Creates the runner and the store manager over `context`; its `Transaction.updates`
  /// listener starts here, before the first frame.
  ///
  /// The runner points StoreKit at its own App Store for everything it does (the manager's
  /// listeners and each effect), whatever else the process has configured: tests run several
  /// apps beside `SKTestSession` suites in one process, and one app once read another's purchases.
  init(
    context: StoreContext, log: DiagnosticLog,
    pollInterval: Duration = .milliseconds(200), appDatabase: String = "",
    realTime: @escaping @Sendable () -> Date = LedgerClock.systemTime,
    recording: RecordingTarget? = nil, changes: (any LedgerChangeSignal)? = nil,
    openContext: @escaping @MainActor (String) throws -> StoreContext
  ) throws {
    walk = WalkRecording(
      target: recording
        ?? RecordingTarget(
          path: nil, paths: StorePaths(databaseOption: nil, environment: [:]), catalog: "demo"))
    let store = Self.makeStore(context)
    self.store = store
    self.context = context
    self.openContext = openContext
    self.reader = try SnapshotSources.builder(store: store, context: context)
    self.log = log
    self.pollInterval = pollInterval
    self.changes = changes ?? context.backend.changeSignal()
    self.appDatabase = appDatabase
    self.realTime = realTime
    (storeClient, controls, support, clock) = Self.clients(
      context, store: store, appDatabase: appDatabase, realTime: realTime)
  }

  /// A store manager whose listeners talk to `context`'s App Store.
  private static func makeStore(_ context: StoreContext) -> Store {
    StoreKitRuntime.withConfiguration(context.runtime) {
      Store(configuration: context.managerConfiguration)
    }
  }

  /// The four clients over one customer's App Store.
  private static func clients(
    _ context: StoreContext, store: Store, appDatabase: String,
    realTime: @escaping @Sendable () -> Date
  ) -> (any StoreClient, any TestControlsClient, any SupportClient, any ClockClient) {
    let controls = EngineTestControls(context: context)
    return (
      StoreManagerClient(store: store), controls,
      LedgerSupportClient(context: context, appDatabase: appDatabase),
      LedgerClockClient(context: context, realTime: realTime)
    )
  }

  func run(_ effect: AppEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    if case .setRecording(let on) = effect {
      return walk.set(on, context: context, realTime: realTime(), send: send)
    }
    guard walk.isOn, EffectRecording.mayChange(effect) else {
      await StoreKitRuntime.withConfiguration(context.runtime) { await perform(effect, send: send) }
      return
    }
    // While recording, what the effect answered says whether (and how) it changed the store.
    let now = context.clock.now()
    let sent = SentActions()
    await StoreKitRuntime.withConfiguration(context.runtime) {
      await perform(effect) { action in
        sent.append(action)
        send(action)
      }
    }
    walk.record(effect, answers: sent.all, now: now, context: context, send: send)
  }

  /// Carries out `effect` (StoreKit already points at this runner's App Store).
  private func perform(_ effect: AppEffect, send: @escaping @Sendable (AppAction) -> Void) async {
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
      await storeClient.start()
      await publish(send, force: true)
    case .watchForChanges:
      await watch(send)
    case .purchase(let productID, let outcome, let offer):
      var overrides = outcome.overrides
      if let offer { overrides.offer = .identifier(offer) }
      let state = await storeClient.purchase(productID, overrides: overrides)
      send(.purchaseFinished(productID: productID, state: state))
      await publish(send)
    case .presentOfferCodeRedeemSheet:
      do {
        try storeClient.presentOfferCodeRedeemSheet()
        send(.redeem(.presented))
      } catch {
        send(.redeem(.presentFailed(PurchaseFailure(error))))
      }
    case .redeemOfferCode(let referenceName, let productID):
      let state = await storeClient.purchase(
        productID, overrides: PurchaseOverrides(offer: .code(referenceName)))
      send(.redeem(.finished(productID: productID, state: state)))
      await publish(send)
    case .dismissPurchase(let productID):
      storeClient.dismissPurchase(of: productID)
      await publish(send)
    case .restore:
      do {
        try await storeClient.restore()
        send(.finished(.restored))
      } catch {
        send(.finished(.restoreFailed(PurchaseFailure(error))))
      }
      await publish(send)
    case .manage(let action, let id):
      send(.finished(outcome { try manage(action, id: id) }))
      // A price increase is the product's new price: the paywall shows it.
      if action == .priceIncrease { await storeClient.reloadProducts() }
      await storeClient.recoverUnfinished()
      await publish(send)
    case .sendPurchaseIntent(let productID):
      let customerID = context.customerID
      send(
        .finished(
          outcome {
            try controls.sendPurchaseIntent(productID, customerID: customerID)
            return .purchaseIntentSent(productID: productID)
          }))
      // The store manager hears of it on its listener; the snapshot after it presents it.
      await Task.yield()
      await publish(send)
    case .requestRefund(let id, let reason):
      do {
        // The App Store asks the developer's server for consumption information; QA decides
        // later in the transaction manager (or `storeterm manage refund|refund-prorated|…`).
        try storeClient.beginRefundRequest(for: id, reason: reason.consumptionRequestReason)
        send(.finished(.refundRequested(transactionID: id)))
      } catch {
        send(.finished(.refundFailed(PurchaseFailure(error))))
      }
      await storeClient.recoverUnfinished()
      await publish(send)
    case .setSetting(let setting, let enabled):
      reportFailure(send) { try controls.setSwitch(setting, enabled) }
      await publish(send)
    case .switchCustomer(let customerID):
      do {
        try await switchCustomer(to: customerID)
        send(.finished(.signedIn(customerID)))
      } catch {
        send(.finished(.refused(Refusal(error))))
      }
      // The effect started in the previous customer's App Store; the snapshot is the new one's.
      await StoreKitRuntime.withConfiguration(context.runtime) { await publish(send, force: true) }
    case .joinFamily(let group):
      let customerID = context.customerID
      send(
        .finished(
          outcome(refusal: EffectOutcome.familyRefused) {
            .joinedFamily(group, received: try controls.joinFamily(group, customerID: customerID))
          }))
      await storeClient.recoverUnfinished()
      await publish(send)
    case .leaveFamily:
      let customerID = context.customerID
      send(
        .finished(
          outcome(refusal: EffectOutcome.familyRefused) {
            .leftFamily(try controls.leaveFamily(customerID: customerID))
          }))
      await storeClient.recoverUnfinished()
      await publish(send)
    case .setTimeRate(let name):
      reportFailure(send) { try clock.setRate(named: name) }
      await publish(send)
    case .setStorefront(let code, let locale):
      if controls.setStorefront(code, locale: locale) { await storeClient.reloadProducts() }
      await publish(send)
    case .setFailure(let api, let name):
      controls.setFailure(api, name)
      await publish(send)
    case .advanceClock(let seconds):
      send(.finished(outcome { try advanceClock(by: seconds) }))
      await storeClient.recoverUnfinished()
      await publish(send)
    case .searchCustomers(let query):
      do {
        send(.support(.found(query: query, try support.search(query))))
      } catch {
        send(.support(.failed(.search("\(error)"))))
      }
    case .loadCustomer(let customerID):
      do {
        send(.support(.loaded(try support.load(customerID))))
      } catch {
        send(.support(.failed(.load("\(error)"))))
      }
    case .moreCustomers(let query, let customerID):
      do {
        send(
          .support(
            .foundMore(query: query, after: customerID, try support.more(query, after: customerID)))
        )
      } catch {
        send(.support(.failed(.search("\(error)"))))
      }
    case .loadTransactionPage(let request):
      do {
        send(.transactions(.loaded(try await reader.page(request))))
      } catch {
        log.write("transaction page: \(error)")
      }
    case .loadHistoryPage(let request):
      do {
        send(.account(.loaded(try reader.historyPage(request))))
      } catch {
        log.write("history page: \(error)")
      }
    case .setRecording:
      break  // Handled in run, outside StoreKit's configuration.
    case .notifications(let request):
      await NotificationsClient(
        outbox: context.backend.serverStores().outbox, clock: context.clock,
        factory: context.notifications,
        pollInterval: pollInterval
      ).run(request, send: send)
    case .retentionOffer(let id):
      // A refusal shows no message; the control that follows reports it.
      let offer = try? await RetentionFlow.offer(for: id, store: context)
      send(.retention(.shown(offer)))
    case .takeRetentionOffer(let offer, let id):
      do {
        let taken = try RetentionFlow.take(offer, transactionID: id, store: context)
        send(
          .retention(
            .taken(taken.map { .product($0.payload.productId) } ?? .failed("\(offer.proposal)"))))
      } catch {
        send(.retention(.taken(.failed("\(error)"))))
      }
      await storeClient.recoverUnfinished()
      await publish(send)
    }
  }

  /// The outcome `body` reports, or the refusal its error states.
  private func outcome(
    refusal: (Refusal) -> EffectOutcome = EffectOutcome.refused,
    _ body: () throws -> EffectOutcome
  ) -> EffectOutcome {
    do { return try body() } catch { return refusal(Refusal(error)) }
  }

  /// Runs `body`; only a failure is reported.
  private func reportFailure(
    _ send: @Sendable (AppAction) -> Void, _ body: () throws -> Void
  ) {
    do { try body() } catch { send(.finished(.refused(Refusal(error)))) }
  }

  /// A transaction control; a decline also reaches the store manager, since StoreKit never
  /// tells the app about one.
  private func manage(_ action: ManageAction, id: UInt64) throws -> EffectOutcome {
    let productID = try controls.perform(action, on: id)
    if action == .decline { storeClient.askToBuyDeclined(productID: productID) }
    return .controlled(action, transactionID: id, productID: productID)
  }

  /// Moves the simulated clock forward and generates what fell due, as `storeterm clock
  /// advance` does: the renewals made and the billing failures logged meanwhile.
  private func advanceClock(by seconds: Double) throws -> EffectOutcome {
    let mark = try reader.latestSequence()
    try clock.advance(by: seconds)
    let renewals = try controls.catchUp()
    let failures = try reader.events(after: mark).filter { $0.kind == .billingFailed }
    return .clockAdvanced(seconds: seconds, renewals: renewals, billingFailures: failures)
  }

  /// Stops the store manager's listeners and waits (at most `limit`) for effects still under
  /// way to end.
  ///
  /// The program cancels its effect tasks when it ends but does not wait for them; one test run
  /// crashed at exit (a bad pointer in `pthread_rwlock_rdlock`), most likely an effect still
  /// working on another thread while the process tore down its libraries.
  func stop(waitingAtMost limit: Duration = .seconds(2)) async {
    storeClient.stop()
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
  func switchCustomer(to customerID: String) async throws {
    let fresh = try openContext(customerID)
    storeClient.stop()
    context = fresh
    store = Self.makeStore(fresh)
    (storeClient, controls, support, clock) = Self.clients(
      fresh, store: store, appDatabase: appDatabase, realTime: realTime)
    reader = try SnapshotSources.builder(store: store, context: fresh)
    lastSent = nil
    try reader.primeEvents()
    await StoreKitRuntime.withConfiguration(fresh.runtime) { await storeClient.start() }
  }

  /// Sends a snapshot when it differs from the last one sent.
  ///
  /// Every snapshot reads the records that changed since the last; effects also read the
  /// customer list again, while the watch does so only after an account or family event
  /// (`rereadingCustomers` false).
  func publish(
    _ send: @Sendable (AppAction) -> Void, force: Bool = false, rereadingCustomers: Bool = true
  ) async {
    if rereadingCustomers { reader.invalidateCustomers() }
    let snapshot = await reader.snapshot()
    guard force || snapshot != lastSent else { return }
    lastSent = snapshot
    send(.storeChanged(snapshot))
  }
}
