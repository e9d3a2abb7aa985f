// StoreKitTest's simulated failures: FailableStoreKitAPI, SKTestFailures and SKTestError, each
// referenced as Apple's documentation declares it; nothing here drives the store.

import Foundation
import StoreKit
import StoreKitTest
import Testing

extension SKTestSessionConformance {
  // MARK: FailableStoreKitAPI

  @Test func failableAPIAppStoreSync() {
    let api: StoreKitAppStoreSyncAPI = .appStoreSync
    requireFailableAPI(api, failure: SKTestFailures.AppStoreSync.self)
  }

  @Test func failableAPIAppTransaction() {
    let api: StoreKitAppTransactionAPI = .appTransaction
    requireFailableAPI(api, failure: SKTestFailures.AppTransaction.self)
  }

  @Test func failableAPILoadProducts() {
    let api: StoreKitLoadProductsAPI = .loadProducts
    requireFailableAPI(api, failure: SKTestFailures.LoadProducts.self)
  }

  @Test func failableAPIManageSubscriptions() {
    let api: StoreKitManageSubscriptionsAPI = .manageSubscriptions
    requireFailableAPI(api, failure: SKTestFailures.ManageSubscriptions.self)
  }

  @Test func failableAPIOfferCodeRedeem() {
    let api: StoreKitOfferCodeRedeemAPI = .offerCodeRedeem
    requireFailableAPI(api, failure: SKTestFailures.OfferCodeRedeem.self)
  }

  @Test func failableAPIPurchase() {
    let api: StoreKitPurchaseAPI = .purchase
    requireFailableAPI(api, failure: SKTestFailures.Purchase.self)
  }

  @Test func failableAPIRefundRequest() {
    let api: StoreKitRefundRequestAPI = .refundRequest
    requireFailableAPI(api, failure: SKTestFailures.RefundRequest.self)
  }

  @Test func failableAPISubscriptionStatus() {
    let api: StoreKitSubscriptionStatusAPI = .subscriptionStatus
    requireFailableAPI(api, failure: SKTestFailures.SubscriptionStatus.self)
  }

  @Test func failableAPIVerification() {
    let api: StoreKitVerificationAPI = .verification
    requireFailableAPI(api, failure: SKTestFailures.Verification.self)
  }

  // MARK: SKTestFailures

  @Test func failuresAreEquatableAndSendable() {
    requireEquatable(SKTestFailures.Purchase.self)
    requireSendable(SKTestFailures.Purchase.self)
    requireEquatable(SKTestFailures.Verification.self)
    requireSendable(SKTestFailures.Verification.self)
  }

  @Test func failuresConformToSKTestFailure() {
    // Beyond storekit_api.md: `protocol SKTestFailure : Equatable, Sendable`.
    requireSKTestFailure(SKTestFailures.AppStoreSync.self)
    requireSKTestFailure(SKTestFailures.AppTransaction.self)
    requireSKTestFailure(SKTestFailures.LoadProducts.self)
    requireSKTestFailure(SKTestFailures.ManageSubscriptions.self)
    requireSKTestFailure(SKTestFailures.OfferCodeRedeem.self)
    requireSKTestFailure(SKTestFailures.Purchase.self)
    requireSKTestFailure(SKTestFailures.RefundRequest.self)
    requireSKTestFailure(SKTestFailures.SubscriptionStatus.self)
    requireSKTestFailure(SKTestFailures.Verification.self)
  }

  // MARK: SKTestError (beyond storekit_api.md)

  @Test func testErrorCodes() {
    let codes: [SKTestError.Code] = [
      SKTestError.fileNotFound, SKTestError.invalidAction, SKTestError.invalidProductIdentifier,
      SKTestError.invalidProductType, SKTestError.invalidURL, SKTestError.noSubscriptionFound,
      SKTestError.noTransactionFound, SKTestError.serviceUnavailable,
    ]
    #expect(Set(codes).count == 8)
    let _: String = SKTestError.errorDomain
  }

  @Test func failuresGeneric() {
    let _: (StoreKitError) -> SKTestFailures.AppStoreSync = SKTestFailures.AppStoreSync.generic
    let _: (StoreKitError) -> SKTestFailures.AppTransaction =
      SKTestFailures.AppTransaction.generic
    let _: (StoreKitError) -> SKTestFailures.LoadProducts = SKTestFailures.LoadProducts.generic
    let _: (StoreKitError) -> SKTestFailures.ManageSubscriptions =
      SKTestFailures.ManageSubscriptions.generic
    let _: (StoreKitError) -> SKTestFailures.OfferCodeRedeem =
      SKTestFailures.OfferCodeRedeem.generic
    let _: (StoreKitError) -> SKTestFailures.SubscriptionStatus =
      SKTestFailures.SubscriptionStatus.generic
    let _: (StoreKitError) -> SKTestFailures.Purchase = SKTestFailures.Purchase.generic
    let _: (StoreKitError) -> SKTestFailures.RefundRequest = SKTestFailures.RefundRequest.generic
  }

  @Test func failuresPurchase() {
    let make: (Product.PurchaseError) -> SKTestFailures.Purchase = SKTestFailures.Purchase.purchase
    #expect(make(.invalidQuantity) == .purchase(.invalidQuantity))
    #expect(SKTestFailures.Purchase.generic(.userCancelled) != .purchase(.productUnavailable))
  }

  @Test func failuresRefundRequest() {
    let make: (Transaction.RefundRequestError) -> SKTestFailures.RefundRequest =
      SKTestFailures.RefundRequest.refundRequest
    #expect(make(.failed) == .refundRequest(.failed))
  }

  @Test func failuresVerification() {
    let make: (VerificationResult<Any>.VerificationError) -> SKTestFailures.Verification =
      SKTestFailures.Verification.verification
    #expect(make(.invalidSignature) == .verification(.invalidSignature))
  }
}

/// Compiles only when `T` conforms to `SKTestFailure`.
private func requireSKTestFailure<T: SKTestFailure>(_: T.Type) {}

/// Compiles only when `api` is a `FailableStoreKitAPI` whose `Failure` is exactly `failure`.
private func requireFailableAPI<API: FailableStoreKitAPI>(_: API, failure: API.Failure.Type) {}
