// Billing plans (iOS 26.4, pricing models 27.3), bundles and suites (27.0) and multiseat (27.3),
// each test using one declaration as Apple's documentation declares it.

import Foundation
import StoreKit
import Testing

@Suite("Billing plan, bundle and multiseat declarations conformance")
struct BillingPlanAndBundleConformance {
  typealias Info = Product.SubscriptionInfo
  typealias Terms = Product.SubscriptionInfo.PricingTerms

  // MARK: Product.SubscriptionInfo (26.4)

  @Test func subscriptionInfoPricingTerms() {
    let _: KeyPath<Info, [Terms]> = \.pricingTerms
  }

  @Test func billingPeriodTypealias() {
    let _: Product.SubscriptionPeriod.Type = Info.BillingPeriod.self
  }

  @Test func billingPlanTypeConformances() {
    requireRawRepresentable(Info.BillingPlanType.self, raw: String.self)
    requireEquatable(Info.BillingPlanType.self)
    requireHashable(Info.BillingPlanType.self)
    requireSendable(Info.BillingPlanType.self)
    let make: (String) -> Info.BillingPlanType = Info.BillingPlanType.init(rawValue:)
    #expect(make(Info.BillingPlanType.monthly.rawValue) == .monthly)
    #expect(Info.BillingPlanType.upFront != .monthly)
  }

  @Test func pricingTermsMembers() {
    let _: KeyPath<Terms, Info.BillingPlanType> = \.billingPlanType
    let _: KeyPath<Terms, Info.BillingPeriod> = \.billingPeriod
    let _: KeyPath<Terms, Decimal> = \.billingPrice
    let _: KeyPath<Terms, [Product.SubscriptionOffer]> = \.subscriptionOffers
    let _: KeyPath<Terms, Terms.PricingModel> = \.pricingModel
    let _: (Terms, Product.SubscriptionOffer.OfferType) -> [Product.SubscriptionOffer] = {
      $0[offers: $1]
    }
  }

  @Test func pricingModelCases() {
    let single: (Terms.SinglePrice) -> Terms.PricingModel = Terms.PricingModel.singlePrice
    let seats: (Terms.SeatBasedPricing) -> Terms.PricingModel = Terms.PricingModel.seatBased
    _ = (single, seats)
    let _: KeyPath<Terms.SinglePrice, Info.BillingInfo> = \.billingInfo
    let _: KeyPath<Terms.SinglePrice, Info.CommitmentInfo> = \.commitmentInfo
    let _: KeyPath<Terms.SeatBasedPricing, [Terms.SeatBasedPricing.PriceTier]> = \.priceTiers
    let _: KeyPath<Terms.SeatBasedPricing.PriceTier, Int> = \.minimumSeats
    let _: KeyPath<Terms.SeatBasedPricing.PriceTier, Int?> = \.maximumSeats
    let _: KeyPath<Terms.SeatBasedPricing.PriceTier, Info.BillingInfo> = \.billingInfo
  }

  @Test func commitmentAndBillingInfo() {
    requireHashable(Info.BillingInfo.self)
    requireSendable(Info.BillingInfo.self)
    let _: KeyPath<Info.BillingInfo, Decimal> = \.price
    let _: KeyPath<Info.BillingInfo, String> = \.displayPrice
    let _: KeyPath<Info.BillingInfo, Info.BillingPeriod> = \.period
    let _: KeyPath<Info.CommitmentInfo, Decimal> = \.price
    let _: KeyPath<Info.CommitmentInfo, String> = \.displayPrice
    let _: KeyPath<Info.CommitmentInfo, Product.SubscriptionPeriod> = \.period
  }

  @Test func purchaseOptionBillingPlanType() {
    let _: (Info.BillingPlanType) -> Product.PurchaseOption =
      Product.PurchaseOption.billingPlanType
  }

  // MARK: Transaction and RenewalInfo (26.4)

  @Test func transactionBillingPlan() {
    let _: KeyPath<Transaction, SubscriptionInfo.BillingPlanType?> = \.billingPlanType
    let _: KeyPath<Transaction, Transaction.CommitmentInfo?> = \.commitmentInfo
    let _: KeyPath<Transaction.CommitmentInfo, Date> = \.expirationDate
    let _: KeyPath<Transaction.CommitmentInfo, UInt64> = \.billingPeriodNumber
    let _: KeyPath<Transaction.CommitmentInfo, UInt64> = \.totalBillingPeriods
    let _: KeyPath<Transaction.CommitmentInfo, Decimal> = \.price
  }

  @Test func renewalInfoBillingPlan() {
    typealias Renewal = Product.SubscriptionInfo.RenewalInfo
    let _: KeyPath<Renewal, SubscriptionInfo.BillingPlanType?> = \.renewalBillingPlanType
    let _: KeyPath<Renewal, Renewal.CommitmentInfo?> = \.commitmentInfo
    let _: KeyPath<Renewal.CommitmentInfo, String> = \.autoRenewPreference
    let _: KeyPath<Renewal.CommitmentInfo, Info.BillingPlanType> = \.renewalBillingPlanType
    let _: KeyPath<Renewal.CommitmentInfo, Date> = \.renewalDate
    let _: KeyPath<Renewal.CommitmentInfo, Decimal> = \.renewalPrice
    let _: KeyPath<Renewal.CommitmentInfo, Bool> = \.willAutoRenew
  }

  // MARK: Bundles and suites (27.0)

  @Test func productTypeBundleAndSuite() {
    let all: [Product.ProductType] = [.subscriptionBundle, .subscriptionSuite, .autoRenewable]
    #expect(Set(all).count == 3)
  }

  @Test func bundledSubscriptions() {
    let _: KeyPath<Info, [Info.BundledSubscription]> = \.bundledSubscriptions
    let _: KeyPath<Info.BundledSubscription, Product.ID> = \.id
    let _: KeyPath<Info.BundledSubscription, String> = \.displayName
    let _: KeyPath<Info.BundledSubscription, String> = \.description
    let _: KeyPath<Info.BundledSubscription, String> = \.displayPrice
    let _: KeyPath<Info.BundledSubscription, Bool> = \.isFamilyShareable
    let _: KeyPath<Info.BundledSubscription, String> = \.subscriptionGroupID
    let _: KeyPath<Info.BundledSubscription, Int> = \.subscriptionGroupLevel
    let _: KeyPath<Info.BundledSubscription, String> = \.subscriptionGroupDisplayName
  }

  @Test func transactionBundleFields() {
    let _: KeyPath<Transaction, String?> = \.bundleProductID
    let _: KeyPath<Transaction, String?> = \.bundleSubscriptionGroupID
    let _: KeyPath<Transaction, String?> = \.bundleOriginalTransactionID
    let _: KeyPath<Transaction, String?> = \.bundleTransactionID
    let _: KeyPath<Transaction, UInt64?> = \.previousOriginalTransactionID
    let reasons: [Transaction.RevocationReason] = [.upgradedToBundle, .developerIssue, .other]
    #expect(Set(reasons).count == 3)
    let ownership: [Transaction.OwnershipType] = [.assigned, .purchased, .familyShared]
    #expect(Set(ownership).count == 3)
  }

  @Test func renewalInfoBundleFields() {
    typealias Renewal = Product.SubscriptionInfo.RenewalInfo
    let _: KeyPath<Renewal, Bool> = \.willUnbundle
    let _: KeyPath<Renewal, String?> = \.bundleProductID
    let _: KeyPath<Renewal, String?> = \.bundleSubscriptionGroupID
    let reasons: [Renewal.ExpirationReason] = [.unbundled, .autoRenewDisabled, .unknown]
    #expect(Set(reasons).count == 3)
  }

  // MARK: Multiseat (27.3)

  @Test func multiseatPurchase() {
    let _: KeyPath<Product, Bool> = \.supportsMultiSeatPurchase
    let _: (Int) -> Product.PurchaseOption = Product.PurchaseOption.seats
  }
}

// Deprecated but still declared by Apple: referenced from a deprecated scope so that they must
// exist without the suite warning. Never called.

@available(*, deprecated, message: "exercises deprecated StoreKit declarations")
func billingPlanDeprecatedDeclarations() {
  // PricingTerms.billingDisplayPrice and commitmentInfo (26.4, deprecated in 27.3)
  let _: KeyPath<Product.SubscriptionInfo.PricingTerms, String> = \.billingDisplayPrice
  let _: KeyPath<Product.SubscriptionInfo.PricingTerms, Product.SubscriptionInfo.CommitmentInfo> =
    \.commitmentInfo
}
