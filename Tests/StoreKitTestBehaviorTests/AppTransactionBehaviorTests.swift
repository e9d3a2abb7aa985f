// The app transaction and a refund's detail, as app code reads them. Only StoreKitTest is
// imported, as in Apple's Xcode test template.

import Foundation
import StoreKitTest
import Testing

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct AppTransactionBehaviorTests {
  // https://developer.apple.com/documentation/storekit/apptransaction/shared : the app
  // transaction the device has; https://developer.apple.com/documentation/storekit/apptransaction/refresh()
  // asks the App Store for a new one.
  @Test func sharedReturnsTheSameSignedAppTransactionUntilRefresh() async throws {
    _ = try DemoCatalog.freshSession()
    let first = try await AppTransaction.shared
    let again = try await AppTransaction.shared
    #expect(again.jwsRepresentation == first.jwsRepresentation)
    #expect(try again.payloadValue.signedDate == first.payloadValue.signedDate)
    #expect(try again.payloadValue == first.payloadValue)

    let refreshed = try await AppTransaction.refresh()
    #expect(refreshed.jwsRepresentation != first.jwsRepresentation)
    let afterRefresh = try await AppTransaction.shared
    #expect(afterRefresh.jwsRepresentation == refreshed.jwsRepresentation)
    // The same customer and app: the same app transaction ID either way.
    #expect(try refreshed.payloadValue.appTransactionID == first.payloadValue.appTransactionID)
  }

  // https://developer.apple.com/documentation/storekit/apptransaction/all : every app
  // transaction of the account; one app, so the one `shared` returns.
  @Test func allYieldsTheSharedAppTransaction() async throws {
    _ = try DemoCatalog.freshSession()
    let shared = try await AppTransaction.shared
    var all: [VerificationResult<AppTransaction>] = []
    for await appTransaction in AppTransaction.all { all.append(appTransaction) }
    #expect(all.map(\.jwsRepresentation) == [shared.jwsRepresentation])
  }

  // https://developer.apple.com/documentation/storekit/transaction/apptransactionid : "the same
  // value as AppTransaction.appTransactionID", one per Apple Account and app.
  @Test func appTransactionIDIsTheSameInEverySignedValue() async throws {
    _ = try DemoCatalog.freshSession()
    let app = try await AppTransaction.shared.payloadValue
    #expect(app.appTransactionID.count == 18)
    #expect(app.storeType == .consumer)
    #expect(app.revocationDate == nil)

    let product = try #require(try await Product.products(for: [DemoCatalog.monthly]).first)
    guard case .success(.verified(let transaction)) = try await product.purchase() else {
      Issue.record("the purchase did not succeed and verify")
      return
    }
    #expect(transaction.appTransactionID == app.appTransactionID)
    let status = try #require(try await product.subscription?.status.first)
    #expect(try status.renewalInfo.payloadValue.appTransactionID == app.appTransactionID)
    #expect(try status.transaction.payloadValue.appTransactionID == app.appTransactionID)
  }

  // https://developer.apple.com/documentation/storekit/transaction/revocationtype-swift.property
  // and https://developer.apple.com/documentation/storekit/transaction/revocationpercentage :
  // nil while the transaction stands; a full refund is `.fullRefund` at 100%.
  @Test func aRefundCarriesItsTypeAndPercentage() async throws {
    let session = try DemoCatalog.freshSession()
    let bought = try await session.buyProduct(identifier: DemoCatalog.lifetime)
    #expect(bought.revocationType == nil)
    #expect(bought.revocationPercentage == nil)

    try session.refundTransaction(identifier: UInt(bought.id))
    let refunded = try #require(await Transaction.latest(for: DemoCatalog.lifetime)).payloadValue
    #expect(refunded.revocationType == .fullRefund)
    #expect(refunded.revocationType?.rawValue == "REFUND_FULL")
    #expect(refunded.revocationPercentage == 100)
    #expect(refunded.revocationReason == .other)
    #expect(refunded.appTransactionID == bought.appTransactionID)
    session.clearTransactions()
  }
}
