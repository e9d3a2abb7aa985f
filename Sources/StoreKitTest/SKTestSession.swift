import Foundation
import StoreCore
import StoreJWS
@_spi(StoreTerm) import StoreKit
import StorePersistence
import Synchronization

/// A StoreKit testing session over a `.storekit` file: StoreKitTest's `SKTestSession`.
///
/// Creating one sets up a private simulated App Store (an in-memory ledger and a fresh test CA)
/// and points the StoreKit API at it, so app code under test runs unchanged. Property setters
/// override the file's settings until ``resetToDefaultState()``.
public final class SKTestSession: Sendable {
  /// The simulated App Store behind the session.
  public let engine: StoreEngine
  /// The verifier the session's "device" trusts.
  public let verifier: SignedDataVerifier
  private let configuration: StoreKitConfiguration
  private let ledger: SQLiteLedger
  private let clock = SessionClock()

  /// Starts a session with the configuration file at `url`.
  ///
  /// - Throws: `SKTestError.fileNotFound` for a missing file, `StoreKitConfigurationError` for a
  ///   file that is not a valid configuration.
  public init(contentsOf url: URL) throws {
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw SKTestError(.fileNotFound, "\(url.path): no such file")
    }
    configuration = try StoreKitConfigurationDecoder.decode(data, file: url.lastPathComponent)
    let authority = try TestCertificateAuthority.generate()
    let identity = SignedDataConfiguration()
    ledger = try SQLiteLedger(location: .inMemory)
    clock.setRate(configuration.settings.effectiveTimeRate)
    verifier = authority.makeVerifier(configuration: identity)
    engine = StoreEngine(
      catalog: ProductCatalog(configuration: configuration),
      session: StoreSession(settings: configuration.settings), ledger: ledger,
      signer: authority.makeSigner(), clock: clock, ids: RandomIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
    StoreKitRuntime.configure(.init(engine: engine, verifier: verifier))
  }

  // MARK: - Settings

  /// Purchases wait for a parent's approval.
  public var askToBuyEnabled: Bool {
    get { engine.session.askToBuyEnabled }
    set { update { $0.askToBuyEnabled = newValue } }
  }

  /// Purchases are interrupted until resolved.
  public var interruptedPurchasesEnabled: Bool {
    get { engine.session.interruptedPurchasesEnabled }
    set { update { $0.interruptedPurchasesEnabled = newValue } }
  }

  /// The storefront, as an ISO 3166-1 alpha-3 code; an unknown code leaves it unchanged.
  public var storefront: String {
    get { engine.catalog.storefront.countryCode }
    set {
      guard let storefront = CatalogStorefront(countryCode: newValue) else { return }
      let catalog = engine.catalog
      engine.setCatalog(
        ProductCatalog(configuration: configuration, storefront: storefront, locale: catalog.locale)
      )
    }
  }

  /// The locale for product names and prices.
  public var locale: Locale {
    get { Locale(identifier: engine.catalog.locale) }
    set {
      let catalog = engine.catalog
      engine.setCatalog(
        ProductCatalog(
          configuration: configuration, storefront: catalog.storefront, locale: newValue.identifier)
      )
    }
  }

  /// Makes `api` throw `error` (or stop throwing, with nil): StoreKitTest's
  /// `setSimulatedError(_:forAPI:)`.
  public func setSimulatedError(_ error: SimulatedFailure?, forAPI api: SimulatedErrorSetting.API)
    async throws
  {
    update { $0.failures[api] = error }
  }

  /// The failure `api` is set to throw, if any.
  public func simulatedError(forAPI api: SimulatedErrorSetting.API) async -> SimulatedFailure? {
    engine.session.failures[api]
  }

  /// Returns every setting to the configuration file's and removes every transaction.
  public func resetToDefaultState() {
    engine.setSession(StoreSession(settings: configuration.settings))
    engine.setCatalog(ProductCatalog(configuration: configuration))
    clearTransactions()
  }

  /// How fast simulated time runs; renewals, grace periods and billing retry follow it.
  public var timeRate: TimeRate {
    get { clock.rate }
    set { clock.setRate(newValue) }
  }

  /// Renewals fail into billing retry.
  public var shouldEnterBillingRetryOnRenewal: Bool {
    get { engine.session.billingIssuesEnabled }
    set { update { $0.billingIssuesEnabled = newValue } }
  }

  /// A failed renewal keeps access through the grace period.
  public var billingGracePeriodIsEnabled: Bool {
    get { engine.session.billingGracePeriodEnabled }
    set { update { $0.billingGracePeriodEnabled = newValue } }
  }

  // MARK: - Subscriptions

  /// Ends the subscription to `productIdentifier` now (auto-renew off, expiration now).
  public func expireSubscription(productIdentifier: String) throws {
    let id = try latestTransaction(of: productIdentifier)
    try run { try engine.expireSubscription(id) }
  }

  /// Renews the subscription to `productIdentifier` now.
  public func forceRenewalOfSubscription(productIdentifier: String) throws {
    let id = try latestTransaction(of: productIdentifier)
    try run { try engine.forceRenewal(id) }
  }

  /// Turns auto-renew off for the subscription of a transaction.
  public func disableAutoRenewForTransaction(identifier: UInt) throws {
    try run { try engine.setAutoRenew(UInt64(identifier), enabled: false) }
  }

  /// Turns auto-renew on for the subscription of a transaction.
  public func enableAutoRenewForTransaction(identifier: UInt) throws {
    try run { try engine.setAutoRenew(UInt64(identifier), enabled: true) }
  }

  /// Raises the renewal price of a subscription; the customer must consent before it renews.
  public func requestPriceIncreaseConsentForTransaction(identifier: UInt) throws {
    try run { try engine.requestPriceIncrease(UInt64(identifier)) }
  }

  /// The customer agrees to the price increase.
  public func consentToPriceIncreaseForTransaction(identifier: UInt) throws {
    try run { try engine.consentToPriceIncrease(UInt64(identifier)) }
  }

  /// The customer declines the price increase (auto-renew turns off).
  public func declinePriceIncreaseForTransaction(identifier: UInt) throws {
    try run { try engine.declinePriceIncrease(UInt64(identifier)) }
  }

  private func latestTransaction(of productID: String) throws -> UInt64 {
    let records = (try? ledger.records(customerID: Customer.defaultID)) ?? []
    guard let latest = records.last(where: { $0.productID == productID && $0.signed != nil }) else {
      throw SKTestError(.noTransactionFound, "no subscription to \(productID)")
    }
    return latest.id
  }

  // MARK: - Transactions

  /// Every transaction of the session, pending requests included.
  public func allTransactions() -> [SKTestTransaction] {
    let records = (try? ledger.records(customerID: Customer.defaultID)) ?? []
    return records.map(SKTestTransaction.init)
  }

  /// Approves a pending Ask to Buy request; the transaction arrives through `Transaction.updates`.
  public func approveAskToBuyTransaction(identifier: UInt) throws {
    try run { try engine.approve(UInt64(identifier)) }
  }

  /// Declines a pending Ask to Buy request; nothing is delivered.
  public func declineAskToBuyTransaction(identifier: UInt) throws {
    try run { try engine.decline(UInt64(identifier)) }
  }

  /// Resolves an interrupted purchase.
  public func resolveIssueForTransaction(identifier: UInt) throws {
    try run { try engine.resolve(UInt64(identifier)) }
  }

  /// Refunds a transaction.
  public func refundTransaction(identifier: UInt) throws {
    try run { try engine.refund(UInt64(identifier)) }
  }

  /// Revokes a transaction for a developer issue.
  public func revokeTransaction(identifier: UInt) throws {
    try run { try engine.revoke(UInt64(identifier)) }
  }

  /// Deletes a transaction.
  public func deleteTransaction(identifier: UInt) throws {
    try run { try engine.delete(UInt64(identifier)) }
  }

  /// Deletes every transaction, unfinished ones too.
  public func clearTransactions() {
    try? engine.clearTransactions()
  }

  /// Buys a product as if on another device: the transaction also arrives through
  /// `Transaction.updates`.
  @discardableResult
  public func buyProduct(identifier: String, options: Set<Product.PurchaseOption> = []) async throws
    -> Transaction
  {
    let purchaseOptions = Product.PurchaseOption.request(from: options)
    let outcome: PurchaseOutcome
    do {
      outcome = try engine.purchase(
        identifier, customerID: Customer.defaultID, options: purchaseOptions, deliversUpdate: true)
    } catch StoreEngineError.unknownProduct {
      throw SKTestError(
        .invalidProductIdentifier, "product \"\(identifier)\" is not in the configuration")
    }
    guard case .success(let signed) = outcome else {
      throw SKTestError(
        .invalidAction, "the purchase of \(identifier) did not complete (\(outcome))")
    }
    return try StoreKitRuntime.verify(signed, with: .init(engine: engine, verifier: verifier))
      .payloadValue
  }

  // MARK: - Helpers

  private func update(_ change: (inout StoreSession) -> Void) {
    var session = engine.session
    change(&session)
    engine.setSession(session)
  }

  /// Runs an engine action, turning a missing transaction into `SKTestError.noTransactionFound`.
  private func run(_ action: () throws -> Any) throws {
    do {
      _ = try action()
    } catch StoreEngineError.unknownTransaction(let id) {
      throw SKTestError(.noTransactionFound, "transaction \(id) does not exist")
    } catch let error as StoreEngineError {
      throw SKTestError(.invalidAction, error.description)
    }
  }
}

/// The session's clock: real time scaled by the session's time rate.
private final class SessionClock: StoreClock {
  private let clock = Mutex(SimulatedClock.starting(at: Date()))

  func now() -> Date { clock.withLock { $0.now(real: Date()) } }

  var rate: TimeRate { clock.withLock { $0.rate } }

  func setRate(_ rate: TimeRate) {
    clock.withLock { $0 = $0.withRate(rate, real: Date()) }
  }
}
