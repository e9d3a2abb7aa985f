import StoreCore
import Testing

/// storeterm's `_advancedCommerceProductIDs` and Xcode's `subscriptionOffersKeyPair`: what
/// makes a product an Advanced Commerce generic product, and the key its requests are checked
/// against.
@Suite struct AdvancedCommerceCatalogTests {
  typealias Docs = CatalogTestDocuments

  /// The test document with `extra` members added at its top level.
  private func document(_ extra: String) -> String {
    let base = Docs.document()
    return "{" + extra + "," + base.drop { $0 != "{" }.dropFirst()
  }

  @Test func aListedConsumableIsAGenericProductAndTheKeyPairIsRead() throws {
    let configuration = try Docs.decode(
      document(
        #""_advancedCommerceProductIDs": ["coins"], "#
          + #""subscriptionOffersKeyPair": {"id": "ADVKEY0001", "privateKey": "MIGTAgEA"}"#))
    #expect(configuration.advancedCommerceProductIDs == ["coins"])
    #expect(configuration.subscriptionOffersKey?.id == "ADVKEY0001")
    #expect(configuration.subscriptionOffersKey?.privateKey == "MIGTAgEA")
    #expect(try Docs.decode(Docs.document()).advancedCommerceProductIDs.isEmpty)
  }

  @Test func aSubscriptionOrAnUnknownProductCannotBeGeneric() {
    #expect(
      Docs.message(document(#""_advancedCommerceProductIDs": ["pro.monthly"]"#))
        == "Test.storekit: _advancedCommerceProductIDs[0]: 'pro.monthly' is not a consumable or"
        + " non-consumable of this file")
    #expect(
      Docs.message(document(#""_advancedCommerceProductIDs": ["nothing"]"#))
        == "Test.storekit: _advancedCommerceProductIDs[0]: 'nothing' is not a consumable or"
        + " non-consumable of this file")
  }
}
