// An app's loading state while StoreKit answers, as app code shows it. Only StoreKitTest is
// imported, as in Apple's Xcode test template.

import Foundation
import StoreKitTest
import Testing

/// A store screen's model, as apps write it: a flag on while StoreKit is asked.
@MainActor private final class StoreModel {
  var isLoading = false
  var products: [Product] = []
  var entitled: [String] = []
  var statuses: [Product.SubscriptionInfo.Status] = []

  func load() async throws {
    isLoading = true
    defer { isLoading = false }
    products = try await Product.products(for: [DemoCatalog.monthly, DemoCatalog.lifetime])
    for await case .verified(let transaction) in Transaction.currentEntitlements {
      entitled.append(transaction.productID)
    }
    statuses = try await Product.SubscriptionInfo.status(for: "5A1E0001")
  }
}

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct LoadingStateBehaviorTests {
  // On a device each query asks the App Store in another process: the caller suspends and the
  // screen draws its loading state meanwhile. Each query here suspends at least once, so the
  // main actor sees the flag on, with nothing loaded yet, at every step.
  @Test func eachQuerySuspendsSoTheLoadingStateIsSeen() async throws {
    let session = try DemoCatalog.freshSession()
    try await session.buyProduct(identifier: DemoCatalog.monthly)
    let model = StoreModel()
    let loading = Task { try await model.load() }
    var seen: [(loading: Bool, products: Int, entitled: Int, statuses: Int)] = []
    // Bounded: the load takes a handful of suspensions.
    for _ in 0..<1000 where !(seen.last.map { !$0.loading && $0.statuses > 0 } ?? false) {
      await Task.yield()
      seen.append(
        (model.isLoading, model.products.count, model.entitled.count, model.statuses.count))
    }
    try await loading.value
    #expect(seen.first?.loading == true)
    #expect(seen.first?.products == 0)
    // The flag was seen on after the products arrived and before the entitlements did, and
    // after the entitlements before the statuses: each query suspended.
    #expect(seen.contains { $0.loading && $0.products == 2 && $0.entitled == 0 })
    #expect(seen.contains { $0.loading && $0.entitled == 1 && $0.statuses == 0 })
    #expect(model.statuses.count == 1)
    #expect(!model.isLoading)
  }
}
