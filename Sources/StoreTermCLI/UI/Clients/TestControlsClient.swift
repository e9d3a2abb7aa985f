import Foundation
import StoreCore
import StoreTermApp

/// QA's controls over the simulated App Store, as `SKTestSession` and `storeterm manage` have
/// them: the only client that calls the engine, each call answering with a typed result.
@MainActor
protocol TestControlsClient {
  /// Carries out `control` on transaction `id`; returns the transaction's product.
  func perform(_ control: TransactionControl, on id: UInt64) throws -> String
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
  /// Sends `customerID`'s app a purchase intent for `productID`.
  func sendPurchaseIntent(_ productID: String, customerID: String) throws
  /// Takes in the session switches and product prices another process stored in the ledger;
  /// returns whether a price changed (the products are to be loaded again).
  func refreshSession() throws -> Bool
}

/// The test controls over one ``StoreContext``'s engine and ledger.
@MainActor
struct EngineTestControls: TestControlsClient {
  let context: StoreContext

  func sendPurchaseIntent(_ productID: String, customerID: String) throws {
    try context.engine.sendPurchaseIntent(productID: productID, customerID: customerID)
  }

  func perform(_ control: TransactionControl, on id: UInt64) throws -> String {
    let productID = try context.engine.record(id).productID
    try context.engine.perform(control, on: id)
    return productID
  }

  func setSwitch(_ setting: QASetting, _ enabled: Bool) throws {
    // As `storeterm settings` does: kept in the ledger, so every process bills the same way.
    try context.setSessionSwitch(setting.sessionSwitch, enabled)
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
        configuration: context.engine.catalog.configuration, storefront: storefront, locale: locale)
    )
    return true
  }

  func joinFamily(_ group: String, customerID: String) throws -> Int {
    try context.engine.joinFamily(group, customerID: customerID).count
  }

  func leaveFamily(customerID: String) throws -> String {
    try context.engine.leaveFamily(customerID: customerID)
  }

  func catchUp() throws -> Int { try context.engine.catchUp() }

  func refreshSession() throws -> Bool {
    // Another process (another screen) may have turned a session switch.
    let session = context.engine.session.applying(try context.backend.sessionSwitches())
    if session != context.engine.session { context.engine.setSession(session) }
    // Or raised a price: the App Store sells at it from then on.
    let catalog = context.engine.catalog
    let repriced = catalog.repricing(try context.backend.productPrices())
    guard repriced.configuration != catalog.configuration else { return false }
    context.engine.setCatalog(repriced)
    return true
  }
}
