import StoreCore
import Testing

@testable import StorePersistence

/// The payload cache finds entries by a tag of the text's end, and never answers one text with
/// another's payload.
@Suite struct DecodedPayloadCacheTests {
  private func payload(_ id: String) -> JWSTransactionDecodedPayload {
    JWSTransactionDecodedPayload(
      originalTransactionId: id, transactionId: id, bundleId: "app", productId: "coins",
      purchaseDate: 1, originalPurchaseDate: 1, quantity: 1, type: .consumable,
      inAppOwnershipType: .purchased, signedDate: 2, environment: .xcode, storefront: "USA",
      storefrontId: "143441", transactionReason: .purchase)
  }

  @Test func textsThatShareATagEachGetTheirOwnPayload() {
    // Same length, same last 16 bytes: the same tag, different texts.
    let tail = String(repeating: "S", count: 16)
    let first = "cache-test-A." + tail
    let second = "cache-test-B." + tail
    #expect(DecodedPayloadCache.tag(of: first) == DecodedPayloadCache.tag(of: second))
    var decodes = 0
    let one = DecodedPayloadCache.payload(for: first) {
      decodes += 1
      return payload("1")
    }
    let two = DecodedPayloadCache.payload(for: second) {
      decodes += 1
      return payload("2")
    }
    #expect(one.transactionId == "1")
    #expect(two.transactionId == "2")
    #expect(decodes == 2)
    // The second now holds the tag; asking for it again decodes nothing.
    let again = DecodedPayloadCache.payload(for: second) {
      decodes += 1
      return payload("wrong")
    }
    #expect(again.transactionId == "2")
    #expect(decodes == 2)
  }

  @Test func theTagDependsOnTheLastBytesAndTheLength() {
    #expect(DecodedPayloadCache.tag(of: "x.abcdefgh") != DecodedPayloadCache.tag(of: "x.abcdefgi"))
    #expect(DecodedPayloadCache.tag(of: "abc") != DecodedPayloadCache.tag(of: "xabc"))
  }
}
