import Foundation
import StoreCore
import StoreJWS
@_spi(StoreTerm) import StoreKit
import StoreManager
import StorePersistence
import StorePostgres

/// The simulated App Store as the commands use it: the engine over the ledger file, signing with
/// the local test CA, and a verifier that trusts that CA's root.
struct StoreContext {
  /// The engine.
  let engine: StoreEngine
  /// Verifies what the engine signs, as the app would.
  let verifier: SignedDataVerifier
  /// The customer the command acts for (`--customer`, else `default`).
  let customerID: String
  /// The catalog.
  let catalog: ProductCatalog
  /// The ledger: SQLite's file or a PostgreSQL database.
  let backend: StoreLedger
  /// The SQLite ledger itself, for what reads SQLite's own tables (tests); one sentence on
  /// PostgreSQL.
  var ledger: SQLiteLedger { get throws { try backend.sqlite(for: "this command") } }
  /// The simulated clock, stored in the ledger.
  let clock: LedgerClock
  /// The bundle ID and environment signed data carries.
  let identity: SignedDataConfiguration
  /// The app's record of deliveries and consumable balances (`ledger.app.sqlite`).
  let fulfillment: FulfillmentStore
  /// The test-only fault hook from `STORETERM_TEST_FAULT`, if set.
  let faultHook: FaultHook?
  /// Signs this App Store's server notifications (events' and test ones).
  let notifications: ServerNotificationFactory
  /// The ledger file opened, and which file it was; nil for a store in memory.
  let ledgerFile: LedgerFileIdentity?
  /// Signs what this App Store signs (the engine's signer).
  let signer: any Signer

  /// Opens the ledger and the CA named by the command line, creating both on first use, and
  /// catches up on everything that fell due while storeterm was not running.
  init(_ context: CommandContext, catalog: ProductCatalog) throws {
    let paths = context.paths
    // A command that only reads, before any ledger exists, reads an empty store in memory:
    // it must not create folders, a CA or a ledger (`--db` with a typo would leave them behind).
    let ephemeral =
      Self.readingCommands.contains(context.parsed.command.name) && !paths.ledgerExists
    // The ledger first: a file that is refused must not leave a new CA beside it.
    let options = DatabaseOptions(fullSync: !context.scratch)
    if let uri = paths.postgres {
      backend = .postgres(
        try Self.openPostgres(uri, readOnly: context.readOnly), uri: uri)
      ledgerFile = nil
    } else {
      backend = .sqlite(
        try SQLiteLedger(
          location: ephemeral ? .inMemory : .file(paths.database), options: options))
      ledgerFile = ephemeral ? nil : LedgerFileIdentity(path: paths.database)
    }
    let ledger = backend.ledger
    // Only a file that opened as a ledger is storeterm's to fix; a refused one stays untouched.
    if !ephemeral, paths.postgres == nil {
      for warning in StateFileModes.repair(paths) {
        context.output.writeError("storeterm: warning: \(warning)\n")
      }
    }
    // Before anything is written (the clock, a customer), the ledger must agree with the app.
    fulfillment = try FulfillmentStore(
      location: ephemeral ? .inMemory : .file(paths.appDatabase), account: context.customerID,
      options: options)
    try LedgerAgreement.check(
      ledger: backend, fulfillment: fulfillment, paths: paths,
      isReset: context.parsed.command.name == "reset")
    let authority: TestCertificateAuthority
    do {
      authority =
        ephemeral
        ? try TestCertificateAuthority.generate()
        : try TestCertificateAuthority.loadOrCreate(stateDirectory: paths.stateDirectory)
    } catch {
      throw CommandFailure(
        "\(paths.stateDirectory): the test certificate authority cannot be set up (\(error))")
    }
    // The first run starts the simulated clock at real time, at the file's renewal rate.
    var simulated = try ledger.clock()
    if simulated == nil {
      let fresh = SimulatedClock.starting(
        at: context.realTime(), rate: catalog.configuration.settings.effectiveTimeRate)
      try ledger.setClock(fresh)
      simulated = fresh
    }
    clock = LedgerClock(simulated!, realTime: context.realTime)
    let identity = context.identity
    // The prices a price increase set are the App Store's, for every process.
    let catalog = catalog.repricing(try backend.productPrices())
    self.catalog = catalog
    self.identity = identity
    customerID = context.customerID
    faultHook = try FaultInjection.hook(environment: context.environment)
    verifier = authority.makeVerifier(configuration: identity)
    var signer: any Signer = authority.makeSigner()
    if let faultHook { signer = FaultInjectingSigner(base: signer, hook: faultHook) }
    self.signer = signer
    // Switches turned in the terminal UI hold for every process, over the file's values.
    var session = StoreSession(settings: catalog.configuration.settings)
      .applying(try backend.sessionSwitches())
    session.nonRenewingDuration = context.nonRenewingDuration
    let notifications = ServerNotificationFactory(
      signer: signer, clock: clock, ids: RandomIdentifiers(), identity: identity)
    self.notifications = notifications
    // Every event this process records is written with its signed server notification.
    if !ephemeral { backend.setNotificationWriter(notifications) }
    engine = StoreEngine(
      catalog: catalog, session: session,
      ledger: ledger, signer: signer, clock: clock,
      ids: RandomIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
  }
}

extension StoreContext {
  /// Connects to the PostgreSQL ledger at `uri`; a failure is one sentence naming the URI
  /// (which holds no password: `PostgresURI` refuses one).
  static func openPostgres(_ uri: String, readOnly: Bool) throws -> PostgresLedger {
    if let refusal = PostgresURI.refusal(uri) { throw UsageError(refusal) }
    do {
      return try PostgresLedger(connectionString: uri, readOnly: readOnly)
    } catch let error as PostgresError {
      throw CommandFailure("\(PostgresURI.display(uri)): \(error)")
    }
  }

  /// The commands that never change the ledger, so need none to exist.
  static let readingCommands: Set<String> = [
    "products", "balances", "transactions", "entitlements", "status", "jws", "customers",
    "customer",
  ]

  /// The StoreKit API's connection to this context's engine, verifier and customer.
  var runtime: StoreKitRuntime.Configuration {
    StoreKitRuntime.Configuration(engine: engine, verifier: verifier, customerID: customerID)
  }

  /// The store manager's configuration: every product of the catalog, this context's identity
  /// and app database.
  var managerConfiguration: StoreConfiguration {
    StoreConfiguration(
      productIDs: catalog.configuration.allProductIDs, bundleID: identity.bundleId,
      environment: AppStore.Environment(rawValue: identity.environment.rawValue),
      fulfillment: fulfillment, faultHook: faultHook)
  }
}

/// A command that failed for a reason other than bad usage, as one sentence.
struct CommandFailure: Error, CustomStringConvertible {
  /// The sentence.
  let description: String

  init(_ description: String) { self.description = description }
}

extension StoreContext {
  /// Generates what fell due by now (renewals, expiries), reporting progress on standard error
  /// when it takes more than a second.
  @discardableResult
  func catchUp(output: any TextOutput) throws -> Int {
    let started = Date()
    var reported = started
    return try engine.catchUp { renewals in
      let now = Date()
      if now.timeIntervalSince(started) > 1, now.timeIntervalSince(reported) >= 1 {
        reported = now
        output.writeError("storeterm: catching up: \(renewals) renewals so far\n")
      }
    }
  }
}

extension StoreContext {
  /// Turns a session switch for every process: kept in the ledger (the next process reads it
  /// at open) and applied to this engine, so this process bills the same way at once.
  func setSessionSwitch(_ name: StoreSession.Switch, _ enabled: Bool) throws {
    try backend.setSessionSwitch(name, enabled)
    var session = engine.session
    session.set(name, enabled)
    engine.setSession(session)
  }
}
