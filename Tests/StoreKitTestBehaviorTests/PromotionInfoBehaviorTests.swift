// Promoted In-App Purchases' order and visibility on the device, as app code sets them. Only
// StoreKitTest is imported, as in Apple's Xcode test template.

import Foundation
import StoreKitTest
import Testing

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct PromotionInfoBehaviorTests {
  // https://developer.apple.com/documentation/storekit/product/promotioninfo : "call
  // updateProductOrder(byID:) … Then call currentOrder"; currentOrder "is empty if you don't
  // override the order".
  @Test func theOrderTheAppSetsIsTheCurrentOrderWithEachVisibility() async throws {
    _ = try DemoCatalog.freshSession()
    try await Product.PromotionInfo.updateAll([])
    #expect(try await Product.PromotionInfo.currentOrder.isEmpty)

    try await Product.PromotionInfo.updateProductOrder(byID: [
      DemoCatalog.monthly, DemoCatalog.lifetime,
    ])
    var order = try await Product.PromotionInfo.currentOrder
    #expect(order.map(\.productID) == [DemoCatalog.monthly, DemoCatalog.lifetime])
    #expect(order.map(\.visibility) == [.appStoreConnectDefault, .appStoreConnectDefault])

    // visibility: "set the visibility value and then call update() to save the change".
    order[1].visibility = .hidden
    #expect(try await Product.PromotionInfo.currentOrder[1].visibility == .appStoreConnectDefault)
    try await order[1].update()
    try await Product.PromotionInfo.updateProductVisibility(.visible, for: DemoCatalog.monthly)
    order = try await Product.PromotionInfo.currentOrder
    #expect(order.map(\.visibility) == [.visible, .hidden])

    // updateAll(_:): the order as listed, each with its visibility; a new order by ID keeps
    // the saved visibilities.
    try await Product.PromotionInfo.updateAll(order.reversed())
    #expect(
      try await Product.PromotionInfo.currentOrder.map(\.productID)
        == [DemoCatalog.lifetime, DemoCatalog.monthly])
    try await Product.PromotionInfo.updateProductOrder(byID: Set([DemoCatalog.lifetime]))
    #expect(try await Product.PromotionInfo.currentOrder.map(\.visibility) == [.hidden])

    // "Use an empty list to cancel previous changes."
    try await Product.PromotionInfo.updateProductOrder(byID: [String]())
    #expect(try await Product.PromotionInfo.currentOrder.isEmpty)
  }

  @Test func aProductTheAppStoreDoesNotSellIsRefused() async throws {
    _ = try DemoCatalog.freshSession()
    try await Product.PromotionInfo.updateAll([])
    await #expect(throws: StoreKitError.self) {
      try await Product.PromotionInfo.updateProductOrder(byID: ["dev.nope"])
    }
    #expect(try await Product.PromotionInfo.currentOrder.isEmpty)
  }
}
