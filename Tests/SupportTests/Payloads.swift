import Foundation
import StoreCore

/// Transaction payloads built by hand, for explainer cases the simulation does not produce.
enum Payloads {
  static func transaction(
    id: String, original: String, product: String, type: InAppProductType, purchased: Date,
    expires: Date? = nil, ownership: InAppOwnershipType = .purchased,
    group: String? = nil
  ) -> JWSTransactionDecodedPayload {
    JWSTransactionDecodedPayload(
      originalTransactionId: original, transactionId: id, bundleId: "dev.storeterm.demo",
      productId: product,
      subscriptionGroupIdentifier: type == .autoRenewableSubscription ? group ?? "5A1E0001" : nil,
      purchaseDate: purchased.epochMilliseconds, originalPurchaseDate: purchased.epochMilliseconds,
      expiresDate: expires?.epochMilliseconds, quantity: 1, type: type,
      inAppOwnershipType: ownership, signedDate: purchased.epochMilliseconds,
      environment: .xcode, storefront: "USA", storefrontId: "143441",
      transactionReason: original == id ? .purchase : .renewal)
  }

  /// The element at `index` of a JSON array.
  static func element(_ value: JSONValue?, _ index: Int) -> JSONValue? {
    guard case .array(let items)? = value, items.indices.contains(index) else { return nil }
    return items[index]
  }
}
