import Foundation
import StoreKit
import StoreKitTest
import Testing

/// App code in the StoreKit 2 guide style, run against storeterm through `SKTestSession`.
///
/// Serialized: an `SKTestSession` is the process's one App Store, as on a device.
@Suite(.serialized) @MainActor struct GuideStyleTests {
  static let configuration = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures/Demo.storekit")

  static let lifetime = "dev.storeterm.demo.lifetime"
  static let monthly = "dev.storeterm.demo.plus.monthly"

  @Test func aPurchaseGrantsTheProduct() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
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
    let store = GuideStore()
    try await store.requestProducts([GuideStyleTests.lifetime])
    let product = try #require(store.products.first)
    let transaction = try #require(try await store.purchase(product))
    #expect(store.purchasedProductIDs == [GuideStyleTests.lifetime])
    try session.refundTransaction(identifier: UInt(transaction.id))
    await store.updateCustomerProductStatus()
    #expect(store.purchasedProductIDs.isEmpty)
    let latest = await Transaction.latest(for: GuideStyleTests.lifetime)
    #expect(latest?.unsafePayloadValue.revocationReason == .other)
  }

  @Test func aSimulatedErrorReachesTheApp() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    try await session.setSimulatedError(.storeKit(.networkError("offline")), forAPI: .loadProducts)
    let store = GuideStore()
    await #expect(throws: StoreKitError.networkError("offline")) {
      try await store.requestProducts([GuideStyleTests.lifetime])
    }
    try await session.setSimulatedError(.storeKit(.notEntitled), forAPI: .appStoreSync)
    await #expect(throws: StoreKitError.notEntitled) { try await store.restore() }
  }

  @Test func aSimulatedVerificationFailureGrantsNothing() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    try await session.setSimulatedError(.verification(.invalidSignature), forAPI: .verification)
    let store = GuideStore()
    try await store.requestProducts([GuideStyleTests.lifetime])
    let product = try #require(store.products.first)
    await #expect(throws: StoreError.self) { try await store.purchase(product) }
    #expect(store.purchasedProductIDs.isEmpty)
  }

  @Test func subscriptionStatusFollowsTheSessionControls() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
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
    try session.disableAutoRenewForTransaction(identifier: UInt(transaction.id))
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

  @Test func theAppTransactionAndTheSheets() async throws {
    let session = try SKTestSession(contentsOf: GuideStyleTests.configuration)
    let store = GuideStore()
    let app = try store.checkVerified(try await AppTransaction.shared)
    #expect(app.bundleID == "dev.storeterm.demo")
    #expect(app.appVersion == "1.0")
    #expect(app.environment == .xcode)
    try await store.requestProducts([GuideStyleTests.lifetime])
    let product = try #require(store.products.first)
    let transaction = try #require(try await store.purchase(product))
    #expect(try await transaction.beginRefundRequest() == .success)
    await #expect(throws: Transaction.RefundRequestError.duplicateRequest) {
      try await transaction.beginRefundRequest()
    }
    try await AppStore.showManageSubscriptions()
    try await session.setSimulatedError(.storeKit(.unknown), forAPI: .manageSubscriptions)
    await #expect(throws: StoreKitError.unknown) { try await AppStore.showManageSubscriptions() }
    try await session.setSimulatedError(.refundRequest(.failed), forAPI: .refundRequest)
    await #expect(throws: Transaction.RefundRequestError.failed) {
      try await Transaction.beginRefundRequest(for: transaction.id)
    }
    try await session.setSimulatedError(
      .storeKit(.networkError("offline")), forAPI: .appTransaction)
    await #expect(throws: StoreKitError.networkError("offline")) { try await AppTransaction.shared }
    try await session.setSimulatedError(.storeKit(.notEntitled), forAPI: .offerCodeRedeem)
    await #expect(throws: StoreKitError.notEntitled) {
      try await AppStore.presentOfferCodeRedeemSheet()
    }
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
