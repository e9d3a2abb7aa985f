import Foundation
import StoreCore
import StoreJWS
@_spi(StoreTerm) import StoreKit
import StorePersistence
import Synchronization

/// The process's one test environment, which every `SKTestSession` controls.
///
/// Apple's `SKTestSession` page: "There's a single instance of the test environment. All
/// SKTestSession instances control the same test environment."
///
/// The first session creates it (an in-memory ledger, a fresh test CA, a clock scaled by the
/// time rate) and points the StoreKit API at it; every later session loads its file's catalog
/// and settings into it and keeps its transactions.
final class TestEnvironment: Sendable {
  /// The environment, once a session created it.
  private static let shared = Mutex<TestEnvironment?>(nil)

  /// The simulated App Store.
  let engine: StoreEngine
  /// The ledger behind the engine.
  let ledger: SQLiteLedger
  /// The verifier the "device" trusts.
  let verifier: SignedDataVerifier
  /// Real time scaled by the time rate.
  let clock: EnvironmentClock
  /// Settings with no engine counterpart.
  let settings: Mutex<Settings>

  /// What the environment keeps beside the engine's session.
  struct Settings: Sendable {
    /// The configuration loaded last, which storefront and locale changes rebuild from.
    var configuration: StoreKitConfiguration
    /// `SKTestSession.disableDialogs`.
    var disableDialogs: Bool
    /// `SKTestSession.failTransactionsEnabled`.
    var failTransactionsEnabled: Bool
    /// `SKTestSession.failureError`.
    var failureError: SKError.Code
    /// The exact failure values `setSimulatedError(_:forAPI:)` set, by API.
    var failures: [SimulatedErrorSetting.API: any SKTestFailure]
  }

  private init(configuration: StoreKitConfiguration) throws {
    let authority = try TestCertificateAuthority.generate()
    let identity = SignedDataConfiguration()
    ledger = try SQLiteLedger(location: .inMemory)
    clock = EnvironmentClock()
    verifier = authority.makeVerifier(configuration: identity)
    engine = StoreEngine(
      catalog: ProductCatalog(configuration: configuration),
      session: StoreSession(settings: configuration.settings), ledger: ledger,
      signer: authority.makeSigner(), clock: clock, ids: RandomIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
    settings = Mutex(
      Settings(
        configuration: configuration, disableDialogs: false, failTransactionsEnabled: false,
        failureError: .unknown, failures: [:]))
    Self.keepTime(engine: engine, clock: clock)
  }

  /// How often, in real time, the environment looks for what fell due under an accelerated rate.
  static let timeKeepingInterval = Duration.milliseconds(200)

  /// Under an accelerated time rate, makes what falls due arrive by itself, as on a device.
  ///
  /// Renewals, billing failures and expiries reach `Transaction.updates` and the status
  /// updates while an app listens, without any call. In real time nothing an app could wait
  /// for falls due between two calls, and a test's exact states stay put.
  private static func keepTime(engine: StoreEngine, clock: EnvironmentClock) {
    // The environment lives as long as the process; so does this task.
    Task.detached {
      while !Task.isCancelled {
        try? await Task.sleep(for: timeKeepingInterval)
        guard clock.rate != .realTime else { continue }
        _ = try? engine.catchUp()
      }
    }
  }

  /// The environment with `configuration` loaded: created on first use, else reused with its
  /// transactions kept.
  static func load(_ configuration: StoreKitConfiguration) throws -> TestEnvironment {
    let environment = try shared.withLock { shared in
      if let shared { return shared }
      let created = try TestEnvironment(configuration: configuration)
      shared = created
      return created
    }
    environment.reset(to: configuration)
    return environment
  }

  /// Loads `configuration`'s catalog and settings; transactions stay.
  func reset(to configuration: StoreKitConfiguration) {
    let file = configuration.settings
    engine.setSession(StoreSession(settings: file))
    engine.setCatalog(ProductCatalog(configuration: configuration))
    clock.setRate(file.effectiveTimeRate)
    let legacyCode = file.legacyStoreKitErrorCode.flatMap(SKError.Code.init(rawValue:)) ?? .unknown
    let previous = settings.withLock { settings in
      defer {
        settings = Settings(
          configuration: configuration, disableDialogs: file.disableDialogs,
          failTransactionsEnabled: file.failTransactionsEnabled, failureError: legacyCode,
          failures: [:])
      }
      return Array(settings.failures.keys)
    }
    for api in previous { StoreKitRuntime.setSimulatedError(nil, for: api, engine: engine) }
    if file.failTransactionsEnabled { applyLegacyFailure() }
    StoreKitRuntime.configure(.init(engine: engine, verifier: verifier))
  }

  /// Changes the engine's session.
  func updateSession(_ change: (inout StoreSession) -> Void) {
    var session = engine.session
    change(&session)
    engine.setSession(session)
  }

  /// Makes purchases fail with the legacy `failureError`, or stop failing.
  func applyLegacyFailure() {
    let (enabled, code) = settings.withLock { ($0.failTransactionsEnabled, $0.failureError) }
    updateSession { session in
      session.failures[.purchase] = enabled ? Self.purchaseFailure(for: code) : nil
    }
  }

  /// The StoreKit 2 failure a purchase reports for a StoreKit 1 error code.
  static func purchaseFailure(for code: SKError.Code) -> SimulatedFailure {
    switch code {
    case .paymentCancelled: .storeKit(.userCancelled)
    case .paymentNotAllowed: .purchase(.purchaseNotAllowed)
    case .storeProductNotAvailable: .purchase(.productUnavailable)
    case .cloudServiceNetworkConnectionFailed:
      .storeKit(.networkError("The Internet connection appears to be offline."))
    case .invalidOfferIdentifier: .purchase(.invalidOfferIdentifier)
    case .invalidSignature: .purchase(.invalidOfferSignature)
    case .missingOfferParams: .purchase(.missingOfferParameters)
    case .invalidOfferPrice: .purchase(.invalidOfferPrice)
    case .ineligibleForOffer: .purchase(.ineligibleForOffer)
    case .unsupportedPlatform: .storeKit(.unsupported)
    default: .storeKit(.unknown)
    }
  }
}

/// The environment's clock: real time scaled by the session's time rate.
final class EnvironmentClock: StoreClock {
  private let clock = Mutex(SimulatedClock.starting(at: Date()))

  /// The simulated now.
  func now() -> Date { clock.withLock { $0.now(real: Date()) } }

  /// The current rate.
  var rate: StoreCore.TimeRate { clock.withLock { $0.rate } }

  /// Changes the rate from now on.
  func setRate(_ rate: StoreCore.TimeRate) {
    clock.withLock { $0 = $0.withRate(rate, real: Date()) }
  }

  /// Simulated time back at the real clock, at the same rate.
  func restart() {
    clock.withLock { $0 = SimulatedClock.starting(at: Date(), rate: $0.rate) }
  }
}
