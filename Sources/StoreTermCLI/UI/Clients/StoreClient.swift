import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreManager
import StoreTermApp

/// What the app does through StoreKit and its store manager: buy, restore, redeem, ask for a
/// refund, and take in transactions; each call answers with a typed result.
@MainActor
protocol StoreClient {
  /// Starts the listener and loads products and unfinished transactions.
  func start() async
  /// Stops the listeners.
  func stop()
  /// Buys through `Product.purchase(options:)` with this purchase's test settings.
  func purchase(_ productID: String, overrides: PurchaseOverrides) async -> PurchaseState
  /// `AppStore.presentOfferCodeRedeemSheet`; throws the session's simulated error.
  func presentOfferCodeRedeemSheet() throws
  /// `Transaction.beginRefundRequest`; throws the session's simulated error.
  func beginRefundRequest(for id: UInt64, reason: ConsumptionRequestReason) throws
  /// `AppStore.sync()`.
  func restore() async throws
  /// Returns a finished purchase to idle.
  func dismissPurchase(of productID: String)
  /// Tells the store manager a parent declined (StoreKit never tells the app).
  func askToBuyDeclined(productID: String)
  /// Delivers transactions that reached the ledger by other ways, as at an app's next launch.
  func recoverUnfinished() async
  /// Loads the products again (after a storefront change).
  func reloadProducts() async
}

/// The store manager of one customer, over the StoreKit runtime.
@MainActor
final class StoreManagerClient: StoreClient {
  /// The store manager the snapshot reader reads.
  let store: Store

  init(store: Store) { self.store = store }

  func start() async { await store.start() }
  func stop() { store.stop() }

  func purchase(_ productID: String, overrides: PurchaseOverrides) async -> PurchaseState {
    await FrontEndPurchase.buy(productID, overrides: overrides, through: store).state
  }

  func presentOfferCodeRedeemSheet() throws { try StoreKitRuntime.presentOfferCodeRedeemSheet() }

  func beginRefundRequest(for id: UInt64, reason: ConsumptionRequestReason) throws {
    _ = try StoreKitRuntime.beginRefundRequest(for: id, reason: reason)
  }

  func restore() async throws { try await store.restore() }
  func dismissPurchase(of productID: String) { store.dismissPurchase(of: productID) }
  func askToBuyDeclined(productID: String) { store.askToBuyDeclined(productID: productID) }
  func recoverUnfinished() async { await store.recoverUnfinished() }
  func reloadProducts() async { await store.loadProducts(force: true) }
}
