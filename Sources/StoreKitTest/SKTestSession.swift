import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StorePersistence

/// Controls the StoreKit test environment from test code: StoreKitTest's `SKTestSession`.
///
/// Every session controls the process's one test environment, so a second session sees the
/// first one's transactions and settings; creating a session loads its file's products and
/// settings and keeps the transactions.
open class SKTestSession: Hashable, @unchecked Sendable {
  /// The environment every session controls.
  let environment: TestEnvironment
  /// The configuration file this session was created with; `resetToDefaultState()` reverts to it.
  let configuration: StoreKitConfiguration

  /// Starts a session with the configuration file named `filename` (without `.storekit`) in the
  /// test bundle's resources.
  public convenience init(configurationFileNamed filename: String) throws {
    guard let url = Self.locate(configurationFileNamed: filename) else {
      throw SKTestError(.fileNotFound, "no \(filename).storekit among the test bundle's resources")
    }
    try self.init(contentsOf: url)
  }

  /// Starts a session with the configuration file at `fileURL`.
  public init(contentsOf fileURL: URL) throws {
    guard fileURL.isFileURL else {
      throw SKTestError(.invalidURL, "\(fileURL): not a file URL")
    }
    guard let data = FileManager.default.contents(atPath: fileURL.path) else {
      throw SKTestError(.fileNotFound, "\(fileURL.path): no such file")
    }
    configuration = try StoreKitConfigurationDecoder.decode(
      data, file: fileURL.lastPathComponent)
    environment = try TestEnvironment.load(configuration)
  }

  /// Sessions are equal when they are the same instance.
  public static func == (lhs: SKTestSession, rhs: SKTestSession) -> Bool { lhs === rhs }

  /// Hashes the instance's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  private var engine: StoreEngine { environment.engine }

  // MARK: - Settings

  /// Reverts every setting to the session's configuration file; transactions stay.
  open func resetToDefaultState() {
    environment.reset(to: configuration)
  }

  /// The storefront, as an ISO 3166-1 alpha-3 code; an unknown code leaves it unchanged.
  open var storefront: String {
    get { engine.catalog.storefront.countryCode }
    set {
      guard let storefront = CatalogStorefront(countryCode: newValue) else { return }
      let current = engine.catalog
      engine.setCatalog(
        ProductCatalog(
          configuration: current.configuration, storefront: storefront, locale: current.locale))
    }
  }

  /// The locale for product names and prices.
  open var locale: Locale {
    get { Locale(identifier: engine.catalog.locale) }
    set {
      let current = engine.catalog
      engine.setCatalog(
        ProductCatalog(
          configuration: current.configuration, storefront: current.storefront,
          locale: newValue.identifier))
    }
  }

  /// Whether system dialogs are skipped; storeterm shows none, so tests never wait on one.
  open var disableDialogs: Bool {
    get { environment.settings.withLock { $0.disableDialogs } }
    set { environment.settings.withLock { $0.disableDialogs = newValue } }
  }

  /// Whether every purchase fails with ``failureError``.
  @available(*, deprecated, message: "Use setSimulatedError(_:forAPI:)")
  open var failTransactionsEnabled: Bool {
    get { environment.settings.withLock { $0.failTransactionsEnabled } }
    set {
      environment.settings.withLock { $0.failTransactionsEnabled = newValue }
      environment.applyLegacyFailure()
    }
  }

  /// The StoreKit 1 error failing purchases report while ``failTransactionsEnabled`` is on.
  @available(*, deprecated, message: "Use setSimulatedError(_:forAPI:)")
  open var failureError: SKError.Code {
    get { environment.settings.withLock { $0.failureError } }
    set {
      let enabled = environment.settings.withLock { settings in
        settings.failureError = newValue
        return settings.failTransactionsEnabled
      }
      if enabled { environment.applyLegacyFailure() }
    }
  }

  /// Whether purchases are interrupted until ``resolveIssueForTransaction(identifier:)``.
  open var interruptedPurchasesEnabled: Bool {
    get { engine.session.interruptedPurchasesEnabled }
    set { environment.updateSession { $0.interruptedPurchasesEnabled = newValue } }
  }

  /// Whether purchases wait for a parent's approval.
  open var askToBuyEnabled: Bool {
    get { engine.session.askToBuyEnabled }
    set { environment.updateSession { $0.askToBuyEnabled = newValue } }
  }

  /// How fast time runs; renewals, grace periods and billing retry follow it.
  open var timeRate: SKTestSession.TimeRate {
    get { SKTestSession.TimeRate(rawValue: environment.clock.rate.rawValue) ?? .realTime }
    set { environment.clock.setRate(newValue.engineRate) }
  }

  /// Whether a failed renewal keeps access through the billing grace period.
  open var billingGracePeriodIsEnabled: Bool {
    get { engine.session.billingGracePeriodEnabled }
    set { environment.updateSession { $0.billingGracePeriodEnabled = newValue } }
  }

  /// Whether renewals fail into billing retry.
  open var shouldEnterBillingRetryOnRenewal: Bool {
    get { engine.session.billingIssuesEnabled }
    set { environment.updateSession { $0.billingIssuesEnabled = newValue } }
  }

  // MARK: - Simulated errors

  /// Makes `api` throw `error` until it is set to nil.
  public func setSimulatedError<API>(_ error: API.Failure?, forAPI api: API) async throws
  where API: FailableStoreKitAPI {
    guard let engineAPI = (API.self as? any EngineAPI.Type)?.engineAPI else {
      throw SKTestError(.invalidAction, "\(API.self) is not a StoreKit API the session controls")
    }
    guard let error else {
      environment.settings.withLock { _ = $0.failures.removeValue(forKey: engineAPI) }
      environment.updateSession { $0.failures[engineAPI] = nil }
      StoreKitRuntime.setSimulatedError(nil, for: engineAPI, engine: environment.engine)
      return
    }
    guard let failure = error as? any EngineFailure else {
      throw SKTestError(.invalidAction, "\(error) is not a failure the session can simulate")
    }
    environment.settings.withLock { $0.failures[engineAPI] = error }
    environment.updateSession { $0.failures[engineAPI] = failure.simulated }
    StoreKitRuntime.setSimulatedError(
      failure.exactError, for: engineAPI, engine: environment.engine)
  }

  /// The error `api` is set to throw, if any.
  public func simulatedError<API>(forAPI api: API) async -> API.Failure?
  where API: FailableStoreKitAPI {
    guard let engineAPI = (API.self as? any EngineAPI.Type)?.engineAPI,
      let simulated = engine.session.failures[engineAPI]
    else { return nil }
    if let exact = environment.settings.withLock({ $0.failures[engineAPI] }) as? API.Failure {
      return exact
    }
    // A failure the configuration file set.
    return (API.Failure.self as? any EngineFailure.Type)?.init(simulated) as? API.Failure
  }

  // MARK: - Buying

  /// Buys a product as if outside the app; StoreKit 1's form.
  @available(*, deprecated, message: "Use buyProduct(identifier:options:)")
  open func buyProduct(productIdentifier: String) throws {
    _ = try purchase(productIdentifier, options: PurchaseOptions())
  }

  /// Buys a product as if outside the app; the transaction also arrives through
  /// `Transaction.updates`.
  ///
  /// - Throws: `SKTestError.invalidProductIdentifier` for a product not in the configuration;
  ///   `SKTestError.invalidAction` when the purchase is left pending (Ask to Buy, interrupted
  ///   purchases), after recording the pending request `allTransactions()` lists.
  @discardableResult
  public func buyProduct(identifier: Product.ID, options: Set<Product.PurchaseOption> = [])
    async throws -> Transaction
  {
    let outcome = try purchase(identifier, options: Product.PurchaseOption.request(from: options))
    // A purchase dated in the past (`purchaseDate(_:renewalBehavior:)`) renews until now, or
    // ends, before it answers, as `Product.purchase(options:)` does.
    _ = try? engine.catchUp()
    switch outcome {
    case .success(let signed):
      return try StoreKitRuntime.verify(
        signed, with: .init(engine: engine, verifier: environment.verifier)
      ).payloadValue
    case .pending(let id):
      let reason =
        engine.session.askToBuyEnabled ? "waits for Ask to Buy approval" : "is interrupted"
      throw SKTestError(
        .invalidAction, "the purchase of \(identifier) \(reason) (transaction \(id))")
    case .userCancelled:
      throw SKTestError(.invalidAction, "the purchase of \(identifier) was cancelled")
    }
  }

  private func purchase(_ productID: String, options: PurchaseOptions) throws -> PurchaseOutcome {
    do {
      return try engine.purchase(
        productID, customerID: Customer.defaultID, options: options, deliversUpdate: true)
    } catch StoreEngineError.unknownProduct {
      throw SKTestError(
        .invalidProductIdentifier, "product \"\(productID)\" is not in the configuration")
    }
  }

  // MARK: - Transactions

  /// Every transaction in the test environment, pending requests included.
  open func allTransactions() -> [SKTestTransaction] {
    let records = (try? engine.records(customerID: Customer.defaultID)) ?? []
    let subscriptions =
      (try? environment.ledger.subscriptions(customerID: Customer.defaultID)) ?? []
    let states = Dictionary(
      subscriptions.map { ($0.state.originalID, $0.state) }, uniquingKeysWith: { $1 })
    return records.map { record in
      let original = record.signed.flatMap { UInt64($0.payload.originalTransactionId) } ?? record.id
      return SKTestTransaction(record, subscription: states[original])
    }
  }

  /// Deletes every transaction, and brings the environment's time back to the real clock.
  ///
  /// An accelerated `timeRate` moves the one test environment's clock ahead of real time, and
  /// the next test's `purchaseDate(_:renewalBehavior:)` counts from real time: with nothing left
  /// dated in that future, starting time over is safe.
  open func clearTransactions() {
    try? engine.clearTransactions()
    environment.clock.restart()
  }

  /// Approves a pending Ask to Buy transaction; it arrives through `Transaction.updates`.
  open func approveAskToBuyTransaction(identifier: Int) throws {
    try control(identifier) { try engine.approve($0) }
  }

  /// Declines a pending Ask to Buy transaction.
  open func declineAskToBuyTransaction(identifier: Int) throws {
    try control(identifier) { try engine.decline($0) }
  }

  /// Resolves an interrupted purchase.
  open func resolveIssueForTransaction(identifier: Int) throws {
    try control(identifier) { try engine.resolve($0) }
  }

  /// Refunds a transaction.
  open func refundTransaction(identifier: Int) throws {
    try control(identifier) { try engine.refund($0) }
  }

  /// Deletes a transaction.
  open func deleteTransaction(identifier: Int) throws {
    try control(identifier) { try engine.delete($0) }
  }

  /// Turns auto-renew on for the subscription of a transaction.
  open func enableAutoRenewForTransaction(identifier: Int) throws {
    try control(identifier) { try engine.setAutoRenew($0, enabled: true) }
  }

  /// Turns auto-renew off for the subscription of a transaction.
  open func disableAutoRenewForTransaction(identifier: Int) throws {
    try control(identifier) { try engine.setAutoRenew($0, enabled: false) }
  }

  /// Raises a subscription's renewal price; the customer must consent before it renews.
  open func requestPriceIncreaseConsentForTransaction(identifier: Int) throws {
    try control(identifier) { try engine.requestPriceIncrease($0) }
  }

  /// The customer consents to the price increase.
  open func consentToPriceIncreaseForTransaction(identifier: Int) throws {
    try control(identifier) { try engine.consentToPriceIncrease($0) }
  }

  /// The customer declines the price increase.
  open func declinePriceIncreaseForTransaction(identifier: Int) throws {
    try control(identifier) { try engine.declinePriceIncrease($0) }
  }

  /// Renews the subscription to `productIdentifier` now.
  open func forceRenewalOfSubscription(productIdentifier: String) throws {
    let id = try latestSubscriptionTransaction(of: productIdentifier)
    try control(Int(truncatingIfNeeded: id)) { try engine.forceRenewal($0) as Any }
  }

  /// Ends the subscription to `productIdentifier` now.
  open func expireSubscription(productIdentifier: String) throws {
    let id = try latestSubscriptionTransaction(of: productIdentifier)
    try control(Int(truncatingIfNeeded: id)) { try engine.expireSubscription($0) }
  }

  // MARK: - Helpers

  private func latestSubscriptionTransaction(of productID: String) throws -> UInt64 {
    let records = (try? engine.records(customerID: Customer.defaultID)) ?? []
    guard let latest = records.last(where: { $0.productID == productID && $0.signed != nil })
    else {
      throw SKTestError(.noSubscriptionFound, "no subscription to \(productID)")
    }
    return latest.id
  }

  /// Runs an engine control on transaction `identifier`, with StoreKitTest's errors.
  private func control(_ identifier: Int, _ action: (UInt64) throws -> Any) throws {
    guard identifier > 0 else {
      throw SKTestError(.noTransactionFound, "transaction \(identifier) does not exist")
    }
    do {
      _ = try action(UInt64(identifier))
    } catch StoreEngineError.unknownTransaction(let id) {
      throw SKTestError(.noTransactionFound, "transaction \(id) does not exist")
    } catch let error as StoreEngineError {
      throw SKTestError(.invalidAction, error.description)
    }
  }

  /// The URL of `<filename>.storekit` among the test bundle's resources.
  ///
  /// SwiftPM on Linux copies a test target's resources into a `<Package>_<Target>.resources`
  /// folder beside the test binary, so the folders of the main bundle and of the executable are
  /// searched, then every loaded bundle.
  static func locate(configurationFileNamed filename: String) -> URL? {
    let name = filename.hasSuffix(".storekit") ? filename : "\(filename).storekit"
    let fileManager = FileManager.default
    var folders: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    if let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    folders += Bundle.allBundles.compactMap(\.resourceURL)
    for folder in folders {
      let direct = folder.appending(path: name)
      if fileManager.fileExists(atPath: direct.path) { return direct }
      let entries = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
      for entry in entries.sorted() where entry.hasSuffix(".resources") {
        let candidate = folder.appending(path: entry).appending(path: name)
        if fileManager.fileExists(atPath: candidate.path) { return candidate }
      }
    }
    return nil
  }
}
