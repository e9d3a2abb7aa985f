import StoreCore

/// Small `.storekit` documents built in code, for focused decoder tests.
enum CatalogTestDocuments {
  /// A minimal valid file: one consumable and one subscription group, with `subscription`
  /// members replaced by `subscriptionJSON`.
  static func document(
    settings: String = "{}", productsJSON: String? = nil, subscriptionJSON: String? = nil
  ) -> String {
    let products =
      productsJSON ?? """
        [{"type": "Consumable", "productID": "coins", "referenceName": "Coins", "internalID": "1",
          "displayPrice": "0.99", "familyShareable": false,
          "localizations": [{"locale": "en_US", "displayName": "Coins", "description": "Shiny"}]}]
        """
    let subscription =
      subscriptionJSON ?? """
        {"type": "RecurringSubscription", "productID": "pro.monthly", "referenceName": "Pro",
         "internalID": "2", "displayPrice": "4.99", "familyShareable": true,
         "subscriptionGroupID": "G1", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M",
         "introductoryOffer": null, "adHocOffers": [],
         "localizations": [{"locale": "en_US", "displayName": "Pro", "description": "All of it"}]}
        """
    return """
      {"version": {"major": 4, "minor": 0}, "settings": \(settings), "products": \(products),
       "subscriptionGroups": [{"id": "G1", "name": "Pro", "localizations": [],
                               "subscriptions": [\(subscription)]}]}
      """
  }

  static func decode(_ text: String, file: String = "Test.storekit")
    throws(StoreKitConfigurationError)
    -> StoreKitConfiguration
  {
    try StoreKitConfigurationDecoder.decode(text.utf8, file: file)
  }

  /// The error message a document produces, or nil when it loads.
  static func message(_ text: String, file: String = "Test.storekit") -> String? {
    do {
      _ = try decode(text, file: file)
      return nil
    } catch {
      return error.description
    }
  }
}
