// StoreKit semantics that need a store, each after the Apple page that states it. Only
// StoreKitTest is imported, as in Apple's Xcode test template.

import Foundation
import StoreKitTest
import Testing

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct StoreKitSemanticsTests {
  // https://developer.apple.com/documentation/storekit/storefront/updates : "The asynchronous
  // sequence that emits a storefront when the App Store storefront changes" — not the current
  // one when listening starts.
  @Test func storefrontUpdatesEmitEachChangeAndNotTheCurrentOne() async throws {
    let session = try DemoCatalog.freshSession()
    var updates = Storefront.updates.makeAsyncIterator()
    session.storefront = "DEU"
    let first: Storefront? = await updates.next()
    #expect(first?.countryCode == "DEU")
    #expect(first?.id == "143443")
    #expect(first?.currency == Locale.Currency("EUR"))
    session.storefront = "JPN"
    #expect(await updates.next()?.countryCode == "JPN")
    #expect(await Storefront.current?.countryCode == "JPN")
    session.resetToDefaultState()
    #expect(await updates.next()?.countryCode == "USA")
  }

  // https://developer.apple.com/documentation/storekit/transaction/offer : the subscription
  // offer the purchase applied; https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/offer :
  // the offer that applies at the next renewal.
  @Test func theIntroductoryOfferIsOnTheTransactionAndItsRenewalInfo() async throws {
    _ = try DemoCatalog.freshSession()
    let product = try #require(try await Product.products(for: [DemoCatalog.monthly]).first)
    guard case .success(.verified(let transaction)) = try await product.purchase() else {
      Issue.record("the purchase did not succeed and verify")
      return
    }
    let offer = try #require(transaction.offer)
    #expect(offer.type == .introductory)
    #expect(offer.id == nil)
    #expect(offer.paymentMode == .freeTrial)
    #expect(offer.period == .weekly)
    #expect(transaction.offerPaymentModeStringRepresentation == "FREE_TRIAL")
    #expect(transaction.offerPeriodStringRepresentation == "P1W")
    #expect(transaction.price == 0)
    let status = try #require(try await product.subscription?.status.first)
    #expect(status.state == .subscribed)
    let renewal = try status.renewalInfo.payloadValue
    #expect(renewal.currentProductID == DemoCatalog.monthly)
    #expect(renewal.willAutoRenew)
    #expect(renewal.renewalDate == transaction.expirationDate)
    // The free week is used up: the next renewal is at the regular price, with no offer.
    #expect(renewal.offer == nil)
    #expect(renewal.renewalPrice == Decimal(string: "4.99"))
  }

  // https://developer.apple.com/documentation/storekit/product/purchaseoption/purchasedate(_:renewalbehavior:) :
  // a purchase at a past date, renewing until now or cancelled at once.
  @Test func aBackdatedSubscriptionRenewsUntilNowOrEndsAfterOnePeriod() async throws {
    _ = try DemoCatalog.freshSession()
    let product = try #require(try await Product.products(for: [DemoCatalog.monthly]).first)
    let sixtyDaysAgo = Date.now.addingTimeInterval(-60 * 86_400)
    _ = try await product.purchase(options: [.purchaseDate(sixtyDaysAgo)])
    var renewals = 0
    for await result in Transaction.all(for: DemoCatalog.monthly) {
      if try result.payloadValue.reason == .renewal { renewals += 1 }
    }
    // A free week, then monthly renewals: at least one renewal has fallen due by now.
    #expect(renewals >= 1)
    let status = try #require(try await product.subscription?.status.first)
    #expect(status.state == .subscribed)

    _ = try DemoCatalog.freshSession()
    _ = try await product.purchase(
      options: [.purchaseDate(sixtyDaysAgo, renewalBehavior: .cancelImmediately)])
    let ended = try #require(try await product.subscription?.status.first)
    #expect(ended.state == .expired)
    #expect(try ended.renewalInfo.payloadValue.willAutoRenew == false)
    #expect(try ended.renewalInfo.payloadValue.expirationReason == .autoRenewDisabled)
  }

  // https://developer.apple.com/documentation/storekit/implementing-promotional-offers-in-your-app
  // : promotional offers are for "lapsed or current subscribers". A current subscriber's offer
  // on their own plan applies from the next renewal.
  @Test func aCurrentSubscriberCanRedeemAPromotionalOffer() async throws {
    let session = try DemoCatalog.freshSession()
    let product = try #require(try await Product.products(for: [DemoCatalog.monthly]).first)
    let offer = try #require(product.subscription?.promotionalOffers.first)
    let first = try await session.buyProduct(identifier: DemoCatalog.monthly)

    let result = try await product.purchase(
      options: Set(
        Product.PurchaseOption.promotionalOffer(
          try #require(offer.id), compactJWS: "signed.by.server")))
    guard case .success(.verified(let transaction)) = result else {
      Issue.record("a current subscriber's promotional offer was refused")
      return
    }
    #expect(transaction.id == first.id)
    let status = try #require(try await product.subscription?.status.first)
    let renewal = try status.renewalInfo.payloadValue
    #expect(renewal.offer?.type == .promotional)
    #expect(renewal.offer?.id == offer.id)
    #expect(renewal.renewalPrice == offer.price)

    // StoreKitTest's own spelling, unsigned, as Xcode's test environment allows.
    _ = try await session.buyProduct(
      identifier: DemoCatalog.monthly, options: [.promotionalOffer(id: try #require(offer.id))])
  }

  // https://developer.apple.com/documentation/storekit/product/purchaseoption/codeoffer(referencename:)
  // : the purchase simulates redeeming the configuration file's offer code.
  @Test func buyProductRedeemsAnOfferCodeByItsReferenceName() async throws {
    let session = try DemoCatalog.freshSession()
    let transaction = try await session.buyProduct(
      identifier: DemoCatalog.monthly,
      options: [.codeOffer(referenceName: "Podcast code: 1 month free")])
    #expect(transaction.offer?.type == .code)
    #expect(transaction.offer?.paymentMode == .freeTrial)
    #expect(transaction.price == 0)
  }

  // https://developer.apple.com/documentation/storekit/product/subscriptioninfo/pricingterms-swift.property
  // : a subscription without a commitment plan is billed up front, its whole price each period.
  @Test func aSubscriptionIsBilledUpFrontEachPeriod() async throws {
    _ = try DemoCatalog.freshSession()
    let product = try #require(try await Product.products(for: [DemoCatalog.monthly]).first)
    let info = try #require(product.subscription)
    let terms = try #require(info.pricingTerms.first)
    #expect(info.pricingTerms.count == 1)
    #expect(terms.billingPlanType == .upFront)
    #expect(terms.billingPeriod == info.subscriptionPeriod)
    #expect(terms.billingPrice == product.price)
    #expect(terms[offers: .promotional] == info.promotionalOffers)
    guard case .singlePrice(let single) = terms.pricingModel else {
      Issue.record("an up-front subscription has a single price")
      return
    }
    #expect(single.billingInfo.displayPrice == product.displayPrice)
    #expect(single.commitmentInfo.period == info.subscriptionPeriod)
    #expect(info.bundledSubscriptions.isEmpty)
    #expect(product.supportsMultiSeatPurchase == false)
  }
}
