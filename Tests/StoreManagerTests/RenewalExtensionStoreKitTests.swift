import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import Testing

/// What an app sees through StoreKit after the developer's server extended a subscription's
/// renewal date (the App Store Server API's engine operation): the later expiration on the
/// transaction and the later renewal date in the renewal info.
@Suite struct RenewalExtensionStoreKitTests {
  static let lite = "dev.storeterm.demo.plus.lite.monthly"

  @MainActor
  @Test func storeKitSeesTheExtendedExpirationAndRenewalDate() async throws {
    let harness = try ManagerHarness()
    guard case .success(let bought) = try harness.engine.purchase(Self.lite, customerID: "default")
    else {
      Issue.record("the purchase failed")
      return
    }
    let before = try #require(bought.payload.expiresDate)
    let result = try harness.engine.extendRenewalDate(
      bought.id, byDays: 10, requestIdentifier: "outage")
    let extended = Date(epochMilliseconds: before + 10 * 86_400_000)
    #expect(result.effectiveDate == extended)
    try await harness.run {
      let latest = try #require(await Transaction.latest(for: Self.lite))
      guard case .verified(let transaction) = latest else {
        Issue.record("the re-signed transaction did not verify")
        return
      }
      #expect(transaction.expirationDate == extended)
      let product = try #require(try await Product.products(for: [Self.lite]).first)
      let status = try #require(try await product.subscription?.status.first)
      #expect(status.state == .subscribed)
      guard case .verified(let renewal) = status.renewalInfo else {
        Issue.record("the renewal info did not verify")
        return
      }
      #expect(renewal.renewalDate == extended)
    }
  }
}
