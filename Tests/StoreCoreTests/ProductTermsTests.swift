import StoreCore
import Testing

/// The wording of prices and offers shared by the CLI and the screens.
@Suite struct ProductTermsTests {
  static func offer(
    _ mode: CatalogProduct.SubscriptionOffer.PaymentMode, _ period: String, _ count: Int,
    _ price: String
  ) -> CatalogProduct.SubscriptionOffer {
    .init(
      id: nil, type: .introductory, paymentMode: mode,
      period: CatalogProduct.SubscriptionPeriod(iso8601: period)!, periodCount: count, price: 0,
      displayPrice: price)
  }

  @Test func offers() {
    #expect(
      ProductTerms.offer(ProductTermsTests.offer(.freeTrial, "P1W", 1, "$0.00")) == "1 week free")
    #expect(
      ProductTerms.offer(ProductTermsTests.offer(.freeTrial, "P2W", 1, "$0.00")) == "2 weeks free")
    #expect(
      ProductTerms.offer(ProductTermsTests.offer(.payAsYouGo, "P1M", 3, "$2.49"))
        == "3 months at $2.49")
    #expect(
      ProductTerms.offer(ProductTermsTests.offer(.payUpFront, "P3M", 1, "$8.99"))
        == "$8.99 for 3 months")
  }

  @Test func pricesWithTheirPeriodAndTheFullTerms() {
    let product = CatalogProduct(
      id: "m", type: .autoRenewable, displayName: "M", description: "", price: 4.99,
      displayPrice: "$4.99", isFamilyShareable: false,
      subscription: .init(
        subscriptionGroupID: "G", groupDisplayName: "G", groupLevel: 1,
        subscriptionPeriod: .monthly, introductoryOffer: nil, promotionalOffers: [],
        winBackOffers: [], isEligibleForIntroOffer: true))
    #expect(ProductTerms.price(product) == "$4.99 / month")
    #expect(
      ProductTerms.offer(ProductTermsTests.offer(.freeTrial, "P1W", 1, "$0.00"), then: product)
        == "1 week free, then $4.99 / month")
    #expect(ProductTerms.period(.init(value: 3, unit: .month)) == "3 months")
    #expect(ProductTerms.period(.yearly) == "year")
  }
}
