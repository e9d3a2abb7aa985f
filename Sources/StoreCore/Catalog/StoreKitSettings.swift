import Foundation

/// The `settings` of a configuration file, with StoreKit's defaults for absent keys.
public struct StoreKitSettings: Sendable, Equatable {
  /// The storefront as an ISO 3166-1 alpha-3 code (`_storefront`, default `USA`).
  public var storefront: String = "USA"
  /// The locale identifier (`_locale`, default `en_US`).
  public var locale: String = "en_US"
  /// The renewal rate (`_timeRate`), or real time.
  public var timeRate: TimeRate = .realTime
  /// The fallback rate for older runtimes (`_compatibilityTimeRate`, an int or `{"3": N}`).
  public var compatibilityTimeRate: TimeRate?
  /// Purchases need a parent's approval (`_askToBuyEnabled`).
  public var askToBuyEnabled = false
  /// Renewals fail into billing retry (`_renewalBillingIssuesEnabled` or the older `_billingIssuesEnabled`).
  public var billingIssuesEnabled = false
  /// A failed renewal keeps access through the grace period (`_billingGracePeriodEnabled`).
  public var billingGracePeriodEnabled = false
  /// System dialogs are skipped (`_disableDialogs`).
  public var disableDialogs = false
  /// Legacy: every purchase fails (`_failTransactionsEnabled`), with ``legacyStoreKitErrorCode``.
  public var failTransactionsEnabled = false
  /// Legacy: the `SKError.Code` that failing purchases report (`_storeKitError`).
  public var legacyStoreKitErrorCode: Int?
  /// Per-API simulated failures (`_storeKitErrors`).
  public var simulatedErrors: [SimulatedErrorSetting] = []
  /// The App Store Connect app ID of a synced configuration.
  public var applicationInternalID: String?
  /// The developer team of a synced configuration.
  public var developerTeamID: String?
  /// When a synced configuration was last synchronized.
  public var lastSynchronizedDate: Date?

  /// StoreKit's defaults.
  public init() {}

  /// The rate to simulate: the file's `_timeRate` when known, else its compatibility rate.
  public var effectiveTimeRate: TimeRate {
    if !timeRate.isKnown, let compatibilityTimeRate, compatibilityTimeRate.isKnown {
      return compatibilityTimeRate
    }
    return timeRate
  }

  /// The enabled simulated error for `api`, if any.
  public func simulatedError(for api: SimulatedErrorSetting.API) -> SimulatedError? {
    simulatedErrors.first { $0.api == api && $0.enabled }?.error
  }
}
