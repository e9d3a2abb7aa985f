import Foundation
import StoreCore
import StoreTermApp

/// QA's controls over the simulated App Store, as `SKTestSession` and `storeterm manage` have
/// them: the only client that calls the engine, each call answering with a typed result.
@MainActor
protocol TestControlsClient {
  /// Carries out `control` on transaction `id`; returns the transaction's product.
  func perform(_ control: TransactionControl, on id: UInt64) throws -> String
  /// Refunds `id` as the test environment approves a refund request.
  func approveRefund(_ id: UInt64, reason: RevocationReason) throws
  /// Turns a session switch, in the ledger so every process sees it.
  func setSwitch(_ setting: QASetting, _ enabled: Bool) throws
  /// Makes an API fail with a StoreKit error (by name), or stop failing.
  func setFailure(_ api: SimulatedErrorSetting.API, _ name: String?)
  /// Moves the session to a storefront and locale; false for an unknown storefront.
  func setStorefront(_ code: String, locale: String) -> Bool
  /// Puts `customerID` in `group`; returns how many shared transactions they received.
  func joinFamily(_ group: String, customerID: String) throws -> Int
  /// Takes `customerID` out of their family; returns the group's name.
  func leaveFamily(customerID: String) throws -> String
  /// Generates what fell due by the clock's time; returns the renewals made.
  func catchUp() throws -> Int
  /// Takes in the session switches another process stored in the ledger.
  func refreshSession() throws
}

/// The test controls over one ``StoreContext``'s engine and ledger.
@MainActor
struct EngineTestControls: TestControlsClient {
  let context: StoreContext

  func perform(_ control: TransactionControl, on id: UInt64) throws -> String {
    let engine = context.engine
    let productID = try engine.record(id).productID
    switch control {
    case .approve: _ = try engine.approve(id)
    case .decline: try engine.decline(id)
    case .resolve: _ = try engine.resolve(id)
    case .refund: _ = try engine.refund(id)
    case .revoke: _ = try engine.revoke(id)
    case .expire: try engine.expireSubscription(id)
    case .renew: _ = try engine.forceRenewal(id)
    case .autoRenewOff: try engine.setAutoRenew(id, enabled: false)
    case .autoRenewOn: try engine.setAutoRenew(id, enabled: true)
    case .priceIncrease: try engine.requestPriceIncrease(id)
    case .consent: try engine.consentToPriceIncrease(id)
    case .declinePriceIncrease: try engine.declinePriceIncrease(id)
    case .finish: try engine.finish(id)
    case .delete: try engine.delete(id)
    }
    return productID
  }

  func approveRefund(_ id: UInt64, reason: RevocationReason) throws {
    _ = try context.engine.refund(id, reason: reason)
  }

  func setSwitch(_ setting: QASetting, _ enabled: Bool) throws {
    // Kept in the ledger, so `storeterm clock advance` in another terminal bills the same way.
    try context.ledger.setSessionSwitch(setting.sessionSwitch, enabled)
    var session = context.engine.session
    session.set(setting.sessionSwitch, enabled)
    context.engine.setSession(session)
  }

  func setFailure(_ api: SimulatedErrorSetting.API, _ name: String?) {
    var session = context.engine.session
    session.failures[api] = name.flatMap(SimulatedFailure.init(name:))
    context.engine.setSession(session)
  }

  func setStorefront(_ code: String, locale: String) -> Bool {
    guard let storefront = CatalogStorefront(countryCode: code) else { return false }
    // What SKTestSession's storefront and locale setters do.
    context.engine.setCatalog(
      ProductCatalog(
        configuration: context.catalog.configuration, storefront: storefront, locale: locale))
    return true
  }

  func joinFamily(_ group: String, customerID: String) throws -> Int {
    try context.engine.joinFamily(group, customerID: customerID).count
  }

  func leaveFamily(customerID: String) throws -> String {
    try context.engine.leaveFamily(customerID: customerID)
  }

  func catchUp() throws -> Int { try context.engine.catchUp() }

  func refreshSession() throws {
    // Another process (another screen) may have turned a session switch.
    let session = context.engine.session.applying(try context.ledger.sessionSwitches())
    if session != context.engine.session { context.engine.setSession(session) }
  }
}
