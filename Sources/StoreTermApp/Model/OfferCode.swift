import StoreCore
import StoreKit

/// One offer code of the catalog as the Redeem Code sheet lists it: the code (its reference
/// name, which is what `storeterm purchase --offer-code` accepts), the subscription it is for,
/// and its terms.
public struct OfferCode: Sendable, Hashable {
  /// The code as the customer types it: the offer's reference name.
  public var referenceName: String
  /// The subscription the code is for.
  public var productID: String
  /// The subscription's localized name.
  public var productName: String
  /// The subscription group the product belongs to.
  public var groupID: String
  /// What the code gives, then the regular price: `1 month free, then $4.99 / month`.
  public var terms: String
  /// Who may redeem it, as the catalog says (`new`, `existing`, `expired`); empty means anyone.
  public var eligibility: Set<String>

  /// Creates an entry.
  public init(
    referenceName: String, productID: String, productName: String, groupID: String,
    terms: String, eligibility: Set<String> = []
  ) {
    self.referenceName = referenceName
    self.productID = productID
    self.productName = productName
    self.groupID = groupID
    self.terms = terms
    self.eligibility = eligibility
  }

  /// Every offer code of `catalog`'s subscriptions, in catalog order, priced, named and worded
  /// for its storefront and locale; codes without a reference name cannot be typed and are left out.
  public static func list(_ catalog: ProductCatalog) -> [OfferCode] {
    catalog.configuration.subscriptionGroups.flatMap { group in
      group.subscriptions.flatMap { subscription -> [OfferCode] in
        guard let product = catalog.product(id: subscription.productID) else { return [] }
        return subscription.codeOffers.compactMap { code in
          guard let name = code.referenceName, !name.isEmpty else { return nil }
          let offer = CatalogProduct.SubscriptionOffer(
            id: name, type: .promotional, paymentMode: code.paymentMode, period: code.period,
            periodCount: code.periodCount, price: code.price,
            displayPrice: catalog.displayPrice(code.price))
          return OfferCode(
            referenceName: name, productID: product.id, productName: product.displayName,
            groupID: group.id, terms: LocalizedTerms.offer(offer, then: product, catalog.locale),
            eligibility: code.eligibility)
        }
      }
    }
  }

  /// Who may redeem the code, one word each (`new`, `current`, `expired`); empty when anyone
  /// may.
  public var audienceKinds: [String] {
    let words = [("new", "new"), ("existing", "current"), ("expired", "expired")]
      .filter { eligibility.contains($0.0) }.map(\.1)
    return words.count < 3 ? words : []
  }

  /// Who may redeem the code, in short: `new or expired`, `anyone`.
  public var audienceWords: String {
    audienceKinds.isEmpty ? "anyone" : audienceKinds.joined(separator: " or ")
  }

  /// Who may redeem the code, in a sentence: `new or expired subscribers`.
  public var audience: String {
    audienceWords == "anyone" ? "every customer" : "\(audienceWords) subscribers"
  }
}
