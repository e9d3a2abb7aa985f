import Foundation
import StoreCore
import Synchronization

/// Connects the StoreKit API to a simulated App Store: the engine, the verifier the "device"
/// trusts and the signed-in account.
///
/// On a device StoreKit talks to the App Store daemon; here the process says which store it
/// talks to before the app's code runs. It is SPI (`@_spi(StoreTerm) import StoreKit`), so app
/// code written against Apple's StoreKit never sees it.
@_spi(StoreTerm) public enum StoreKitRuntime {
  /// One configuration of the StoreKit API.
  public struct Configuration: Sendable {
    /// The simulated App Store.
    public var engine: StoreEngine
    /// Checks every signed transaction before the app sees it.
    public var verifier: any Verifier
    /// The App Store account signed in on this "device".
    public var customerID: String
    /// The developer's registered In-App Purchase keys by key ID (`storeterm server-keys`), which
    /// sign in-app requests beside the configuration's `subscriptionOffersKeyPair`; nil when the
    /// host has no key registry.
    public var developerKeys: (@Sendable (String) -> DeveloperKey?)?

    /// A registered, unrevoked In-App Purchase key: its issuer ID and public key (DER).
    public struct DeveloperKey: Sendable {
      /// The issuer ID tokens signed with it name (`iss`).
      public var issuerID: String
      /// The public key, DER `SubjectPublicKeyInfo`.
      public var publicKeyDER: [UInt8]

      /// Creates a key.
      public init(issuerID: String, publicKeyDER: [UInt8]) {
        self.issuerID = issuerID
        self.publicKeyDER = publicKeyDER
      }
    }

    /// Creates a configuration.
    public init(
      engine: StoreEngine, verifier: any Verifier, customerID: String = Customer.defaultID
    ) {
      self.engine = engine
      self.verifier = verifier
      self.customerID = customerID
    }
  }

  private static let current = Mutex<Configuration?>(nil)

  /// The exact errors a test session asked each API of its engine to throw.
  ///
  /// The caller receives that value (a `URLError` with its code, the app's own `Error`). Kept per
  /// engine: another engine in the same process (a scoped command-line run, a test's own store)
  /// never sees them.
  private static let simulatedErrors = Mutex<
    [ObjectIdentifier: [SimulatedErrorSetting.API: any Error & Sendable]]
  >([:])

  /// A configuration bound to the current task and its child tasks, ahead of the global one.
  @TaskLocal private static var scoped: Configuration?

  /// Points the StoreKit API at `configuration`.
  public static func configure(_ configuration: Configuration) {
    current.withLock { $0 = configuration }
  }

  /// Disconnects the StoreKit API; calls throw until it is configured again.
  public static func reset() {
    current.withLock { $0 = nil }
  }

  /// Runs `operation` with the StoreKit API pointed at `configuration`, for this task and every
  /// task it starts, whatever the process-wide configuration is.
  ///
  /// Several simulated App Stores can then serve one process at once: the command line runs
  /// each command in its own scope, and tests run in parallel without sharing a store.
  public static func withConfiguration<Result>(
    _ configuration: Configuration, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $scoped.withValue(configuration, operation: operation, isolation: isolation)
  }

  /// Runs the synchronous `operation` with the StoreKit API pointed at `configuration`; tasks it
  /// starts (a store manager's `Transaction.updates` listener) keep that App Store.
  public static func withConfiguration<Result>(
    _ configuration: Configuration, operation: () throws -> Result
  ) rethrows -> Result {
    try $scoped.withValue(configuration, operation: operation)
  }

  /// Records the error value `api` of `engine` throws while the session's failure is set.
  public static func setSimulatedError(
    _ error: (any Error & Sendable)?, for api: SimulatedErrorSetting.API, engine: StoreEngine
  ) {
    simulatedErrors.withLock { $0[ObjectIdentifier(engine), default: [:]][api] = error }
  }

  /// The engine the StoreKit API talks to now, without catching up.
  private static var activeEngine: StoreEngine? {
    scoped?.engine ?? current.withLock { $0?.engine }
  }

  /// A query's trip to the App Store: the caller suspends, as it does on a device.
  ///
  /// On a device every asynchronous StoreKit query asks another process, so an app's loading
  /// state is on screen while it waits. storeterm answers in-process; this is the suspension
  /// the trip would be.
  static func roundTrip() async {
    await Task.yield()
  }

  /// The configuration in use: the task's scoped one, else the process-wide one.
  ///
  /// Only reads: a lookup never writes to the App Store. Time moves where the host moves it
  /// (a clock advance, the terminal UI's watch, a command's start) and at the start of a
  /// change made through StoreKit (``configurationForChange()``).
  ///
  /// - Throws: `StoreKitError.unknown` when nothing is configured (no App Store to talk to).
  public static func configuration() throws -> Configuration {
    if let scoped { return scoped }
    guard let configuration = current.withLock({ $0 }) else { throw StoreKitError.unknown }
    return configuration
  }

  /// The configuration in use, after the App Store generated what fell due (renewals,
  /// expiries): a purchase, a sync or a refund request starts from the present, as a command
  /// does.
  ///
  /// - Throws: `StoreKitError.unknown` when nothing is configured (no App Store to talk to).
  public static func configurationForChange() throws -> Configuration {
    let configuration = try configuration()
    _ = try? configuration.engine.catchUp()
    return configuration
  }

  /// Runs an engine call for `api`, turning what the engine throws into the error StoreKit
  /// throws: Apple's `StoreKitError`, `Product.PurchaseError` or `Transaction.RefundRequestError`.
  ///
  /// - Parameter keepsEngineRefusals: storeterm's own command line and screens keep the
  ///   engine's sentences for refusals Apple has no error for (an unknown product, a plan
  ///   change); app code gets them as `StoreKitError.systemError`.
  public static func call<Result>(
    _ api: SimulatedErrorSetting.API, keepsEngineRefusals: Bool = false,
    _ body: () throws -> Result
  ) throws -> Result {
    do {
      return try body()
    } catch let error as StoreEngineError where keepsEngineRefusals {
      throw error
    } catch {
      throw storeKitError(error, api: api)
    }
  }

  /// What StoreKit throws for an engine error raised by `api`.
  static func storeKitError(_ error: any Error, api: SimulatedErrorSetting.API) -> any Error {
    if let engine = activeEngine,
      let exact = simulatedErrors.withLock({ $0[ObjectIdentifier(engine)]?[api] })
    {
      return exact
    }
    switch error {
    case let error as SimulatedStoreKitError: return StoreKitError(error)
    case let error as PurchaseRefusal: return Product.PurchaseError(error)
    case let error as RefundRefusal: return Transaction.RefundRequestError(error)
    case let error as JWSVerificationError:
      return VerificationResult<Transaction>.VerificationError(error)
    case StoreEngineError.unknownProduct: return Product.PurchaseError.productUnavailable
    default: return StoreKitError.systemError(error)
    }
  }

  /// `signed` checked by the configured verifier, as StoreKit checks what the App Store sends.
  public static func verify(
    _ signed: SignedTransaction, with configuration: Configuration
  ) -> VerificationResult<Transaction> {
    // A simulated verification failure marks every transaction with the chosen error.
    if case .verification(let error)? = configuration.engine.session.failures[.verification] {
      return .unverified(Transaction(payload: signed.payload, jws: signed.jws), .init(error))
    }
    return check(
      signed.jws, stored: signed.payload, verifier: configuration.verifier,
      make: { Transaction(payload: $0, jws: signed.jws) })
  }

  /// Signed renewal info checked by the configured verifier.
  public static func verify(
    _ signed: SignedRenewalInfo, with configuration: Configuration
  ) -> VerificationResult<Product.SubscriptionInfo.RenewalInfo> {
    check(
      signed.jws, stored: signed.payload, verifier: configuration.verifier,
      make: { Product.SubscriptionInfo.RenewalInfo(payload: $0, jws: signed.jws) })
  }

  /// A signed app transaction checked by the configured verifier.
  static func verify(
    _ signed: SignedAppTransaction, with configuration: Configuration
  ) -> VerificationResult<AppTransaction> {
    check(
      signed.jws, stored: signed.payload, verifier: configuration.verifier,
      make: { AppTransaction(payload: $0, jws: signed.jws) })
  }

  /// A subscription status with its transaction and renewal info verified.
  public static func status(
    _ status: SignedSubscriptionStatus, with configuration: Configuration
  ) -> Product.SubscriptionInfo.Status {
    Product.SubscriptionInfo.Status(
      state: Product.SubscriptionInfo.RenewalState(status.state),
      transaction: verify(status.transaction, with: configuration),
      renewalInfo: verify(status.renewalInfo, with: configuration))
  }

  private static func check<Payload: SignedPayload, Value>(
    _ jws: String, stored: Payload, verifier: any Verifier, make: (Payload) -> Value
  ) -> VerificationResult<Value> {
    switch verifier.verify(jws, as: Payload.self) {
    case .success(.verified(let payload)): .verified(make(payload))
    case .success(.unverified(let payload, let error)): .unverified(make(payload), .init(error))
    // The ledger holds the payload it signed; show that one, marked with why it failed.
    case .failure(let error): .unverified(make(stored), .init(error))
    }
  }
}

extension StoreKitRuntime {
  /// What Apple's `Transaction.beginRefundRequest(for:in:)` asks of the App Store, for
  /// storeterm's refund sheet (Apple's call needs a UIKit window scene, which Linux has not).
  ///
  /// `reason` is what the customer picked in the sheet (the app never sees it; the App Store
  /// sends it to the developer's server in `CONSUMPTION_REQUEST`).
  ///
  /// - Throws: `Transaction.RefundRequestError` or `StoreKitError`, as Apple's call does.
  public static func beginRefundRequest(
    for transactionID: UInt64, reason: ConsumptionRequestReason = .other
  ) throws -> Transaction.RefundRequestStatus {
    let configuration = try configurationForChange()
    try call(.refundRequest) {
      try configuration.engine.requestRefund(transactionID, reason: reason)
    }
    return .success
  }

  /// What Apple's `AppStore.presentOfferCodeRedeemSheet(in:)` asks of the App Store, for
  /// storeterm's Redeem Code sheet.
  ///
  /// - Throws: `StoreKitError`, as Apple's call does.
  public static func presentOfferCodeRedeemSheet() throws {
    let configuration = try configuration()
    try call(.offerCodeRedeem) { try configuration.engine.presentOfferCodeRedeemSheet() }
  }
}
