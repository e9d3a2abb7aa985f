import Foundation
import StoreCore
import Testing

/// Format 6.3 subscription bundles and suites in a `.storekit` file, and the bundle fields of
/// signed payloads.
struct BundleCatalogTests {
  private static let text = """
    {"version": {"major": 6, "minor": 3},
     "subscriptionGroups": [
       {"id": "G1", "name": "Music", "subscriptions": [
         {"type": "RecurringSubscription", "productID": "music", "displayPrice": "4.99",
          "subscriptionGroupID": "G1", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M"}]},
       {"id": "G2", "name": "Video", "subscriptions": [
         {"type": "RecurringSubscription", "productID": "video", "displayPrice": "6.99",
          "subscriptionGroupID": "G2", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M"}]}],
     "subscriptionBundleGroups": [
       {"id": "B", "name": "Bundles", "subscriptions": [
         {"type": "SubscriptionBundle", "productID": "duo", "displayPrice": "9.99",
          "subscriptionGroupID": "B", "groupNumber": 1, "duration": "P1M",
          "isFamilyShareable": true,
          "members": ["music", {"productID": "video"}, "nothing", "trio", "music"]},
         {"type": "SubscriptionBundle", "productID": "trio", "displayPrice": "12.99",
          "subscriptionGroupID": "B", "groupNumber": 2, "duration": "P1Y",
          "members": ["video"]}]}],
     "subscriptionSuiteGroups": [
       {"id": "S", "name": "Suite", "subscriptions": [
         {"type": "SubscriptionSuite", "productID": "suite", "displayPrice": "19.99",
          "subscriptionGroupID": "S", "groupNumber": 1, "duration": "P1M", "members": ["x"]}]}]}
    """

  @Test func bundleAndSuiteGroupsAreReadWithTheirMembersChecked() throws {
    let configuration = try CatalogTestDocuments.decode(Self.text)
    #expect(configuration.subscriptionGroups.map(\.id) == ["G1", "G2", "B", "S"])
    let bundles = configuration.subscriptionGroups[2].subscriptions
    #expect(bundles.map(\.bundledProductIDs) == [["music", "video"], ["video"]])
    #expect(bundles[0].familyShareable)
    #expect(bundles[0].period == .init(value: 1, unit: .month))
    #expect(bundles[1].period == .init(value: 1, unit: .year))
    let suite = try #require(configuration.subscriptionGroups.last?.subscriptions.first)
    #expect(suite.isSuite)
    #expect(suite.bundledProductIDs.isEmpty)
    #expect(
      configuration.warnings == [
        #"Test.storekit: bundle duo: member "nothing" is not an auto-renewable subscription of this file; left out"#,
        #"Test.storekit: bundle duo: member "trio" is in the bundle's own group; left out"#,
        #"Test.storekit: bundle duo: member "music" is named twice; left out"#,
      ])
    #expect(
      configuration.notes == [
        "Test.storekit: subscriptionSuiteGroups[0].subscriptions[0].members: ignoring 1 members"
          + " of a SubscriptionSuite: storeterm simulates one app"
      ])
  }

  @Test func theCatalogListsABundlesProductsAndSellsItAsASubscription() throws {
    let catalog = ProductCatalog(configuration: try CatalogTestDocuments.decode(Self.text))
    #expect(catalog.bundledProducts(of: "duo").map(\.id) == ["music", "video"])
    #expect(catalog.bundledProducts(of: "music").isEmpty)
    let duo = try #require(catalog.product(id: "duo"))
    #expect(duo.type == .autoRenewable)
    #expect(duo.subscription?.subscriptionGroupID == "B")
    #expect(catalog.product(id: "suite")?.subscription?.isSuite == true)
  }

  @Test func aBundleMemberOfAnotherBundleIsLeftOut() throws {
    let text = Self.text.replacingOccurrences(
      of: #""members": ["video"]"#, with: #""members": ["video", "suite"]"#)
    let configuration = try CatalogTestDocuments.decode(text)
    #expect(configuration.subscriptionGroups[2].subscriptions[1].bundledProductIDs == ["video"])
    #expect(
      configuration.warnings.last
        == #"Test.storekit: bundle trio: member "suite" is itself a bundle or suite; left out"#)
  }

  @Test func bundleFieldsRoundTripWithTheirJSONNames() throws {
    var payload = JWSTransactionDecodedPayload(
      originalTransactionId: "7", transactionId: "8", bundleId: "app", productId: "music",
      purchaseDate: 1, originalPurchaseDate: 1, quantity: 1, type: .autoRenewableSubscription,
      inAppOwnershipType: .purchased, signedDate: 2, environment: .xcode, storefront: "USA",
      storefrontId: "143441", transactionReason: .purchase)
    payload.bundleProductId = "duo"
    payload.bundleSubscriptionGroupIdentifier = "B"
    payload.bundleOriginalTransactionId = "5"
    payload.bundleTransactionId = "6"
    payload.previousOriginalTransactionId = "3"
    payload.revocationReason = .upgradedToBundle
    let text = String(decoding: payload.jsonBytes(), as: UTF8.self)
    for member in [
      #""bundleProductId":"duo""#, #""bundleSubscriptionGroupIdentifier":"B""#,
      #""bundleOriginalTransactionId":"5""#, #""bundleTransactionId":"6""#,
      #""previousOriginalTransactionId":"3""#, #""revocationReason":2"#,
    ] {
      #expect(text.contains(member))
    }
    #expect(try JWSTransactionDecodedPayload(json: JSONParser.parse(text)) == payload)

    var renewal = JWSRenewalInfoDecodedPayload(
      originalTransactionId: "7", autoRenewProductId: "music", productId: "music",
      autoRenewStatus: .on, signedDate: 2, environment: .xcode, recentSubscriptionStartDate: 1)
    renewal.bundleProductId = "duo"
    renewal.bundleSubscriptionGroupIdentifier = "B"
    renewal.willUnbundle = true
    let renewalText = String(decoding: renewal.jsonBytes(), as: UTF8.self)
    #expect(
      renewalText.contains(
        #""bundleProductId":"duo","bundleSubscriptionGroupIdentifier":"B","willUnbundle":true"#))
    #expect(try JWSRenewalInfoDecodedPayload(json: JSONParser.parse(renewalText)) == renewal)
  }
}
