import Foundation

extension ProductCatalog {
  /// Turns configured products into localized, priced `Product` values.
  struct Builder {
    let storefront: CatalogStorefront
    let locale: String

    func displayPrice(_ price: Decimal) -> String {
      CurrencyText.format(price, code: storefront.currencyCode, locale: locale)
    }

    func product(_ configured: ConfiguredProduct) -> CatalogProduct {
      let text = localizedText(
        configured.localizations, fallback: configured.referenceName, id: configured.productID)
      return CatalogProduct(
        id: configured.productID, type: configured.type, displayName: text.displayName,
        description: text.description, price: configured.price,
        displayPrice: displayPrice(configured.price), isFamilyShareable: configured.familyShareable,
        subscription: nil)
    }

    func product(
      _ configured: ConfiguredSubscription, in group: ConfiguredSubscriptionGroup
    ) -> CatalogProduct {
      let text = localizedText(
        configured.localizations, fallback: configured.referenceName, id: configured.productID)
      let groupName = LocaleIdentifier.bestMatch(locale, in: group.localizations)?.displayName
      var info = CatalogProduct.SubscriptionInfo(
        subscriptionGroupID: group.id,
        groupDisplayName: groupName.flatMap { $0.isEmpty ? nil : $0 } ?? group.name,
        groupLevel: configured.groupLevel,
        subscriptionPeriod: configured.period,
        introductoryOffer: configured.introductoryOffer.map { offer($0, type: .introductory) },
        promotionalOffers: configured.promotionalOffers.map { offer($0, type: .promotional) },
        winBackOffers: configured.winBackOffers.map { offer($0, type: .winBack) },
        isEligibleForIntroOffer: true, commitmentPlan: commitmentPlan(configured))
      info.bundledProductIDs = configured.bundledProductIDs
      info.isSuite = configured.isSuite
      info.seatPriceTiers = configured.seatPriceTiers.map {
        CatalogProduct.SeatPriceTier(
          minimumSeats: $0.minimumSeats, maximumSeats: $0.maximumSeats, price: $0.price,
          displayPrice: displayPrice($0.price))
      }
      return CatalogProduct(
        id: configured.productID, type: .autoRenewable, displayName: text.displayName,
        description: text.description, price: configured.price,
        displayPrice: displayPrice(configured.price), isFamilyShareable: configured.familyShareable,
        subscription: info)
    }

    /// The enabled `MONTHLY` plan of a 1-year subscription; Apple's commitment plan exists only
    /// for 1-year subscriptions, so a monthly plan on another period is ignored.
    func commitmentPlan(_ configured: ConfiguredSubscription) -> CatalogProduct.CommitmentPlan? {
      guard configured.period == CatalogProduct.CommitmentPlan.commitmentPeriod,
        let plan = configured.billingPlans.first(where: {
          $0.isEnabled && $0.billingPlanType == BillingPlanType.monthly.rawValue && $0.price > 0
        })
      else { return nil }
      let total =
        plan.commitmentPrice ?? plan.price * Decimal(CatalogProduct.CommitmentPlan.billingPeriods)
      return CatalogProduct.CommitmentPlan(
        monthlyPrice: plan.price, monthlyDisplayPrice: displayPrice(plan.price),
        commitmentPrice: total, commitmentDisplayPrice: displayPrice(total))
    }

    func offer(
      _ configured: ConfiguredOffer, type: CatalogProduct.SubscriptionOffer.OfferType
    ) -> CatalogProduct.SubscriptionOffer {
      CatalogProduct.SubscriptionOffer(
        id: type == .introductory ? nil : configured.offerID, type: type,
        paymentMode: configured.paymentMode, period: configured.period,
        periodCount: configured.periodCount, price: configured.price,
        displayPrice: displayPrice(configured.price))
    }

    /// The best localization's texts; a product with no usable name shows its reference name.
    func localizedText(
      _ localizations: [Localization], fallback: String, id: String
    ) -> (displayName: String, description: String) {
      let match = LocaleIdentifier.bestMatch(locale, in: localizations)
      let name = match?.displayName ?? ""
      let fallbackName = fallback.isEmpty ? id : fallback
      return (name.isEmpty ? fallbackName : name, match?.description ?? "")
    }
  }
}
