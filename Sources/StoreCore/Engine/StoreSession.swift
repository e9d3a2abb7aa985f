/// The switches of a StoreKit testing session: what `SKTestSession` and Xcode's editor control.
public struct StoreSession: Sendable, Equatable {
  /// Purchases wait for a parent's approval.
  public var askToBuyEnabled: Bool
  /// Purchases are interrupted until resolved.
  public var interruptedPurchasesEnabled: Bool
  /// Failures the StoreKit APIs throw, by API.
  public var failures: [SimulatedErrorSetting.API: SimulatedFailure]
  /// `Transaction.all` keeps finished consumables (the app's
  /// `SKIncludeConsumableInAppPurchaseHistory` Info.plist key).
  public var includesConsumableHistory: Bool
  /// Renewals fail into billing retry (`shouldEnterBillingRetryOnRenewal`).
  public var billingIssuesEnabled: Bool
  /// A failed renewal keeps access through the grace period (`billingGracePeriodIsEnabled`).
  public var billingGracePeriodEnabled: Bool
  /// How long a non-renewing subscription grants access; the App Store leaves this to the app,
  /// so storeterm defaults to one year.
  public var nonRenewingDuration: CatalogProduct.SubscriptionPeriod = .yearly

  /// Creates a session with everything off.
  public init(
    askToBuyEnabled: Bool = false, interruptedPurchasesEnabled: Bool = false,
    failures: [SimulatedErrorSetting.API: SimulatedFailure] = [:],
    includesConsumableHistory: Bool = false, billingIssuesEnabled: Bool = false,
    billingGracePeriodEnabled: Bool = false
  ) {
    self.billingIssuesEnabled = billingIssuesEnabled
    self.billingGracePeriodEnabled = billingGracePeriodEnabled
    self.askToBuyEnabled = askToBuyEnabled
    self.interruptedPurchasesEnabled = interruptedPurchasesEnabled
    self.failures = failures
    self.includesConsumableHistory = includesConsumableHistory
  }

  /// The session a configuration file sets up: its Ask to Buy switch and its enabled failures
  /// (the per-API list, or the legacy "fail transactions" switch, which fails purchases with
  /// `StoreKitError.unknown`).
  public init(settings: StoreKitSettings) {
    self.init(askToBuyEnabled: settings.askToBuyEnabled)
    billingIssuesEnabled = settings.billingIssuesEnabled
    billingGracePeriodEnabled = settings.billingGracePeriodEnabled
    for setting in settings.simulatedErrors where setting.enabled {
      if let error = setting.error, let failure = SimulatedFailure(error) {
        failures[setting.api] = failure
      }
    }
    if settings.failTransactionsEnabled, failures[.purchase] == nil {
      failures[.purchase] = .storeKit(.unknown)
    }
  }
}

extension StoreSession {
  /// The on/off switches QA turns during a session, by the name the ledger keeps them under.
  public enum Switch: String, CaseIterable, Sendable, Hashable {
    /// ``StoreSession/askToBuyEnabled``.
    case askToBuy
    /// ``StoreSession/interruptedPurchasesEnabled``.
    case interruptedPurchases
    /// ``StoreSession/billingIssuesEnabled``.
    case billingIssues
    /// ``StoreSession/billingGracePeriodEnabled``.
    case gracePeriod
  }

  /// Whether `name` is on.
  public func isOn(_ name: Switch) -> Bool {
    switch name {
    case .askToBuy: askToBuyEnabled
    case .interruptedPurchases: interruptedPurchasesEnabled
    case .billingIssues: billingIssuesEnabled
    case .gracePeriod: billingGracePeriodEnabled
    }
  }

  /// Turns `name` on or off.
  public mutating func set(_ name: Switch, _ enabled: Bool) {
    switch name {
    case .askToBuy: askToBuyEnabled = enabled
    case .interruptedPurchases: interruptedPurchasesEnabled = enabled
    case .billingIssues: billingIssuesEnabled = enabled
    case .gracePeriod: billingGracePeriodEnabled = enabled
    }
  }

  /// This session with the stored switches applied over it.
  public func applying(_ switches: [Switch: Bool]) -> StoreSession {
    var session = self
    for (name, enabled) in switches { session.set(name, enabled) }
    return session
  }
}

extension StoreSession {
  /// The switches that shape renewals, as time's catch-up and a forced renewal apply them.
  public var billing: SubscriptionLifecycle.Billing {
    SubscriptionLifecycle.Billing(
      issuesEnabled: billingIssuesEnabled, gracePeriodEnabled: billingGracePeriodEnabled)
  }
}
