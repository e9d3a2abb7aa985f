import Foundation
import StoreKit
import StoreKitTest
import Testing

/// App code in the StoreKit 2 guide style, run against storeterm through `SKTestSession`.
///
/// Serialized: an `SKTestSession` is the process's one App Store, as on a device.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct GuideStyleTests {
  static let configuration = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures/Demo.storekit")

  static let lifetime = "dev.storeterm.demo.lifetime"
  static let monthly = "dev.storeterm.demo.plus.monthly"

  @Test func aPurchaseGrantsTheProduct() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    session.clearTransactions()
    session.askToBuyEnabled = false
    let store = GuideStore()
    try await store.requestProducts([GuideStyleTests.lifetime, GuideStyleTests.monthly, "missing"])
    #expect(
      store.products.map(\.id).sorted() == [GuideStyleTests.lifetime, GuideStyleTests.monthly])
    let product = try #require(store.products.first { $0.id == GuideStyleTests.lifetime })
    #expect(product.displayPrice == "$29.99")
    let transaction = try #require(try await store.purchase(product))
    #expect(transaction.productID == GuideStyleTests.lifetime)
    #expect(transaction.productType == .nonConsumable)
    #expect(store.purchasedProductIDs == [GuideStyleTests.lifetime])
    #expect(session.allTransactions().map(\.productIdentifier) == [GuideStyleTests.lifetime])
  }

  @Test func anAskToBuyApprovalArrivesThroughTransactionUpdates() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    session.clearTransactions()
    session.askToBuyEnabled = true
    let store = GuideStore()
    var updates = Transaction.updates.makeAsyncIterator()
    try await store.requestProducts([GuideStyleTests.monthly])
    let product = try #require(store.products.first)
    #expect(try await store.purchase(product) == nil)
    let pending = try #require(session.allTransactions().first)
    #expect(pending.pendingAskToBuyConfirmation)
    #expect(store.purchasedProductIDs.isEmpty)

    try session.approveAskToBuyTransaction(identifier: pending.identifier)
    let approved = try #require(await updates.next())
    guard case .verified(let transaction) = approved else {
      Issue.record("the approved transaction did not verify")
      return
    }
    #expect(transaction.productID == GuideStyleTests.monthly)
    #expect(transaction.id == UInt64(pending.identifier))
    await store.updateCustomerProductStatus()
    #expect(store.purchasedProductIDs == [GuideStyleTests.monthly])
  }

  @Test func aRefundDisappearsFromCurrentEntitlements() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    session.clearTransactions()
    let store = GuideStore()
    try await store.requestProducts([GuideStyleTests.lifetime])
    let product = try #require(store.products.first)
    let transaction = try #require(try await store.purchase(product))
    #expect(store.purchasedProductIDs == [GuideStyleTests.lifetime])
    try session.refundTransaction(identifier: Int(transaction.id))
    await store.updateCustomerProductStatus()
    #expect(store.purchasedProductIDs.isEmpty)
    let latest = await Transaction.latest(for: GuideStyleTests.lifetime)
    #expect(latest?.unsafePayloadValue.revocationReason == .other)
  }

  @Test func aSimulatedErrorReachesTheApp() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    session.clearTransactions()
    try await session.setSimulatedError(
      .generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .loadProducts)
    let store = GuideStore()
    let offline = await #expect(throws: StoreKitError.self) {
      try await store.requestProducts([GuideStyleTests.lifetime])
    }
    #expect(offline.map(isOffline) == true)
    try await session.setSimulatedError(.generic(.notEntitled), forAPI: .appStoreSync)
    let refused = await #expect(throws: StoreKitError.self) { try await store.restore() }
    #expect(refused.map(isNotEntitled) == true)
  }

  @Test func aSimulatedVerificationFailureGrantsNothing() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    session.clearTransactions()
    try await session.setSimulatedError(.verification(.invalidSignature), forAPI: .verification)
    let store = GuideStore()
    try await store.requestProducts([GuideStyleTests.lifetime])
    let product = try #require(store.products.first)
    await #expect(throws: StoreError.self) { try await store.purchase(product) }
    #expect(store.purchasedProductIDs.isEmpty)
  }

  @Test func subscriptionStatusFollowsTheSessionControls() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    session.clearTransactions()
    let store = GuideStore()
    try await store.requestProducts([GuideStyleTests.monthly])
    let product = try #require(store.products.first)
    let transaction = try #require(try await store.purchase(product))
    var statuses = try await Product.SubscriptionInfo.status(for: "5A1E0001")
    var status = try #require(statuses.first)
    #expect(status.state == .subscribed)
    #expect(try store.checkVerified(status.renewalInfo).willAutoRenew)
    #expect(try store.checkVerified(status.transaction).id == transaction.id)

    var statusUpdates = Product.SubscriptionInfo.Status.updates.makeAsyncIterator()
    try session.disableAutoRenewForTransaction(identifier: Int(transaction.id))
    let update = try #require(await statusUpdates.next())
    #expect(try store.checkVerified(update.renewalInfo).willAutoRenew == false)
    #expect(update.state == .subscribed)
    statuses = try await product.subscription!.status
    status = try #require(statuses.first)
    #expect(try store.checkVerified(status.renewalInfo).willAutoRenew == false)

    try session.expireSubscription(productIdentifier: GuideStyleTests.monthly)
    status = try #require(try await Product.SubscriptionInfo.status(for: "5A1E0001").first)
    #expect(status.state == .expired)
    #expect(try store.checkVerified(status.renewalInfo).expirationReason == .autoRenewDisabled)
    await store.updateCustomerProductStatus()
    #expect(store.purchasedProductIDs.isEmpty)
  }

  // The sheets (`beginRefundRequest(in:)`, `showManageSubscriptions(in:)`,
  // `presentOfferCodeRedeemSheet(in:)`) take a UIKit or AppKit scene in Apple's StoreKit, so
  // they have no Linux counterpart to drive here.
  @Test func theAppTransaction() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    let store = GuideStore()
    let app = try store.checkVerified(try await AppTransaction.shared)
    #expect(app.bundleID == "dev.storeterm.demo")
    #expect(app.appVersion == "1.0")
    #expect(app.environment == .xcode)
    try await session.setSimulatedError(
      .generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .appTransaction)
    let offline = await #expect(throws: StoreKitError.self) { try await AppTransaction.shared }
    #expect(offline.map(isOffline) == true)
    #expect(await session.simulatedError(forAPI: .appTransaction) != nil)
    session.resetToDefaultState()
    #expect(await session.simulatedError(forAPI: .appTransaction) == nil)
  }

  @Test func sessionErrorsUseStoreKitTestCodes() throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    #expect(throws: SKTestError.self) { try session.approveAskToBuyTransaction(identifier: 42) }
    do {
      try session.approveAskToBuyTransaction(identifier: 42)
    } catch let error as SKTestError {
      #expect(error.code == .noTransactionFound)
    }
    #expect(throws: SKTestError.self) {
      try SKTestSession(contentsOf: URL(fileURLWithPath: "/nonexistent.storekit"))
    }
  }
}

// `StoreKitError` is not Equatable (it wraps a `URLError` or any `Error`), so tests match cases.

/// Whether `error` is `StoreKitError.networkError` for a missing connection.
private func isOffline(_ error: StoreKitError) -> Bool {
  if case .networkError(let urlError) = error { return urlError.code == .notConnectedToInternet }
  return false
}

/// Whether `error` is `StoreKitError.notEntitled`.
private func isNotEntitled(_ error: StoreKitError) -> Bool {
  if case .notEntitled = error { return true }
  return false
}
