import Foundation
import StoreCore

extension Product {
  /// The products with these identifiers that the App Store offers; unknown ones are left out.
  ///
  /// - Throws: `StoreKitError` (a simulated Load Products failure).
  public static func products<Identifiers>(for identifiers: Identifiers) async throws -> [Product]
  where Identifiers: Collection, Identifiers.Element == String {
    await StoreKitRuntime.roundTrip()
    let configuration = try StoreKitRuntime.configuration()
    let wanted = Set(identifiers)
    let entries = try StoreKitRuntime.call(.loadProducts) {
      try configuration.engine.products(customerID: configuration.customerID)
    }
    let catalog = configuration.engine.catalog
    return entries.filter { wanted.contains($0.id) }.map { Product($0, catalog: catalog) }
  }

  /// Buys the product.
  ///
  /// - Returns: `.success` with the transaction to verify, `.userCancelled`, or `.pending` when
  ///   the purchase waits for Ask to Buy approval or for an interrupted purchase to be resolved
  ///   (the transaction then arrives through `Transaction.updates`).
  /// - Throws: `Product.PurchaseError` or `StoreKitError`.
  @MainActor
  public func purchase(options: Set<Product.PurchaseOption> = []) async throws
    -> Product.PurchaseResult
  {
    let configuration = try StoreKitRuntime.configurationForChange()
    let scope = StoreKitRuntime.purchaseScope
    var request = PurchaseOption.request(from: options)
    if let scope { request = request.applying(scope.overrides) }
    let outcome = try StoreKitRuntime.call(.purchase, keepsEngineRefusals: scope != nil) {
      try configuration.engine.purchase(
        id, customerID: configuration.customerID, options: request)
    }
    // A purchase dated in the past (`purchaseDate(_:renewalBehavior:)`) leaves its renewals
    // or its end due: the change brings them up to now before it answers.
    _ = try? configuration.engine.catchUp()
    scope?.answered?(outcome)
    switch outcome {
    case .success(let signed): return .success(StoreKitRuntime.verify(signed, with: configuration))
    case .pending: return .pending
    case .userCancelled: return .userCancelled
    }
  }

  /// The customer's most recent transaction for this product, if any.
  public var latestTransaction: VerificationResult<Transaction>? {
    get async { await Transaction.latest(for: id) }
  }

  /// The transaction that entitles the customer to this product now, if any.
  @available(*, deprecated, message: "Use currentEntitlements")
  public var currentEntitlement: VerificationResult<Transaction>? {
    get async { await Transaction.entitlement(for: id) }
  }

  /// The transactions that entitle the customer to this product now.
  public var currentEntitlements: Transaction.Transactions {
    Transaction.currentEntitlements(for: id)
  }
}
