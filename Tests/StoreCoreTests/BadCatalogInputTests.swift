import StoreCore
import Testing

/// Every class of bad `.storekit` input is refused with one exact sentence naming file and path.
@Suite struct BadCatalogInputTests {
  typealias Docs = CatalogTestDocuments

  @Test func textThatIsNotJSON() {
    #expect(
      Docs.message("{\n  \"version\": {\"major\": 1,, \"minor\": 0}\n}", file: "Demo.storekit")
        == "Demo.storekit: not valid JSON: expected a quoted member name at line 2, column 26")
    #expect(
      Docs.message("", file: "Empty.storekit")
        == "Empty.storekit: not valid JSON: the text is empty, expected a JSON value at line 1, column 1"
    )
    #expect(
      Docs.message("[1, 2,]", file: "T.storekit")
        == "T.storekit: not valid JSON: trailing comma before ']' at line 1, column 7")
  }

  @Test func aDocumentThatIsNotAnObject() {
    #expect(
      Docs.message("[1, 2]")
        == "Test.storekit: expected a StoreKit configuration object, found an array")
  }

  @Test func aMissingVersion() {
    #expect(Docs.message(#"{"products": []}"#) == "Test.storekit: version: missing")
  }

  @Test func aWrongType() {
    let document = Docs.document(
      productsJSON: #"[{"type": "Consumable", "productID": "a", "familyShareable": "yes"}]"#)
    #expect(
      Docs.message(document)
        == #"Test.storekit: products[0].familyShareable: expected true or false, found the string "yes""#
    )
    #expect(
      Docs.message(Docs.document(settings: #"{"_timeRate": "fast"}"#))
        == #"Test.storekit: settings._timeRate: expected a whole number, found the string "fast""#)
    #expect(
      Docs.message(Docs.document(productsJSON: #"{"type": "Consumable"}"#))
        == "Test.storekit: products: expected an array, found an object")
  }

  @Test func anUnknownProductType() {
    let document = Docs.document(productsJSON: #"[{"type": "Subscription", "productID": "a"}]"#)
    #expect(
      Docs.message(document)
        == #"Test.storekit: products[0].type: "Subscription" is not a product type here (expected Consumable, NonConsumable or NonRenewingSubscription)"#
    )
  }

  @Test func aPeriodThatIsNotISO8601() {
    let subscription = """
      {"type": "RecurringSubscription", "productID": "p", "subscriptionGroupID": "G1",
       "groupNumber": 1, "recurringSubscriptionPeriod": "P5X"}
      """
    #expect(
      Docs.message(Docs.document(subscriptionJSON: subscription), file: "Demo.storekit")
        == #"Demo.storekit: subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod: "P5X" is not an ISO 8601 period"#
    )
  }

  @Test func aSubscriptionWhoseGroupIsMissing() {
    let subscription = """
      {"type": "RecurringSubscription", "productID": "p", "groupNumber": 1,
       "recurringSubscriptionPeriod": "P1M"}
      """
    #expect(
      Docs.message(Docs.document(subscriptionJSON: subscription))
        == "Test.storekit: subscriptionGroups[0].subscriptions[0].subscriptionGroupID: missing")
  }

  @Test func anUnknownPaymentModeAndABadPrice() {
    let badMode = """
      {"type": "RecurringSubscription", "productID": "p", "subscriptionGroupID": "G1",
       "groupNumber": 1, "recurringSubscriptionPeriod": "P1M",
       "introductoryOffer": {"paymentMode": "gratis", "subscriptionPeriod": "P1W"}}
      """
    #expect(
      Docs.message(Docs.document(subscriptionJSON: badMode))
        == #"Test.storekit: subscriptionGroups[0].subscriptions[0].introductoryOffer.paymentMode: "gratis" is not a payment mode (free, payAsYouGo or payUpFront)"#
    )
    let badPrice = Docs.document(
      productsJSON: #"[{"type": "Consumable", "productID": "a", "displayPrice": "4,99"}]"#)
    #expect(
      Docs.message(badPrice)
        == #"Test.storekit: products[0].displayPrice: "4,99" is not a price (a decimal number such as "4.99")"#
    )
  }

  @Test func anUnknownStorefront() {
    #expect(
      Docs.message(Docs.document(settings: #"{"_storefront": "XYZ"}"#))
        == #"Test.storekit: settings._storefront: "XYZ" is not an App Store storefront (an ISO 3166-1 alpha-3 code such as USA)"#
    )
  }

  @Test func aZeroLevelOrZeroPeriodsIsRefused() {
    let zeroLevel = """
      {"type": "RecurringSubscription", "productID": "p", "subscriptionGroupID": "G1",
       "groupNumber": 0, "recurringSubscriptionPeriod": "P1M"}
      """
    #expect(
      Docs.message(Docs.document(subscriptionJSON: zeroLevel))
        == "Test.storekit: subscriptionGroups[0].subscriptions[0].groupNumber: level 0 is not 1 or more"
    )
  }
}
