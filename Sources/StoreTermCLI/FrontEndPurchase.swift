import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreManager
import Synchronization

/// How `storeterm purchase` and the purchase sheet buy: through the store manager's one path,
/// `Product.purchase(options:)`, with the tester's choices set for that one purchase.
enum FrontEndPurchase {
  /// What became of a purchase: the product's state and the App Store's raw answer, if any.
  struct Result: Sendable {
    /// The product's purchase state afterwards.
    let state: PurchaseState
    /// What the App Store answered before StoreKit verified it (nil when it threw).
    let answer: PurchaseOutcome?
  }

  /// Buys `productID` with the app's `options` and the tester's `overrides`.
  ///
  /// A product the catalog lacks fails as the engine's refusal names it; nothing is recorded.
  @MainActor
  static func buy(
    _ productID: String, options: Set<Product.PurchaseOption> = [],
    overrides: PurchaseOverrides, through store: Store
  ) async -> Result {
    let found =
      store.products.first { $0.id == productID } ?? (try? StoreKitRuntime.product(id: productID))
    guard let product = found else {
      return Result(
        state: .failed(PurchaseFailure(StoreEngineError.unknownProduct(productID))), answer: nil)
    }
    let answer = Answer()
    let state = await StoreKitRuntime.withPurchaseOverrides(overrides, answered: answer.set) {
      await store.purchase(product, options: options)
    }
    return Result(state: state, answer: answer.outcome)
  }
}

/// The App Store's answer to one purchase, kept for printing after the store handled it.
private final class Answer: Sendable {
  private let stored = Mutex<PurchaseOutcome?>(nil)

  /// The answer, once the App Store gave one.
  var outcome: PurchaseOutcome? { stored.withLock { $0 } }

  /// Keeps `outcome`.
  @Sendable func set(_ outcome: PurchaseOutcome) { stored.withLock { $0 = outcome } }
}
