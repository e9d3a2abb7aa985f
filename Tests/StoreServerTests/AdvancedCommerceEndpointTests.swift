import Foundation
import StoreCore
import StoreServer
import Testing

/// An Advanced Commerce one-time charge as the App Store Server API answers it: the signed
/// transaction carries `advancedCommerceInfo` with Apple's field names, re-signed unchanged.
@Suite struct AdvancedCommerceEndpointTests {
  @Test func aOneTimeChargeCarriesItsItemsThroughTheServerAPI() throws {
    let harness = try ServerHarness()
    var configuration = harness.engine.catalog.configuration
    configuration.advancedCommerceProductIDs = [Demo.lifetime]
    harness.engine.setCatalog(ProductCatalog(configuration: configuration))
    let item = AdvancedCommerceTransactionInfo.Item(
      sku: "BOOK-1984", description: "A novel, e-book", displayName: "Nineteen Eighty-Four",
      price: 2_990)
    let bought = try harness.engine.purchaseOneTimeCharge(
      Demo.lifetime, customerID: Customer.defaultID,
      charge: .init(
        requestReferenceId: "0c9f0b52-3a57-4c6e-9d43-0f1e2a3b4c5d", appAccountToken: nil,
        currency: "USD", item: item, taxCode: "C003-00-1", storefront: nil))
    harness.clock.advance(by: 60)
    let response = try harness.get("/inApps/v1/transactions/\(bought.id)")
    #expect(response.status == 200)
    let jws = response.json["signedTransactionInfo"]?.string ?? ""
    let payload = try harness.verified(jws, as: JWSTransactionDecodedPayload.self)
    #expect(payload.price == 2_990)
    #expect(
      payload.advancedCommerceInfo
        == AdvancedCommerceTransactionInfo(
          estimatedTax: 0, items: [item],
          requestReferenceId: "0c9f0b52-3a57-4c6e-9d43-0f1e2a3b4c5d",
          taxCode: "C003-00-1", taxExclusivePrice: 2_990, taxRate: "0.00"))
    // Apple's names, as the App Store Server Libraries read them.
    let claims = String(decoding: try #require(CompactJWSPayload.bytes(of: jws)), as: UTF8.self)
    for name in [
      #""advancedCommerceInfo":{"#, #""SKU":"BOOK-1984""#, #""requestReferenceId":"#,
      #""taxExclusivePrice":2990"#, #""estimatedTax":0"#, #""taxRate":"0.00""#,
    ] {
      #expect(claims.contains(name), "\(name)")
    }
  }
}
