// StoreKitTest: SKTestSession, SKTestSession.TimeRate, SKTestTransaction,
// SKPaymentTransactionState, FailableStoreKitAPI, SKTestFailures and SKError.Code as far as
// SKTestSession uses it. Each test references one declaration as Apple's documentation declares
// it; nothing here drives the store.

import Foundation
import StoreKit
import StoreKitTest
import Testing

@Suite("SKTestSession conformance")
struct SKTestSessionConformance {
  // MARK: SKTestSession

  @Test func sessionConformances() {
    requireClass(SKTestSession.self)
    requireEquatable(SKTestSession.self)
    requireHashable(SKTestSession.self)
    requireSendable(SKTestSession.self)
  }

  @Test func sessionInitConfigurationFileNamed() {
    let _: (String) throws -> SKTestSession = SKTestSession.init(configurationFileNamed:)
  }

  @Test func sessionInitContentsOf() {
    let _: (URL) throws -> SKTestSession = SKTestSession.init(contentsOf:)
  }

  @Test func sessionResetToDefaultState() {
    let _: (SKTestSession) -> Void = { $0.resetToDefaultState() }
  }

  @Test func sessionStorefront() {
    let _: ReferenceWritableKeyPath<SKTestSession, String> = \.storefront
  }

  @Test func sessionLocale() {
    let _: ReferenceWritableKeyPath<SKTestSession, Locale> = \.locale
  }

  @Test func sessionDisableDialogs() {
    let _: ReferenceWritableKeyPath<SKTestSession, Bool> = \.disableDialogs
  }

  @Test func sessionAllTransactions() {
    let _: (SKTestSession) -> [SKTestTransaction] = { $0.allTransactions() }
  }

  @Test func sessionClearTransactions() {
    let _: (SKTestSession) -> Void = { $0.clearTransactions() }
  }

  @Test func sessionInterruptedPurchasesEnabled() {
    let _: ReferenceWritableKeyPath<SKTestSession, Bool> = \.interruptedPurchasesEnabled
  }

  @Test func sessionAskToBuyEnabled() {
    let _: ReferenceWritableKeyPath<SKTestSession, Bool> = \.askToBuyEnabled
  }

  @Test func sessionTimeRate() {
    let _: ReferenceWritableKeyPath<SKTestSession, SKTestSession.TimeRate> = \.timeRate
  }

  @Test func sessionBillingGracePeriodIsEnabled() {
    let _: ReferenceWritableKeyPath<SKTestSession, Bool> = \.billingGracePeriodIsEnabled
  }

  @Test func sessionShouldEnterBillingRetryOnRenewal() {
    let _: ReferenceWritableKeyPath<SKTestSession, Bool> = \.shouldEnterBillingRetryOnRenewal
  }

  @Test func sessionBuyProductIdentifierOptions() {
    let _: (SKTestSession, Product.ID, Set<Product.PurchaseOption>) async throws -> Transaction = {
      session, id, options in
      try await session.buyProduct(identifier: id, options: options)
    }
    // @discardableResult, and `options` defaults to [].
    let _: (SKTestSession) async throws -> Void = { session in
      try await session.buyProduct(identifier: "com.example.product")
    }
  }

  @Test func sessionSetSimulatedError() {
    let _: (SKTestSession) async throws -> Void = { session in
      try await session.setSimulatedError(
        .generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .loadProducts)
      try await session.setSimulatedError(nil, forAPI: .purchase)
    }
  }

  @Test func sessionSimulatedError() {
    let _: (SKTestSession) async -> SKTestFailures.LoadProducts? = { session in
      await session.simulatedError(forAPI: .loadProducts)
    }
  }

  // Every transaction control takes `identifier: Int`.

  @Test func sessionApproveAskToBuyTransaction() {
    let _: (SKTestSession, Int) throws -> Void = {
      try $0.approveAskToBuyTransaction(identifier: $1)
    }
  }

  @Test func sessionDeclineAskToBuyTransaction() {
    let _: (SKTestSession, Int) throws -> Void = {
      try $0.declineAskToBuyTransaction(identifier: $1)
    }
  }

  @Test func sessionResolveIssueForTransaction() {
    let _: (SKTestSession, Int) throws -> Void = {
      try $0.resolveIssueForTransaction(identifier: $1)
    }
  }

  @Test func sessionRefundTransaction() {
    let _: (SKTestSession, Int) throws -> Void = { try $0.refundTransaction(identifier: $1) }
    // As Apple's test code writes it, from a StoreKit transaction's UInt64 id.
    let _: (SKTestSession, Transaction) throws -> Void = { session, transaction in
      try session.refundTransaction(identifier: Int(transaction.id))
    }
  }

  @Test func sessionDeleteTransaction() {
    let _: (SKTestSession, Int) throws -> Void = { try $0.deleteTransaction(identifier: $1) }
  }

  @Test func sessionEnableAutoRenewForTransaction() {
    let _: (SKTestSession, Int) throws -> Void = {
      try $0.enableAutoRenewForTransaction(identifier: $1)
    }
  }

  @Test func sessionDisableAutoRenewForTransaction() {
    let _: (SKTestSession, Int) throws -> Void = {
      try $0.disableAutoRenewForTransaction(identifier: $1)
    }
  }

  @Test func sessionRequestPriceIncreaseConsentForTransaction() {
    let _: (SKTestSession, Int) throws -> Void = {
      try $0.requestPriceIncreaseConsentForTransaction(identifier: $1)
    }
  }

  @Test func sessionConsentToPriceIncreaseForTransaction() {
    let _: (SKTestSession, Int) throws -> Void = {
      try $0.consentToPriceIncreaseForTransaction(identifier: $1)
    }
  }

  @Test func sessionDeclinePriceIncreaseForTransaction() {
    let _: (SKTestSession, Int) throws -> Void = {
      try $0.declinePriceIncreaseForTransaction(identifier: $1)
    }
  }

  @Test func sessionForceRenewalOfSubscription() {
    let _: (SKTestSession, String) throws -> Void = {
      try $0.forceRenewalOfSubscription(productIdentifier: $1)
    }
  }

  @Test func sessionExpireSubscription() {
    let _: (SKTestSession, String) throws -> Void = {
      try $0.expireSubscription(productIdentifier: $1)
    }
  }

  // MARK: SKTestSession.TimeRate

  @Test func timeRateCases() {
    let all: [SKTestSession.TimeRate] = [
      .realTime,
      .monthlyRenewalEveryHour,
      .monthlyRenewalEveryThirtyMinutes,
      .monthlyRenewalEveryFifteenMinutes,
      .monthlyRenewalEveryFiveMinutes,
      .monthlyRenewalEveryThirtySeconds,
      .oneRenewalEveryFifteenMinutes,
      .oneRenewalEveryFiveMinutes,
      .oneRenewalEveryMinute,
      .oneRenewalEveryThirtySeconds,
      .oneRenewalEveryTenSeconds,
      .oneRenewalEveryTwoSeconds,
    ]
    #expect(Set(all).count == 12)
  }

  @Test func timeRateIsImportedEnum() {
    // An Objective-C NS_ENUM in Apple's SDK: Int raw value, failable init(rawValue:).
    requireRawRepresentable(SKTestSession.TimeRate.self, raw: Int.self)
    let _: (Int) -> SKTestSession.TimeRate? = SKTestSession.TimeRate.init(rawValue:)
  }

  // MARK: SKTestTransaction

  @Test func transactionIsClass() {
    requireClass(SKTestTransaction.self)
  }

  @Test func transactionIdentifier() {
    let _: KeyPath<SKTestTransaction, Int> = \.identifier
  }

  @Test func transactionOriginalTransactionIdentifier() {
    let _: KeyPath<SKTestTransaction, Int> = \.originalTransactionIdentifier
  }

  @Test func transactionProductIdentifier() {
    let _: KeyPath<SKTestTransaction, String> = \.productIdentifier
  }

  @Test func transactionState() {
    let _: KeyPath<SKTestTransaction, SKPaymentTransactionState> = \.state
  }

  @Test func transactionPurchaseDate() {
    let _: KeyPath<SKTestTransaction, Date> = \.purchaseDate
  }

  @Test func transactionCancelDate() {
    let _: KeyPath<SKTestTransaction, Date?> = \.cancelDate
  }

  @Test func transactionExpirationDate() {
    let _: KeyPath<SKTestTransaction, Date?> = \.expirationDate
  }

  @Test func transactionAutoRenewingEnabled() {
    let _: KeyPath<SKTestTransaction, Bool> = \.autoRenewingEnabled
  }

  @Test func transactionHasPurchaseIssue() {
    let _: KeyPath<SKTestTransaction, Bool> = \.hasPurchaseIssue
  }

  @Test func transactionIsPendingPriceIncreaseConsent() {
    let _: KeyPath<SKTestTransaction, Bool> = \.isPendingPriceIncreaseConsent
  }

  @Test func transactionPendingAskToBuyConfirmation() {
    let _: KeyPath<SKTestTransaction, Bool> = \.pendingAskToBuyConfirmation
  }

  // MARK: SKPaymentTransactionState

  @Test func paymentTransactionStateCases() {
    let all: [SKPaymentTransactionState] = [
      .purchasing, .purchased, .failed, .restored, .deferred,
    ]
    #expect(Set(all).count == 5)
  }

  @Test func paymentTransactionStateRawValues() {
    // Objective-C NS_ENUM in declaration order; Apple declares `init?(rawValue: Int)`.
    let _: (Int) -> SKPaymentTransactionState? = SKPaymentTransactionState.init(rawValue:)
    #expect(SKPaymentTransactionState.purchasing.rawValue == 0)
    #expect(SKPaymentTransactionState.purchased.rawValue == 1)
    #expect(SKPaymentTransactionState.failed.rawValue == 2)
    #expect(SKPaymentTransactionState.restored.rawValue == 3)
    #expect(SKPaymentTransactionState.deferred.rawValue == 4)
  }
}

@available(*, deprecated, message: "exercises deprecated StoreKitTest declarations")
func skTestSessionDeprecatedDeclarations() {
  let _: ReferenceWritableKeyPath<SKTestSession, Bool> = \.failTransactionsEnabled
  let _: ReferenceWritableKeyPath<SKTestSession, SKError.Code> = \.failureError
  let _: [SKError.Code] = [
    .unknown, .invalidOfferIdentifier, .invalidSignature, .missingOfferParams, .invalidOfferPrice,
  ]
  let _: (SKTestSession, String) throws -> Void = {
    try $0.buyProduct(productIdentifier: $1)
  }
  let _: [SKTestSession.TimeRate] = [
    .oneHourIsOneDay, .thirtyMinutesIsOneDay, .fiveMinutesIsOneDay, .oneMinuteIsOneDay,
    .thirtySecondsIsOneDay, .oneSecondIsOneDay,
  ]
}
