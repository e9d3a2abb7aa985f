import Foundation
import StoreCore
import StoreJWS
@_spi(StoreTerm) import StoreKit
import StoreManager
import StorePersistence
import StoreTermApp

/// The screens' two read ports over one customer's opened App Store: what the app sees through
/// the store manager and StoreKit, and the ledger by pages with the session around it.
enum SnapshotSources {
  /// A snapshot builder for `context`'s customer, reading `store`.
  @MainActor
  static func builder(store: Store, context: StoreContext) throws -> SnapshotBuilder {
    SnapshotBuilder(
      app: StoreManagerView(store: store), appStore: browser(context),
      customerID: context.customerID)
  }

  /// The App Store side: the opened ledger, the engine's session, and the verifier.
  static func browser(_ context: StoreContext) -> AppStoreBrowser {
    let engine = context.engine
    let clock = context.clock
    let verifier = context.verifier
    // Retention messaging's configuration, as `serve` keeps it on either backend.
    let retention = context.backend.serverStores().retention(for: context.identity)
    return AppStoreBrowser(
      ledger: context.backend.browser,
      session: {
        let session = engine.session
        var facts = SessionFacts(
          now: clock.now(), catalog: engine.catalog,
          settings: settings(session: session, catalog: engine.catalog, clock: clock),
          nonRenewingLength: session.nonRenewingDuration,
          includesConsumableHistory: session.includesConsumableHistory)
        facts.retentionConfigured = (try? retention.isConfigured()) ?? false
        return facts
      },
      subscriptionChains: { try engine.subscriptionChains(customerID: $0) },
      verify: { jws in
        switch verifier.verify(jws, as: JWSTransactionDecodedPayload.self) {
        case .success(.verified): "verified"
        case .success(.unverified(_, let error)), .failure(let error): error.name
        }
      },
      availableOffers: { try engine.availableOffers(customerID: $0) })
  }

  /// The session's switches and the clock's rate.
  static func settings(session: StoreSession, catalog: ProductCatalog, clock: LedgerClock)
    -> QASettings
  {
    QASettings(
      askToBuy: session.askToBuyEnabled, interruptedPurchases: session.interruptedPurchasesEnabled,
      billingIssues: session.billingIssuesEnabled, gracePeriod: session.billingGracePeriodEnabled,
      timeRate: clock.simulated.rate.description,
      failures: session.failures.mapValues(Self.name),
      storefront: "\(catalog.storefront.countryCode) \(catalog.locale)")
  }

  /// The name `SimulatedFailure(name:)` reads back.
  static func name(_ failure: SimulatedFailure) -> String {
    switch failure {
    case .storeKit(let error): error.name
    case .purchase(let error): error.rawValue
    case .verification(let error): error.name
    case .refundRequest(let error): error.rawValue
    }
  }
}

/// What the app sees, over the store manager and the StoreKit runtime it runs on.
@MainActor
final class StoreManagerView: StoreKitView {
  private let store: Store

  init(store: Store) { self.store = store }

  var products: [Product] { store.products }
  var entitledProductIDs: Set<String> { store.entitledProductIDs }
  var purchaseStates: [String: PurchaseState] { store.purchaseStates }
  var subscriptionStatuses: [String: SubscriptionGroupStatus] { store.subscriptionStatuses }
  var balances: [String: Int] { store.balances }
  var storefront: Storefront? { store.storefront }
  var warnings: [String] { store.warnings.map(\.description) }
  var familySharedProductIDs: Set<String> { store.familySharedProductIDs }
  var feed: [StoreFeedEntry] { store.feed }
  var purchaseIntent: ReceivedPurchaseIntent? { store.purchaseIntent }

  func isEligibleForIntroOffer(group: String) async -> Bool {
    await Product.SubscriptionInfo.isEligibleForIntroOffer(for: group)
  }

  func renewalInfo(group: String, transactionID: UInt64) async
    -> Product.SubscriptionInfo.RenewalInfo?
  {
    guard
      let current = try? await Product.SubscriptionInfo.status(for: group).first(where: {
        (try? $0.transaction.payloadValue.id) == transactionID
      }),
      case .verified(let info) = current.renewalInfo
    else { return nil }
    return info
  }
}
