import Foundation
import StoreCore

extension StoreKitRuntime {
  /// One purchase's test-environment settings and who wants the App Store's raw answer.
  struct PurchaseScope: Sendable {
    let overrides: PurchaseOverrides
    let answered: (@Sendable (PurchaseOutcome) -> Void)?
  }

  /// The settings `Product.purchase(options:)` merges into its engine request in this task.
  @TaskLocal static var purchaseScope: PurchaseScope?

  /// Runs `operation` with `overrides` set for the purchases it makes, as Xcode's toggles set
  /// the test environment: `Product.purchase(options:)` merges them into the App Store request.
  ///
  /// storeterm's purchase sheet and `storeterm purchase` buy through the store manager inside
  /// it, so they take the app's one purchase path; nobody else builds engine requests. Inside
  /// the scope the engine's own refusals (an unknown product, a plan change) keep their
  /// sentences, and `answered` hears the App Store's answer (a pending request's identifier,
  /// which `Product.PurchaseResult.pending` does not carry) before StoreKit verifies it.
  public static func withPurchaseOverrides<Result>(
    _ overrides: PurchaseOverrides,
    answered: (@Sendable (PurchaseOutcome) -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $purchaseScope.withValue(
      PurchaseScope(overrides: overrides, answered: answered), operation: operation,
      isolation: isolation)
  }

  /// The product with identifier `id` as the App Store sells it, or nil when the catalog has
  /// none: storeterm's command line buys by identifier without a Load Products call.
  ///
  /// - Throws: `StoreKitError.unknown` when StoreKit is not configured.
  public static func product(id: String) throws -> Product? {
    let configuration = try configuration()
    let catalog = configuration.engine.catalog
    return catalog.product(id: id).map { Product($0, catalog: catalog) }
  }
}
