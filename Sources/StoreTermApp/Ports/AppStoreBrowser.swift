import Foundation
import StoreCore

/// The simulated App Store as the screens read it: its ledger by pages and keyed lookups, and the
/// session around it (a read port: the command line builds it over its engine and ledger).
public struct AppStoreBrowser: Sendable {
  /// The ledger, read-only and paged.
  public var ledger: any LedgerBrowser
  /// The session as it stands now: clock, catalog, switches.
  public var session: @Sendable () -> SessionFacts
  /// A customer's subscription chains as the App Store keeps them (their own, then those shared
  /// with them).
  public var subscriptionChains: @Sendable (String) throws -> [SubscriptionState]
  /// Verifies a transaction's JWS and names the result (`verified`, or the error's name).
  public var verify: @Sendable (String) -> String
  /// The promotional and win-back offers a customer could buy each subscription with now, by
  /// product (the engine's purchase rules decide).
  public var availableOffers: @Sendable (String) throws -> [String: [String]]

  /// Creates a browser.
  public init(
    ledger: any LedgerBrowser, session: @escaping @Sendable () -> SessionFacts,
    subscriptionChains: @escaping @Sendable (String) throws -> [SubscriptionState],
    verify: @escaping @Sendable (String) -> String,
    availableOffers: @escaping @Sendable (String) throws -> [String: [String]] = { _ in [:] }
  ) {
    self.ledger = ledger
    self.session = session
    self.subscriptionChains = subscriptionChains
    self.verify = verify
    self.availableOffers = availableOffers
  }
}

/// The App Store session's facts a snapshot reads, at one moment.
public struct SessionFacts: Sendable {
  /// The simulated time.
  public var now: Date
  /// The catalog as the session sells it (its storefront, locale and prices).
  public var catalog: ProductCatalog
  /// The session's switches and the clock's rate.
  public var settings: QASettings
  /// How long a non-renewing subscription lasts (nil: for ever).
  public var nonRenewingLength: CatalogProduct.SubscriptionPeriod?
  /// Whether `Transaction.all` lists finished consumables (the app opted in).
  public var includesConsumableHistory: Bool
  /// Whether the developer configured retention messaging (a real-time URL or a default
  /// message).
  public var retentionConfigured = false

  /// Creates the facts.
  public init(
    now: Date, catalog: ProductCatalog, settings: QASettings,
    nonRenewingLength: CatalogProduct.SubscriptionPeriod?, includesConsumableHistory: Bool
  ) {
    self.now = now
    self.catalog = catalog
    self.settings = settings
    self.nonRenewingLength = nonRenewingLength
    self.includesConsumableHistory = includesConsumableHistory
  }
}
