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

  /// Opens the ledger and the CA named by the command line, creating both on first use.
  init(_ context: CommandContext, catalog: ProductCatalog) throws {
    let paths = context.paths
    let authority: TestCertificateAuthority
    do {
      authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: paths.stateDirectory)
    } catch {
      throw CommandFailure(
        "\(paths.stateDirectory): the test certificate authority cannot be set up (\(error))")
    }
    let ledger = try SQLiteLedger(location: .file(paths.database))
    let identity = context.identity
    self.catalog = catalog
    customerID = context.customerID
    verifier = authority.makeVerifier(configuration: identity)
    engine = StoreEngine(
      catalog: catalog, session: StoreSession(settings: catalog.configuration.settings),
      ledger: ledger, signer: authority.makeSigner(), clock: SystemClock(),
      ids: RandomIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
  }
}

/// The machine's clock: the command line's edge, where real time enters.
struct SystemClock: StoreClock {
  func now() -> Date { Date() }
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
