import StoreCore
import StoreTermApp

extension SnapshotReader {
  /// The session's switches and the clock's rate.
  static func settings(of context: StoreContext) -> QASettings {
    let session = context.engine.session
    let catalog = context.engine.catalog
    return QASettings(
      askToBuy: session.askToBuyEnabled, interruptedPurchases: session.interruptedPurchasesEnabled,
      billingIssues: session.billingIssuesEnabled, gracePeriod: session.billingGracePeriodEnabled,
      timeRate: context.clock.simulated.rate.description,
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
