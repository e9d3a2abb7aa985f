import Foundation
import StoreCore
import Testing

/// The in-app request a developer's server signs, decoded as Apple's libraries write it, with
/// their limits (SKU 128, display name 30, description 45 characters).
@Suite struct AdvancedCommerceRequestTests {
  private static func request(_ item: String, extra: String = "") throws -> JSONValue {
    try JSONParser.parse(
      Array(
        """
        {"operation": "CREATE_ONE_TIME_CHARGE", "version": "1", "currency": "USD",
         "taxCode": "C003-00-1", \(extra)
         "requestInfo": {"requestReferenceId": "0C9F0B52-3A57-4C6E-9D43-0F1E2A3B4C5D",
                         "appAccountToken": "7e3fb20b-4cdb-47cc-936d-99d65f608138"},
         "item": \(item)}
        """.utf8))
  }

  private static let book =
    #"{"SKU": "BOOK-1", "displayName": "Book", "description": "A book", "price": 990}"#

  @Test func aOneTimeChargeIsReadWithItsReferenceAsSent() throws {
    guard
      case .oneTimeCharge(let charge) = try AdvancedCommerceInAppRequest.decode(
        try Self.request(Self.book, extra: #""storefront": "USA","#))
    else {
      Issue.record("a one-time charge")
      return
    }
    #expect(charge.requestReferenceId == "0C9F0B52-3A57-4C6E-9D43-0F1E2A3B4C5D")
    #expect(charge.appAccountToken == UUID(uuidString: "7e3fb20b-4cdb-47cc-936d-99d65f608138"))
    #expect(
      charge.item
        == .init(sku: "BOOK-1", description: "A book", displayName: "Book", price: 990))
    #expect(charge.storefront == "USA")
  }

  @Test func anotherOperationIsNamedNotRead() throws {
    let json = try JSONParser.parse(Array(#"{"operation": "CREATE_SUBSCRIPTION"}"#.utf8))
    #expect(
      try AdvancedCommerceInAppRequest.decode(json) == .other(operation: "CREATE_SUBSCRIPTION"))
  }

  @Test(arguments: [
    (
      #"{"SKU": "B", "displayName": "\#(String(repeating: "n", count: 31))", "description": "d", "price": 1}"#,
      "item.displayName is longer than 30 characters"
    ),
    (
      #"{"SKU": "B", "displayName": "n", "description": "\#(String(repeating: "d", count: 46))", "price": 1}"#,
      "item.description is longer than 45 characters"
    ),
    (
      #"{"SKU": "\#(String(repeating: "s", count: 129))", "displayName": "n", "description": "d", "price": 1}"#,
      "item.SKU is longer than 128 characters"
    ),
    (
      #"{"SKU": "B", "displayName": "n", "description": "d", "price": 9.99}"#,
      "item.price is not a whole number of milliunits"
    ),
    (#"{"displayName": "n", "description": "d", "price": 1}"#, "item.SKU is missing"),
  ])
  func aBadItemIsRefusedNamingItsField(_ item: String, _ message: String) throws {
    #expect(throws: AdvancedCommerceInAppRequest.Malformed(description: message)) {
      try AdvancedCommerceInAppRequest.decode(try Self.request(item))
    }
  }
}
