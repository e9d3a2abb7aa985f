import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreManager

/// Replays a scenario on a fresh ledger in a folder of its own: the file's catalog and clock,
/// real time standing still between steps (only `clock advance` moves it), each step through
/// the same calls as the `storeterm` command it names, then what the customer has, read back.
@MainActor
final class ScenarioPlayer {
  /// What one step came to.
  struct StepResult {
    /// The step number (1-based; 0 for the state before the first step).
    var number: Int
    /// The line of the step (0 for the start).
    var line: Int
    /// The step as written.
    var text: String
    /// The purchase's answer, or the failure of a step the store refused.
    var note: String?
    /// What differs from the expectations, each with its line.
    var differences: [(line: Int, text: String)]
    /// The transactions (and requests) the step created for the customer, by ID, in order,
    /// with their products: what an export maps to the test session's own IDs.
    var created: [(id: UInt64, productID: String)] = []
    /// What the customer had before the step and after it (nil when the step was refused).
    var before: ScenarioObservation?
    var after: ScenarioObservation?
    /// What the watched customer (an export's session customer) had before and after the step,
    /// when a replay watches one.
    var watched: (before: ScenarioObservation, after: ScenarioObservation)?

    var ok: Bool { differences.isEmpty }
  }

  private let scenario: Scenario
  private let catalogPath: String
  private let database: String
  private let moment: Date
  private var customerID = Customer.defaultID

  /// Prepares a replay of `scenario` (its catalog named relative to `folder`) in the empty
  /// folder `stateDirectory`.
  init(_ scenario: Scenario, folder: String, stateDirectory: String) {
    self.scenario = scenario
    catalogPath = Self.catalogPath(scenario.catalog, folder: folder)
    database = (stateDirectory as NSString).appendingPathComponent("ledger.sqlite")
    // Real time stands still at the clock's start: simulated time then moves only when a step
    // moves it, so every replay signs the same dates.
    moment = scenario.clockStart
  }

  /// A scenario's `catalog` value as `--config` takes it: a bundled name, or a path relative to
  /// the scenario's folder.
  nonisolated static func catalogPath(_ catalog: String, folder: String) -> String {
    ConfigurationFile.bundled.contains { $0.name == catalog } || catalog.hasPrefix("/")
      ? catalog : (folder as NSString).appendingPathComponent(catalog)
  }

  /// Opens the App Store for `customer` (the current one by default), as a command does.
  func open(customer: String? = nil) throws -> StoreContext {
    let parsed = try StoreTermCommand.parser.parse(
      ["clock", "--db", database, "--config", catalogPath, "--customer", customer ?? customerID])
    var command = try CommandContext(parsed: parsed, output: DiscardedOutput(), environment: [:])
    let frozen = moment
    command.realTime = { frozen }
    command.scratch = true
    return try command.openStore(reportingWarnings: false)
  }

  /// Replays every step, calling `report` after each; returns whether every step held.
  ///
  /// Stops at the first divergence unless `keepGoing`. With `watching`, each result also says
  /// what that customer had before and after the step, whoever acted.
  func run(
    keepGoing: Bool, watching: String? = nil, report: (StepResult) -> Void
  ) async throws -> Bool {
    var passed = true
    // One App Store for the signed-in customer, as the terminal UI keeps one; a customer step
    // opens the next account's (which reads the switches and clock the ledger holds).
    var store = try open()
    let start = try await Self.observe(store)
    var last = start
    var watchedLast: ScenarioObservation?
    if let watching {
      watchedLast =
        watching == customerID ? start : try await Self.observe(try open(customer: watching))
    }
    let initial = ScenarioCheck.differences(scenario.initial, observed: start, outcome: nil)
    if !scenario.initial.isEmpty || !initial.isEmpty {
      report(StepResult(number: 0, line: 0, text: "start", note: nil, differences: initial))
      if !initial.isEmpty {
        passed = false
        if !keepGoing { return false }
      }
    }
    for (index, step) in scenario.steps.enumerated() {
      var result = StepResult(
        number: index + 1, line: step.line, text: step.action.text, note: nil, differences: [])
      result.before = last
      let before = Set(try store.engine.records(customerID: customerID).map(\.id))
      var outcome: String?
      do {
        outcome = try await perform(step.action, store: store)
        if case .purchase = step.action {
          result.note = outcome
        } else {
          outcome = nil
        }
      } catch {
        result.differences.append((step.line, "the store refused the step: \(error)"))
      }
      if result.differences.isEmpty {
        if customerID != store.customerID { store = try open() }
        let after = store
        let observed = try await Self.observe(after)
        result.after = observed
        last = observed
        result.differences = ScenarioCheck.differences(
          step.expectations, observed: observed, outcome: outcome.map(Self.outcomeWord))
        result.created = try after.engine.records(customerID: customerID)
          .filter { !before.contains($0.id) }.sorted { $0.id < $1.id }
          .map { (id: $0.id, productID: $0.productID) }
        if let watching, let was = watchedLast {
          let now =
            watching == customerID ? observed : try await Self.observe(open(customer: watching))
          result.watched = (was, now)
          watchedLast = now
        }
      }
      report(result)
      if !result.ok {
        passed = false
        if !keepGoing { return false }
      }
    }
    return passed
  }

  /// What the customer has after the app took in what changed, as the UI's runner and the
  /// next command do: unfinished transactions delivered (a refunded consumable leaves the
  /// balance), then the store read.
  static func observe(_ store: StoreContext) async throws -> ScenarioObservation {
    try await ManagedStore.with(store) { manager in await manager.recoverUnfinished() }
    return try ScenarioObservation(store)
  }

  /// Carries out one step; a purchase answers with its state (`succeeded`, `pending`, …).
  private func perform(_ action: ScenarioAction, store: StoreContext) async throws -> String? {
    switch action {
    case .purchase(let purchase):
      let bought = try await ManagedStore.with(store) { manager in
        await FrontEndPurchase.buy(
          purchase.productID, options: Self.options(purchase),
          overrides: Self.overrides(purchase), through: manager)
      }
      return "\(bought.state)"
    case .control(let control, let id, let price, let reason):
      if control == .refund, let reason {
        _ = try store.engine.refund(id, reason: reason)
      } else {
        try store.engine.perform(control, on: id, newPrice: price)
      }
    case .clockAdvance(let text, let seconds):
      guard !store.clock.simulated.wouldPassLatest(advancingBy: seconds, real: moment) else {
        throw CommandFailure("clock advance \(text): the clock cannot pass the end of 2099")
      }
      let advanced = store.clock.simulated.advanced(by: seconds, real: moment)
      try store.backend.ledger.setClock(advanced)
      store.clock.set(advanced)
      try store.engine.catchUp()
    case .clockRate(let name):
      guard let rate = TimeRate.named.first(where: { $0.name == name })?.rate else { break }
      let changed = store.clock.simulated.withRate(rate, real: moment)
      try store.backend.ledger.setClock(changed)
      store.clock.set(changed)
    case .setting(let name, let on):
      guard let key = SettingsCommand.names.first(where: { $0.name == name })?.key else { break }
      try store.setSessionSwitch(key, on)
    case .customer(let id):
      customerID = id
    case .familyJoin(let group):
      _ = try store.engine.joinFamily(group, customerID: store.customerID)
    case .familyLeave:
      _ = try store.engine.leaveFamily(customerID: store.customerID)
    }
    return nil
  }

  /// A purchase state as `expect outcome` names it.
  nonisolated static func outcomeWord(_ state: String) -> String {
    if state.hasPrefix("succeeded") { return "success" }
    if state.hasPrefix("pending") { return "pending" }
    if state.hasPrefix("cancelled") { return "userCancelled" }
    return "failed"
  }

  /// The app's options for a purchase step, as `storeterm purchase` sets them.
  nonisolated static func options(_ purchase: ScenarioPurchase) -> Set<Product.PurchaseOption> {
    purchase.quantity.map { [.quantity($0)] } ?? []
  }

  /// The tester's choices for a purchase step, as `storeterm purchase` makes them.
  nonisolated static func overrides(_ purchase: ScenarioPurchase) -> PurchaseOverrides {
    var overrides = PurchaseOverrides()
    switch purchase.outcome {
    case nil: break
    case .askToBuy: overrides.askToBuy = true
    case .interrupted: overrides.interrupted = true
    case .cancelled: overrides.cancel = true
    case .fail(let name): overrides.failure = SimulatedFailure(name: name)
    }
    if let offer = purchase.offer {
      overrides.offer = offer == "intro" ? .introductory : .identifier(offer)
    }
    if let code = purchase.offerCode { overrides.offer = .code(code) }
    return overrides
  }
}

/// Output nobody reads: a replay's stores report through the player, not standard error.
struct DiscardedOutput: TextOutput {
  func write(_ text: String) {}
  func writeError(_ text: String) {}
  func write(bytes: [UInt8]) {}
  func readStandardInput() -> [UInt8] { [] }
}
