import Foundation
import Synchronization

/// Connects the StoreKit API to a simulated App Store: the engine, the verifier the "device"
/// trusts and the signed-in account.
///
/// On a device StoreKit talks to the App Store daemon; here the process says which store it
/// talks to, once, before the app's code runs. `SKTestSession(contentsOf:)` does it for tests,
/// storeterm's front end for itself.
public enum StoreKitRuntime {
  /// One configuration of the StoreKit API.
  public struct Configuration: Sendable {
    /// The simulated App Store.
    public var engine: StoreEngine
    /// Checks every signed transaction before the app sees it.
    public var verifier: any Verifier
    /// The App Store account signed in on this "device".
    public var customerID: String

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

  /// The configuration in use: the task's scoped one, else the process-wide one.
  ///
  /// - Throws: `StoreKitError.systemError` when nothing is configured.
  static func configuration() throws(StoreKitError) -> Configuration {
    if let scoped { return scoped }
    guard let configuration = current.withLock({ $0 }) else {
      throw StoreKitError.systemError(
        "storeterm's StoreKit has no App Store: create an SKTestSession or call StoreKitRuntime.configure"
      )
    }
    // Time runs on the App Store's side: whatever fell due (renewals, expiries) happens first.
    _ = try? configuration.engine.catchUp()
    return configuration
  }

  /// `signed` checked by the configured verifier, as StoreKit checks what the App Store sends.
  public static func verify(
    _ signed: SignedTransaction, with configuration: Configuration
  ) -> VerificationResult<Transaction> {
    // A simulated verification failure marks every transaction with the chosen error.
    if case .verification(let error)? = configuration.engine.session.failures[.verification] {
      return .unverified(Transaction(payload: signed.payload, jws: signed.jws), error)
    }
    switch configuration.verifier.verify(signed.jws, as: JWSTransactionDecodedPayload.self) {
    case .success(.verified(let payload)):
      return .verified(Transaction(payload: payload, jws: signed.jws))
    case .success(.unverified(let payload, let error)):
      return .unverified(Transaction(payload: payload, jws: signed.jws), error)
    case .failure(let error):
      // The ledger holds the payload it signed; show that one, marked with why it failed.
      return .unverified(Transaction(payload: signed.payload, jws: signed.jws), error)
    }
  }

  /// Signed renewal info checked by the configured verifier.
  public static func verify(
    _ signed: SignedRenewalInfo, with configuration: Configuration
  ) -> VerificationResult<RenewalInfo> {
    switch configuration.verifier.verify(signed.jws, as: JWSRenewalInfoDecodedPayload.self) {
    case .success(.verified(let payload)):
      return .verified(RenewalInfo(payload: payload, jwsRepresentation: signed.jws))
    case .success(.unverified(let payload, let error)):
      return .unverified(RenewalInfo(payload: payload, jwsRepresentation: signed.jws), error)
    case .failure(let error):
      return .unverified(RenewalInfo(payload: signed.payload, jwsRepresentation: signed.jws), error)
    }
  }
}
