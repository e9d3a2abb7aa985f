// AppStore, AppStore.Environment, AppStore.Platform, Storefront, AppTransaction, StoreKitError and
// the top-level typealiases, each test using one declaration as Apple's documentation declares it.

import Foundation
import StoreKit
import StoreKitTest
import Testing

@Suite("AppStore, Storefront, AppTransaction and StoreKitError conformance")
struct AppStoreConformance {
  // MARK: AppStore

  @Test func appStoreCanMakePayments() {
    let _: () -> Bool = { AppStore.canMakePayments }
  }

  @Test func appStoreDeviceVerificationID() {
    let _: () -> UUID? = { AppStore.deviceVerificationID }
  }

  @Test func appStoreSync() {
    let _: () async throws -> Void = AppStore.sync
  }

  // MARK: AppStore.Environment

  @Test func environmentConformances() {
    requireRawRepresentable(AppStore.Environment.self, raw: String.self)
    requireEquatable(AppStore.Environment.self)
    requireHashable(AppStore.Environment.self)
    requireSendable(AppStore.Environment.self)
  }

  @Test func environmentStatics() {
    let all: [AppStore.Environment] = [.production, .sandbox, .xcode]
    #expect(Set(all).count == 3)
  }

  @Test func environmentInitRawValueIsNotFailable() {
    let make: (String) -> AppStore.Environment = AppStore.Environment.init(rawValue:)
    #expect(make(AppStore.Environment.xcode.rawValue) == .xcode)
  }

  @Test func environmentRawValuesFromAppStoreServerAPI() {
    // Not stated on the StoreKit page; the App Store Server API `environment` values.
    #expect(AppStore.Environment.production.rawValue == "Production")
    #expect(AppStore.Environment.sandbox.rawValue == "Sandbox")
    #expect(AppStore.Environment.xcode.rawValue == "Xcode")
  }

  // MARK: AppStore.Platform

  @Test func platformType() {
    let _: AppStore.Platform.Type = AppStore.Platform.self
    let _: KeyPath<AppTransaction, AppStore.Platform> = \.originalPlatform
  }

  // MARK: Storefront

  @Test func storefrontConformances() {
    requireIdentifiable(Storefront.self, id: String.self)
    requireSendable(Storefront.self)
  }

  @Test func storefrontCountryCode() {
    let _: KeyPath<Storefront, String> = \.countryCode
  }

  @Test func storefrontID() {
    let _: KeyPath<Storefront, String> = \.id
  }

  @Test func storefrontCurrency() {
    let _: KeyPath<Storefront, Locale.Currency?> = \.currency
  }

  @Test func storefrontCurrent() {
    let _: () async -> Storefront? = { await Storefront.current }
  }

  @Test func storefrontUpdates() {
    let _: () -> Storefront.Storefronts = { Storefront.updates }
    requireAsyncSequence(Storefront.Storefronts.self, element: Storefront.self)
    // Apple's sample code iterates without `try`.
    let _: () async -> Void = {
      for await storefront in Storefront.updates {
        let _: String = storefront.countryCode
      }
    }
  }

  // MARK: AppTransaction

  @Test func appTransactionConformances() {
    requireEquatable(AppTransaction.self)
    requireHashable(AppTransaction.self)
    requireDebugDescription(AppTransaction.self)
    requireSendable(AppTransaction.self)
  }

  @Test func appTransactionShared() {
    let _: () async throws -> VerificationResult<AppTransaction> = {
      try await AppTransaction.shared
    }
  }

  @Test func appTransactionRefresh() {
    let _: () async throws -> VerificationResult<AppTransaction> = AppTransaction.refresh
  }

  @Test func appTransactionJSONRepresentation() {
    let _: (AppTransaction) -> Data = { $0.jsonRepresentation }
  }

  @Test func appTransactionAppID() {
    let _: KeyPath<AppTransaction, UInt64?> = \.appID
  }

  @Test func appTransactionAppTransactionID() {
    let _: KeyPath<AppTransaction, String> = \.appTransactionID
  }

  @Test func appTransactionAppVersion() {
    let _: KeyPath<AppTransaction, String> = \.appVersion
  }

  @Test func appTransactionAppVersionID() {
    let _: KeyPath<AppTransaction, UInt64?> = \.appVersionID
  }

  @Test func appTransactionBundleID() {
    let _: KeyPath<AppTransaction, String> = \.bundleID
  }

  @Test func appTransactionEnvironment() {
    let _: KeyPath<AppTransaction, AppStore.Environment> = \.environment
  }

  @Test func appTransactionOriginalAppVersion() {
    let _: KeyPath<AppTransaction, String> = \.originalAppVersion
  }

  @Test func appTransactionOriginalPurchaseDate() {
    let _: KeyPath<AppTransaction, Date> = \.originalPurchaseDate
  }

  @Test func appTransactionOriginalPlatform() {
    let _: KeyPath<AppTransaction, AppStore.Platform> = \.originalPlatform
  }

  @Test func appTransactionPreorderDate() {
    let _: KeyPath<AppTransaction, Date?> = \.preorderDate
  }

  @Test func appTransactionDeviceVerification() {
    let _: KeyPath<AppTransaction, Data> = \.deviceVerification
  }

  @Test func appTransactionDeviceVerificationNonce() {
    let _: KeyPath<AppTransaction, UUID> = \.deviceVerificationNonce
  }

  @Test func appTransactionSignedDate() {
    let _: KeyPath<AppTransaction, Date> = \.signedDate
  }

  // MARK: StoreKitError

  @Test func storeKitErrorConformances() {
    requireError(StoreKitError.self)
    requireLocalizedError(StoreKitError.self)
    requireSendable(StoreKitError.self)
  }

  @Test func storeKitErrorNetworkError() {
    let make: (URLError) -> StoreKitError = StoreKitError.networkError
    let error = make(URLError(.notConnectedToInternet))
    if case .networkError(let underlying) = error {
      #expect(underlying.code == .notConnectedToInternet)
    } else {
      Issue.record("networkError(_:) is not an enum case carrying URLError")
    }
  }

  @Test func storeKitErrorSystemError() {
    struct Underlying: Error {}
    let make: (any Error) -> StoreKitError = StoreKitError.systemError
    let error = make(Underlying())
    if case .systemError(let underlying) = error {
      #expect(underlying is Underlying)
    } else {
      Issue.record("systemError(_:) is not an enum case carrying any Error")
    }
  }

  @Test func storeKitErrorPlainCases() {
    let all: [StoreKitError] = [
      .unknown, .userCancelled, .notAvailableInStorefront, .notEntitled, .unsupported,
    ]
    for error in all {
      #expect(error.errorDescription != nil)
    }
  }

  // MARK: Top-level typealiases

  @Test func typealiasSubscriptionInfo() {
    let _: Product.SubscriptionInfo.Type = SubscriptionInfo.self
  }

  @Test func typealiasSubscriptionPeriod() {
    let _: Product.SubscriptionPeriod.Type = SubscriptionPeriod.self
  }

  @Test func typealiasSubscriptionRenewalInfo() {
    let _: Product.SubscriptionInfo.RenewalInfo.Type = SubscriptionRenewalInfo.self
  }

  @Test func typealiasSubscriptionRenewalState() {
    let _: Product.SubscriptionInfo.RenewalState.Type = SubscriptionRenewalState.self
  }

  @Test func typealiasSubscriptionStatus() {
    let _: Product.SubscriptionInfo.Status.Type = SubscriptionStatus.self
  }
}
