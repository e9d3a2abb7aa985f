import Foundation
import StoreCore

/// `storeterm products`: the catalog as the customer sees it.
enum ProductsCommand {
  /// Prints the products as a table, or as a JSON array with `--json`.
  ///
  /// With a ledger, introductory eligibility is the customer's; without one (nothing bought
  /// yet), every customer is eligible, and no ledger is created just to say so.
  static func run(_ context: CommandContext) throws {
    var catalog = try context.loadCatalog()
    var products = catalog.products()
    if context.paths.ledgerExists {
      let store = try context.openStore(reportingWarnings: false)
      catalog = store.catalog
      products = try store.engine.products(customerID: store.customerID)
    }
    if context.json {
      context.output.write(JSONValue.array(products.map(\.jsonValue)).prettyText + "\n")
      return
    }
    context.output.write(table(products, catalog: catalog))
  }

  /// The readable listing: a heading naming storefront and locale, then one row per product.
  static func table(_ products: [CatalogProduct], catalog: ProductCatalog) -> String {
    let heading =
      "\(products.count) \(products.count == 1 ? "product" : "products") · storefront"
      + " \(catalog.storefront.countryCode) (\(catalog.storefront.currencyCode)) · \(catalog.locale)\n\n"
    guard !products.isEmpty else { return heading }
    var table = TextTable(headers: ["NAME", "PRODUCT ID", "TYPE", "PRICE", "INTRO OFFER"])
    for product in products {
      table.rows.append([
        product.displayName, product.id, typeName(product.type), ProductTerms.price(product),
        introOffer(product),
      ])
    }
    return heading + table.render()
  }

  private static func typeName(_ type: CatalogProduct.ProductType) -> String {
    switch type {
    case .consumable: "Consumable"
    case .nonConsumable: "Non-consumable"
    case .nonRenewable: "Non-renewing"
    case .autoRenewable: "Auto-renewable"
    default: type.rawValue
    }
  }

  private static func introOffer(_ product: CatalogProduct) -> String {
    guard let subscription = product.subscription, let offer = subscription.introductoryOffer else {
      return ""
    }
    let terms = ProductTerms.offer(offer)
    return subscription.isEligibleForIntroOffer ? terms : "\(terms) (not eligible)"
  }
}
