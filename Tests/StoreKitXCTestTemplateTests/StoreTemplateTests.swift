// Starts the way Apple's Xcode StoreKit test template does: only StoreKitTest and XCTest are
// imported, and the session comes from the Store.storekit configuration in this test bundle.

import StoreKitTest
import XCTest

final class StoreTemplateTests: XCTestCase {
  let coinsID = "com.example.store.coins"
  let premiumID = "com.example.store.premium"
  let monthlyID = "com.example.store.pro.monthly"

  var session: SKTestSession!

  override func setUpWithError() throws {
    session = try SKTestSession(configurationFileNamed: "Store")
    session.disableDialogs = true
    session.clearTransactions()
  }

  override func tearDownWithError() throws {
    session.resetToDefaultState()
    session.clearTransactions()
  }

  func testBuyProductThroughTheSession() async throws {
    let transaction = try await session.buyProduct(identifier: coinsID, options: [])

    XCTAssertEqual(transaction.productID, coinsID)
    XCTAssertEqual(transaction.productType, .consumable)
    XCTAssertEqual(transaction.environment, .xcode)
    let recorded = session.allTransactions().map(\.identifier)
    XCTAssertTrue(recorded.contains(Int(transaction.id)))
  }

  func testPurchaseThroughProduct() async throws {
    let products = try await Product.products(for: [premiumID])
    let product = try XCTUnwrap(products.first)
    XCTAssertEqual(product.type, .nonConsumable)

    let result = try await product.purchase()

    guard case .success(let verification) = result else {
      return XCTFail("expected a successful purchase, got \(result)")
    }
    let transaction = try verification.payloadValue
    XCTAssertEqual(transaction.productID, premiumID)
    await transaction.finish()
  }

  func testCurrentEntitlements() async throws {
    try await session.buyProduct(identifier: premiumID)
    try await session.buyProduct(identifier: monthlyID)
    try await session.buyProduct(identifier: coinsID)

    var entitled: Set<String> = []
    for await result in Transaction.currentEntitlements {
      if case .verified(let transaction) = result {
        entitled.insert(transaction.productID)
      }
    }

    XCTAssertEqual(entitled, [premiumID, monthlyID])
  }

  func testRefund() async throws {
    let transaction = try await session.buyProduct(identifier: premiumID)

    try session.refundTransaction(identifier: Int(transaction.id))

    let latest = await Transaction.latest(for: premiumID)
    let refunded = try XCTUnwrap(latest).payloadValue
    XCTAssertNotNil(refunded.revocationDate)
    XCTAssertEqual(refunded.revocationReason, .other)
    var entitled: [String] = []
    for await result in Transaction.currentEntitlements {
      entitled.append(result.unsafePayloadValue.productID)
    }
    XCTAssertFalse(entitled.contains(premiumID))
  }

  func testAskToBuyApproved() async throws {
    session.askToBuyEnabled = true
    let products = try await Product.products(for: [premiumID])
    let product = try XCTUnwrap(products.first)

    let result = try await product.purchase()

    guard case .pending = result else {
      return XCTFail("expected the purchase to wait for Ask to Buy, got \(result)")
    }
    let pending = try XCTUnwrap(
      session.allTransactions().first { $0.pendingAskToBuyConfirmation })
    XCTAssertEqual(pending.productIdentifier, premiumID)

    try session.approveAskToBuyTransaction(identifier: pending.identifier)

    let latest = await Transaction.latest(for: premiumID)
    let approved = try XCTUnwrap(latest).payloadValue
    XCTAssertEqual(approved.productID, premiumID)
    XCTAssertNil(approved.revocationDate)
  }
}
