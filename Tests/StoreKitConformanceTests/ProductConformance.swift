// Product, Product.ProductType, Product.PurchaseResult, Product.PurchaseError and
// Product.PurchaseOption, each test using one declaration as Apple's documentation declares it.
// Declarations that need a store are only referenced (a compile-time check), never run.

import Foundation
import StoreKit
import StoreKitTest
import Testing

@Suite("Product conformance")
struct ProductConformance {
  // MARK: Product

  @Test func productConformances() {
    requireIdentifiable(Product.self, id: String.self)
    requireEquatable(Product.self)
    requireHashable(Product.self)
    requireDebugDescription(Product.self)
    requireSendable(Product.self)
  }

  @Test func productID() {
    let id: Product.ID = "com.example.product"
    let _: String = id
    let _: KeyPath<Product, String> = \.id
  }

  @Test func productsForIdentifiers() {
    let _: ([String]) async throws -> [Product] = Product.products(for:)
    let _: (Set<String>) async throws -> [Product] = Product.products(for:)
  }

  @Test func productType() {
    let _: KeyPath<Product, Product.ProductType> = \.type
  }

  @Test func productDisplayName() {
    let _: KeyPath<Product, String> = \.displayName
  }

  @Test func productDescription() {
    let _: KeyPath<Product, String> = \.description
  }

  @Test func productPrice() {
    let _: KeyPath<Product, Decimal> = \.price
  }

  @Test func productDisplayPrice() {
    let _: KeyPath<Product, String> = \.displayPrice
  }

  @Test func productIsFamilyShareable() {
    let _: KeyPath<Product, Bool> = \.isFamilyShareable
  }

  @Test func productSubscription() {
    let _: KeyPath<Product, Product.SubscriptionInfo?> = \.subscription
  }

  @Test func productJSONRepresentation() {
    let _: (Product) -> Data = { $0.jsonRepresentation }
  }

  @Test func productDebugDescription() {
    let _: KeyPath<Product, String> = \.debugDescription
  }

  @Test func productPriceFormatStyle() {
    let _: KeyPath<Product, Decimal.FormatStyle.Currency> = \.priceFormatStyle
  }

  @Test func productSubscriptionPeriodUnitFormatStyle() {
    let _: KeyPath<Product, Product.SubscriptionPeriod.Unit.FormatStyle> =
      \.subscriptionPeriodUnitFormatStyle
  }

  @Test func productLatestTransaction() {
    let _: (Product) async -> VerificationResult<Transaction>? = { product in
      await product.latestTransaction
    }
  }

  @Test func productCurrentEntitlements() {
    let _: KeyPath<Product, Transaction.Transactions> = \.currentEntitlements
  }

  @Test func productPurchaseWithDefaultOptions() {
    let _: (Product) async throws -> Product.PurchaseResult = { product in
      try await product.purchase()
    }
  }

  @Test func productPurchaseWithOptions() {
    let _: (Product, Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult = {
      product, options in
      try await product.purchase(options: options)
    }
  }

  // MARK: Product.ProductType

  @Test func productTypeConformances() {
    requireRawRepresentable(Product.ProductType.self, raw: String.self)
    requireEquatable(Product.ProductType.self)
    requireHashable(Product.ProductType.self)
    requireSendable(Product.ProductType.self)
  }

  @Test func productTypeStatics() {
    let all: [Product.ProductType] = [.consumable, .nonConsumable, .autoRenewable, .nonRenewable]
    #expect(Set(all).count == 4)
  }

  @Test func productTypeRawValues() {
    #expect(Product.ProductType.consumable.rawValue == "Consumable")
    #expect(Product.ProductType.nonConsumable.rawValue == "Non-Consumable")
    #expect(Product.ProductType.autoRenewable.rawValue == "Auto-Renewable Subscription")
    #expect(Product.ProductType.nonRenewable.rawValue == "Non-Renewing Subscription")
  }

  @Test func productTypeInitRawValueIsNotFailable() {
    let make: (String) -> Product.ProductType = Product.ProductType.init(rawValue:)
    #expect(make("Consumable") == .consumable)
  }

  @Test func productTypeLocalizedDescription() {
    let text: String = Product.ProductType.consumable.localizedDescription
    #expect(!text.isEmpty)
  }

  // MARK: Product.PurchaseResult

  @Test func purchaseResultConformances() {
    requireSendable(Product.PurchaseResult.self)
  }

  @Test func purchaseResultSuccess() {
    let _: (VerificationResult<Transaction>) -> Product.PurchaseResult =
      Product.PurchaseResult.success
    let _: (Product.PurchaseResult) -> VerificationResult<Transaction>? = { result in
      if case .success(let verification) = result { return verification }
      return nil
    }
  }

  @Test func purchaseResultUserCancelled() {
    let result: Product.PurchaseResult = .userCancelled
    if case .userCancelled = result {
    } else {
      Issue.record("userCancelled is not an enum case")
    }
  }

  @Test func purchaseResultPending() {
    let result: Product.PurchaseResult = .pending
    if case .pending = result {
    } else {
      Issue.record("pending is not an enum case")
    }
  }

  // MARK: Product.PurchaseError

  @Test func purchaseErrorConformances() {
    requireError(Product.PurchaseError.self)
    requireLocalizedError(Product.PurchaseError.self)
    requireEquatable(Product.PurchaseError.self)
    requireHashable(Product.PurchaseError.self)
  }

  @Test func purchaseErrorCases() {
    let all: [Product.PurchaseError] = [
      .invalidQuantity, .productUnavailable, .purchaseNotAllowed, .ineligibleForOffer,
      .invalidOfferIdentifier, .invalidOfferPrice, .invalidOfferSignature,
      .missingOfferParameters,
    ]
    #expect(Set(all).count == 8)
    for error in all {
      #expect(error.errorDescription != nil)
    }
  }

  // MARK: Product.PurchaseOption

  @Test func purchaseOptionConformances() {
    requireEquatable(Product.PurchaseOption.self)
    requireHashable(Product.PurchaseOption.self)
    requireSendable(Product.PurchaseOption.self)
    requireDebugDescription(Product.PurchaseOption.self)
  }

  @Test func purchaseOptionAppAccountToken() {
    let make: (UUID) -> Product.PurchaseOption = Product.PurchaseOption.appAccountToken
    let token = UUID()
    #expect(make(token) == .appAccountToken(token))
  }

  @Test func purchaseOptionQuantity() {
    let make: (Int) -> Product.PurchaseOption = Product.PurchaseOption.quantity
    #expect(make(2) == .quantity(2))
    #expect(Product.PurchaseOption.quantity(2) != .quantity(3))
  }

  @Test func purchaseOptionSimulatesAskToBuyInSandbox() {
    let make: (Bool) -> Product.PurchaseOption =
      Product.PurchaseOption.simulatesAskToBuyInSandbox
    #expect(make(true) == .simulatesAskToBuyInSandbox(true))
  }

  @Test func purchaseOptionCustomString() {
    let option: Product.PurchaseOption = .custom(key: "k", value: "v")
    #expect(option == .custom(key: "k", value: "v"))
  }

  @Test func purchaseOptionCustomDouble() {
    let value: Double = 1.5
    let _: Product.PurchaseOption = .custom(key: "k", value: value)
  }

  @Test func purchaseOptionCustomBool() {
    let value: Bool = true
    let _: Product.PurchaseOption = .custom(key: "k", value: value)
  }

  @Test func purchaseOptionCustomData() {
    let value = Data([1, 2, 3])
    let _: Product.PurchaseOption = .custom(key: "k", value: value)
  }

  @Test func purchaseOptionOnStorefrontChange() {
    let _: (@escaping @Sendable (Storefront) -> Bool) -> Product.PurchaseOption =
      Product.PurchaseOption.onStorefrontChange(shouldContinuePurchase:)
    let _: Product.PurchaseOption = .onStorefrontChange { storefront in
      storefront.countryCode == "USA"
    }
  }

  @Test func purchaseOptionPromotionalOfferCompactJWS() {
    let make: (String, String) -> [Product.PurchaseOption] =
      Product.PurchaseOption.promotionalOffer(_:compactJWS:)
    let _: [Product.PurchaseOption] = make("offer", "header.payload.signature")
  }

  @Test func purchaseOptionIntroductoryOfferEligibility() {
    let make: (String) -> Product.PurchaseOption =
      Product.PurchaseOption.introductoryOfferEligibility(compactJWS:)
    let _: Product.PurchaseOption = make("header.payload.signature")
  }

  @Test func purchaseOptionWinBackOffer() {
    let _: (Product.SubscriptionOffer) -> Product.PurchaseOption =
      Product.PurchaseOption.winBackOffer
  }

  @Test func purchaseOptionPurchaseDate() {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let _: (Date, Product.PurchaseOption.SubscriptionRenewalBehavior) -> Product.PurchaseOption =
      Product.PurchaseOption.purchaseDate(_:renewalBehavior:)
    let defaulted: Product.PurchaseOption = .purchaseDate(date)
    #expect(defaulted == .purchaseDate(date, renewalBehavior: .renewUntilNow))
  }

  @Test func purchaseOptionSubscriptionRenewalBehavior() {
    let behaviors: [Product.PurchaseOption.SubscriptionRenewalBehavior] = [
      .renewUntilNow, .cancelImmediately,
    ]
    #expect(behaviors.count == 2)
  }
}

// Deprecated but still declared by Apple: referenced from a deprecated scope so that they must
// exist without the suite warning. Never called.

@available(*, deprecated, message: "exercises deprecated StoreKit declarations")
func productDeprecatedDeclarations() {
  // Product.currentEntitlement (deprecated in iOS 18.4)
  let _: (Product) async -> VerificationResult<Transaction>? = { product in
    await product.currentEntitlement
  }
  // Product.PurchaseOption.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)
  let _: (String, String, UUID, Data, Int) -> Product.PurchaseOption =
    Product.PurchaseOption.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)
  // Product.PurchaseOption.promotionalOffer(offerID:signature:) (17.4, deprecated in 26.0)
  let _: (String, Product.SubscriptionOffer.Signature) -> Product.PurchaseOption =
    Product.PurchaseOption.promotionalOffer(offerID:signature:)
}
