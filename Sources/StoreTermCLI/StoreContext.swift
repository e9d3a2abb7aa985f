import Foundation
import StoreCore
import StoreJWS
import StorePersistence

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
  /// The ledger.
  let ledger: SQLiteLedger
  /// The simulated clock, stored in the ledger.
  let clock: LedgerClock

  /// Opens the ledger and the CA named by the command line, creating both on first use, and
  /// catches up on everything that fell due while storeterm was not running.
  init(_ context: CommandContext, catalog: ProductCatalog) throws {
    let paths = context.paths
    let authority: TestCertificateAuthority
    do {
      authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: paths.stateDirectory)
    } catch {
      throw CommandFailure(
        "\(paths.stateDirectory): the test certificate authority cannot be set up (\(error))")
    }
    ledger = try SQLiteLedger(location: .file(paths.database))
    // The first run starts the simulated clock at real time, at the file's renewal rate.
    var simulated = try ledger.clock()
    if simulated == nil {
      let fresh = SimulatedClock.starting(
        at: Date(), rate: catalog.configuration.settings.effectiveTimeRate)
      try ledger.setClock(fresh)
      simulated = fresh
    }
    clock = LedgerClock(simulated!)
    let identity = context.identity
    self.catalog = catalog
    customerID = context.customerID
    verifier = authority.makeVerifier(configuration: identity)
    engine = StoreEngine(
      catalog: catalog, session: StoreSession(settings: catalog.configuration.settings),
      ledger: ledger, signer: authority.makeSigner(), clock: clock,
      ids: RandomIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
  }
}

/// Random UUIDs: the command line's edge, where randomness enters.
struct RandomIdentifiers: IdentifierGenerator {
  func makeUUID() -> UUID { UUID() }
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
