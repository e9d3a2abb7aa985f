// Apple's Advanced Commerce declarations (iOS 18.4; the price increase of 26.2; multiseat of
// 27.3), each test using one declaration as Apple's documentation declares it.

import Foundation
import StoreKit
import Testing

@Suite("Advanced Commerce declarations conformance")
struct AdvancedCommerceConformance {
  // MARK: AdvancedCommerceProduct

  @Test func productConformances() {
    requireIdentifiable(AdvancedCommerceProduct.self, id: String.self)
    requireEquatable(AdvancedCommerceProduct.self)
    requireHashable(AdvancedCommerceProduct.self)
    requireDebugDescription(AdvancedCommerceProduct.self)
    requireSendable(AdvancedCommerceProduct.self)
    let _: AdvancedCommerceProduct.ID.Type = String.self
    let _: AdvancedCommerceProduct.ProductType.Type = Product.ProductType.self
    let _: AdvancedCommerceProduct.PurchaseResult.Type = Product.PurchaseResult.self
  }

  @Test func productMembers() {
    let _: KeyPath<AdvancedCommerceProduct, AdvancedCommerceProduct.ID> = \.id
    let _: KeyPath<AdvancedCommerceProduct, AdvancedCommerceProduct.ProductType> = \.type
    let _: KeyPath<AdvancedCommerceProduct, Transaction.Transactions> = \.currentEntitlements
    let _: KeyPath<AdvancedCommerceProduct, Transaction.Transactions> = \.allTransactions
    let _: KeyPath<AdvancedCommerceProduct, Bool> = \.supportsMultiSeatPurchase
    let _: (AdvancedCommerceProduct) async -> VerificationResult<Transaction>? = {
      await $0.latestTransaction
    }
  }

  @Test func productInitIsAsyncThrowing() {
    let _: (AdvancedCommerceProduct.ID) async throws -> AdvancedCommerceProduct = {
      try await AdvancedCommerceProduct(id: $0)
    }
  }

  @MainActor @Test func productPurchase() {
    let _:
      (AdvancedCommerceProduct, String) async throws -> AdvancedCommerceProduct.PurchaseResult = {
        try await $0.purchase(compactJWS: $1)
      }
    let _:
      (AdvancedCommerceProduct, String, Set<AdvancedCommerceProduct.PurchaseOption>) async throws
        -> Product.PurchaseResult = { try await $0.purchase(compactJWS: $1, options: $2) }
  }

  @Test func purchaseOptionOnStorefrontChange() {
    requireHashable(AdvancedCommerceProduct.PurchaseOption.self)
    requireSendable(AdvancedCommerceProduct.PurchaseOption.self)
    let option = AdvancedCommerceProduct.PurchaseOption.onStorefrontChange { _ in true }
    #expect(Set([option, option]).count == 1)
  }

  // MARK: Transaction.AdvancedCommerceInfo

  @Test func transactionAdvancedCommerceInfo() {
    typealias Info = Transaction.AdvancedCommerceInfo
    let _: KeyPath<Transaction, Info?> = \.advancedCommerceInfo
    let _: KeyPath<Info, String?> = \.description
    let _: KeyPath<Info, String?> = \.displayName
    let _: KeyPath<Info, Decimal> = \.estimatedTax
    let _: KeyPath<Info, Decimal> = \.taxExclusivePrice
    let _: KeyPath<Info, String> = \.requestReferenceID
    let _: KeyPath<Info, [Info.Item]> = \.items
    let _: KeyPath<Info, SubscriptionPeriod?> = \.period
    let _: KeyPath<Info, String> = \.taxCode
    let _: KeyPath<Info, Decimal> = \.taxRate
    requireEquatable(Info.self)
    requireHashable(Info.self)
    requireSendable(Info.self)
  }

  @Test func transactionAdvancedCommerceItem() {
    typealias Item = Transaction.AdvancedCommerceInfo.Item
    let _: KeyPath<Item, Item.Details> = \.details
    let _: KeyPath<Item, [Transaction.AdvancedCommerceInfo.Refund]?> = \.refunds
    let _: KeyPath<Item, Date?> = \.revocationDate
    let _: KeyPath<Item.Details, String> = \.sku
    let _: KeyPath<Item.Details, String> = \.displayName
    let _: KeyPath<Item.Details, String> = \.description
    let _: KeyPath<Item.Details, Transaction.AdvancedCommerceInfo.Offer?> = \.offer
    let _: KeyPath<Item.Details, Decimal> = \.price
    requireHashable(Item.self)
    requireSendable(Item.Details.self)
  }

  @Test func transactionAdvancedCommerceOffer() {
    typealias Offer = Transaction.AdvancedCommerceInfo.Offer
    let _: KeyPath<Offer, SubscriptionPeriod> = \.period
    let _: KeyPath<Offer, Int> = \.periodCount
    let _: KeyPath<Offer, Decimal> = \.price
    let _: KeyPath<Offer, Offer.Reason> = \.reason
    requireRawRepresentable(Offer.Reason.self, raw: String.self)
    requireHashable(Offer.Reason.self)
    let make: (String) -> Offer.Reason = Offer.Reason.init(rawValue:)
    let all: [Offer.Reason] = [.acquisition, .winBack, .retention]
    #expect(Set(all).count == 3)
    #expect(make(Offer.Reason.winBack.rawValue) == .winBack)
  }

  @Test func transactionAdvancedCommerceRefund() {
    typealias Refund = Transaction.AdvancedCommerceInfo.Refund
    let _: KeyPath<Refund, Decimal> = \.amount
    let _: KeyPath<Refund, Date> = \.date
    let _: KeyPath<Refund, Refund.Reason> = \.reason
    let _: KeyPath<Refund, Refund.RefundType> = \.type
    requireRawRepresentable(Refund.Reason.self, raw: String.self)
    requireRawRepresentable(Refund.RefundType.self, raw: String.self)
    requireHashable(Refund.RefundType.self)
    requireSendable(Refund.RefundType.self)
    let reasons: [Refund.Reason] = [
      .unintended, .unfulfilled, .unsatisfied, .legal, .other, .modifyItems,
    ]
    let types: [Refund.RefundType] = [.full, .proRated, .custom]
    #expect(Set(reasons).count == 6)
    #expect(Set(types).count == 3)
  }

  // MARK: RenewalInfo.AdvancedCommerceInfo

  @Test func renewalInfoAdvancedCommerceInfo() {
    typealias Info = Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo
    let _: KeyPath<Product.SubscriptionInfo.RenewalInfo, Info?> = \.advancedCommerceInfo
    let _: KeyPath<Info, String> = \.description
    let _: KeyPath<Info, String> = \.displayName
    let _: KeyPath<Info, String> = \.consistencyToken
    let _: KeyPath<Info, String> = \.requestReferenceID
    let _: KeyPath<Info, [Info.Item]> = \.items
    let _: KeyPath<Info, SubscriptionPeriod> = \.period
    let _: KeyPath<Info, String> = \.taxCode
    requireHashable(Info.self)
    requireSendable(Info.self)
  }

  @Test func renewalInfoAdvancedCommerceItem() {
    typealias Item = Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo.Item
    let _: Item.Details.Type = Transaction.AdvancedCommerceInfo.Item.Details.self
    let _: KeyPath<Item, Item.Details> = \.details
    let _: KeyPath<Item, Item.PriceIncreaseInfo?> = \.priceIncreaseInfo
    let _: KeyPath<Item.PriceIncreaseInfo, [String]> = \.dependentSKUs
    let _: KeyPath<Item.PriceIncreaseInfo, Decimal> = \.price
    let _: KeyPath<Item.PriceIncreaseInfo, Item.PriceIncreaseInfo.Status> = \.status
    requireRawRepresentable(Item.PriceIncreaseInfo.Status.self, raw: String.self)
    let all: [Item.PriceIncreaseInfo.Status] = [.scheduled, .pending, .accepted]
    #expect(Set(all).count == 3)
  }
}
