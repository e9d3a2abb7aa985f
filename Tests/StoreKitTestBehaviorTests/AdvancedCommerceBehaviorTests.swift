// Advanced Commerce one-time charges (iOS 18.4), as an app and its tests see them. The app's
// code uses only StoreKitTest, as in Apple's Xcode test template: it re-exports StoreKit. The
// developer's server (StoreTermTestSupport's DeveloperServer, not app code) signs the requests with the key the
// configuration's `subscriptionOffersKeyPair` holds; the generic product is named by
// storeterm's `_advancedCommerceProductIDs` (Xcode's format has no key for it).

import Foundation
import StoreKitTest
import StoreTermTestSupport
import Testing

private enum Commerce {
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures/AdvancedCommerce.storekit")
  static let generic = "dev.storeterm.commerce.generic"
  static let pro = "dev.storeterm.commerce.pro"

  /// A fresh session trusting `server`'s key.
  @MainActor static func session(trusting server: DeveloperServer) throws -> SKTestSession {
    let session = try SKTestSession(contentsOf: try server.configuration(from: url))
    session.resetToDefaultState()
    session.clearTransactions()
    return session
  }

  /// The app's bundle ID, as its server knows it.
  static func bundleID() async throws -> String {
    guard case .verified(let app) = try await AppTransaction.shared else {
      throw StoreKitError.unknown
    }
    return app.bundleID
  }

  static func transactions(_ sequence: Transaction.Transactions) async -> [Transaction] {
    var found: [Transaction] = []
    for await case .verified(let transaction) in sequence { found.append(transaction) }
    return found
  }
}

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct AdvancedCommerceBehaviorTests {
  // https://developer.apple.com/documentation/storekit/advancedcommerceproduct/init(id:)
  // : "This initializer throws StoreKitError.unsupported if you provide the product ID of an
  // Apple In-App Purchase that doesn't have access to Advanced Commerce API."
  @Test func anOrdinaryProductIsNotAnAdvancedCommerceProduct() async throws {
    _ = try Commerce.session(trusting: try DeveloperServer.make())
    for id in [Commerce.pro, "dev.storeterm.commerce.unknown"] {
      do {
        _ = try await AdvancedCommerceProduct(id: id)
        Issue.record("\(id) is refused")
      } catch StoreKitError.unsupported {
      } catch {
        Issue.record("\(id): \(error)")
      }
    }
    // The generic product is no `Product`: it is sold only through signed requests.
    let products = try await Product.products(for: [Commerce.generic, Commerce.pro])
    #expect(products.map(\.id) == [Commerce.pro])
    let generic = try await AdvancedCommerceProduct(id: Commerce.generic)
    #expect(generic.id == Commerce.generic)
    #expect(generic.type == .nonConsumable)
    #expect(generic.supportsMultiSeatPurchase == false)
  }

  // https://developer.apple.com/documentation/storekit/advancedcommerceproduct/purchase(compactjws:options:)
  // and https://developer.apple.com/documentation/storekit/transaction/currententitlements(for:)
  // : a signed one-time charge buys its item; "if a generic SKU is provided, the returned
  // sequence will yield all transactions that entitle the user to Advanced Commerce Items".
  @Test func aSignedOneTimeChargeBuysExactlyItsItem() async throws {
    let server = try DeveloperServer.make()
    _ = try Commerce.session(trusting: server)
    let product = try await AdvancedCommerceProduct(id: Commerce.generic)
    let bundleID = try await Commerce.bundleID()
    let reference = UUID()
    let request = DeveloperServer.oneTimeCharge(
      sku: "BOOK-1984", displayName: "Nineteen Eighty-Four", description: "A novel, e-book",
      price: 2990, reference: reference)
    guard
      case .success(.verified(let bought)) = try await product.purchase(
        compactJWS: try server.sign(request, bundleID: bundleID))
    else {
      Issue.record("the signed one-time charge succeeds")
      return
    }
    #expect(bought.productID == Commerce.generic)
    #expect(bought.price == Decimal(string: "2.99"))
    #expect(bought.currency?.identifier == "USD")
    let info = try #require(bought.advancedCommerceInfo)
    #expect(info.requestReferenceID == reference.uuidString.lowercased())
    #expect(info.items.map(\.details.sku) == ["BOOK-1984"])
    #expect(info.items.map(\.details.displayName) == ["Nineteen Eighty-Four"])
    #expect(info.items.map(\.details.description) == ["A novel, e-book"])
    #expect(info.items.map(\.details.price) == [Decimal(string: "2.99")!])
    #expect(info.items.allSatisfy { $0.details.offer == nil && $0.revocationDate == nil })
    #expect(info.taxCode == "C003-00-1")
    #expect(info.taxExclusivePrice == Decimal(string: "2.99"))
    #expect(info.estimatedTax == 0)
    #expect(info.period == nil && info.displayName == nil)

    // A second item under the same generic ID: both entitle; a retry of the first changes nothing.
    let second = DeveloperServer.oneTimeCharge(
      sku: "BOOK-WE", displayName: "We", description: "A novel, e-book", price: 1990,
      reference: UUID())
    guard
      case .success(.verified(let other)) = try await product.purchase(
        compactJWS: try server.sign(second, bundleID: bundleID))
    else {
      Issue.record("the second one-time charge succeeds")
      return
    }
    guard
      case .success(.verified(let retried)) = try await product.purchase(
        compactJWS: try server.sign(request, bundleID: bundleID))
    else {
      Issue.record("the retried request answers")
      return
    }
    #expect(retried.id == bought.id)
    let entitled = await Commerce.transactions(product.currentEntitlements)
    #expect(entitled.map(\.id) == [bought.id, other.id])
    #expect(
      await Commerce.transactions(Transaction.currentEntitlements(for: Commerce.generic)).count
        == 2)
    let all = await Commerce.transactions(product.allTransactions)
    #expect(Set(all.map(\.id)) == [bought.id, other.id] && all.count == 2)
    guard case .verified(let latest)? = await product.latestTransaction else {
      Issue.record("the latest transaction is there")
      return
    }
    #expect(latest.id == other.id)
    #expect(latest.advancedCommerceInfo?.items.first?.details.sku == "BOOK-WE")
  }

  // A request the developer's key did not sign, or signed for another app, or stale, buys
  // nothing: the purchase throws and the customer has no transaction.
  @Test func aRequestNotSignedForThisAppIsRefused() async throws {
    let server = try DeveloperServer.make()
    _ = try Commerce.session(trusting: server)
    let product = try await AdvancedCommerceProduct(id: Commerce.generic)
    let bundleID = try await Commerce.bundleID()
    let request = DeveloperServer.oneTimeCharge(
      sku: "BOOK-1", displayName: "Book", description: "A book", price: 990, reference: UUID())
    let stranger = try DeveloperServer.make()
    let refused = [
      try stranger.sign(request, bundleID: bundleID),
      try server.sign(request, bundleID: "com.example.other"),
      try server.sign(request, bundleID: bundleID, audience: "promotional-offer"),
      try server.sign(request, bundleID: bundleID, issuedAt: Date().addingTimeInterval(-90_000)),
      "not.a.jws",
    ]
    for jws in refused {
      await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
        _ = try await product.purchase(compactJWS: jws)
      }
    }
    var malformed = request
    malformed["taxCode"] = nil
    await #expect(throws: Product.PurchaseError.missingOfferParameters) {
      _ = try await product.purchase(compactJWS: try server.sign(malformed, bundleID: bundleID))
    }
    let euros = DeveloperServer.oneTimeCharge(
      sku: "BOOK-1", displayName: "Book", description: "A book", price: 990, reference: UUID(),
      currency: "EUR")
    await #expect(throws: Product.PurchaseError.invalidOfferPrice) {
      _ = try await product.purchase(compactJWS: try server.sign(euros, bundleID: bundleID))
    }
    var subscription = request
    subscription["operation"] = "CREATE_SUBSCRIPTION"
    do {
      _ = try await product.purchase(compactJWS: try server.sign(subscription, bundleID: bundleID))
      Issue.record("a subscription request is refused")
    } catch StoreKitError.unsupported {
    }
    #expect(await Commerce.transactions(product.allTransactions).isEmpty)
    #expect(await product.latestTransaction == nil)
  }
}
