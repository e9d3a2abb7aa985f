// Subscription bundles and suites (iOS 27), as an app and its tests see them. Only StoreKitTest
// is imported, as in Apple's Xcode test template: it re-exports StoreKit. Time passes through
// `purchaseDate(_:renewalBehavior:)`, so no test waits.

import Foundation
import StoreKitTest
import Testing

/// A format 6.3 catalog: Music and Video in groups of their own, the Duo bundle of both, and a
/// suite.
private enum Bundles {
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures/Bundles.storekit")
  static let music = "dev.storeterm.bundles.music"
  static let video = "dev.storeterm.bundles.video"
  static let duo = "dev.storeterm.bundles.duo"
  static let suite = "dev.storeterm.bundles.suite"
  static let duoGroup = "B2222A03"
  static let day: TimeInterval = 86_400

  @MainActor static func freshSession() throws -> SKTestSession {
    let session = try SKTestSession(contentsOf: url)
    session.resetToDefaultState()
    session.clearTransactions()
    return session
  }

  /// The current entitlements, by product.
  static func entitlements() async -> [String: Transaction] {
    var result: [String: Transaction] = [:]
    for await case .verified(let transaction) in Transaction.currentEntitlements {
      result[transaction.productID] = transaction
    }
    return result
  }

  /// Every transaction of `productID`, oldest first.
  static func history(_ productID: String) async -> [Transaction] {
    var result: [Transaction] = []
    for await case .verified(let transaction) in Transaction.all(for: productID) {
      result.append(transaction)
    }
    return result.sorted { $0.id < $1.id }
  }
}

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct BundleBehaviorTests {
  // https://developer.apple.com/documentation/storekit/product/subscriptioninfo/bundledsubscriptions
  // : a bundle lists the subscriptions of other groups it includes; other products list none.
  @Test func aBundleListsTheSubscriptionsItIncludes() async throws {
    _ = try Bundles.freshSession()
    let products = try await Product.products(for: [
      Bundles.duo, Bundles.music, Bundles.suite,
    ])
    let duo = try #require(products.first { $0.id == Bundles.duo })
    #expect(duo.type == .subscriptionBundle)
    #expect(duo.displayPrice == "$9.99")
    let bundled = try #require(duo.subscription?.bundledSubscriptions)
    #expect(bundled.map(\.id) == [Bundles.music, Bundles.video])
    #expect(bundled.map(\.subscriptionGroupID) == ["B2222A01", "B2222A02"])
    #expect(bundled.map(\.subscriptionGroupDisplayName) == ["Music", "Video"])
    #expect(bundled.map(\.displayPrice) == ["$4.99", "$6.99"])
    #expect(bundled.map(\.subscriptionGroupLevel) == [1, 1])
    #expect(bundled.first?.displayName == "Music")

    let music = try #require(products.first { $0.id == Bundles.music })
    #expect(music.type == .autoRenewable)
    #expect(music.subscription?.bundledSubscriptions.isEmpty == true)
    let suite = try #require(products.first { $0.id == Bundles.suite })
    #expect(suite.type == .subscriptionSuite)
    #expect(suite.subscription?.subscriptionPeriod == .monthly)
    #expect(suite.subscription?.bundledSubscriptions.isEmpty == true)
  }

  // https://developer.apple.com/documentation/storekit/transaction/bundleproductid
  // : buying the bundle entitles the customer to each bundled subscription, through
  // transactions that name the bundle.
  @Test func buyingABundleEntitlesEachBundledSubscription() async throws {
    _ = try Bundles.freshSession()
    let duo = try #require(try await Product.products(for: [Bundles.duo]).first)
    guard case .success(.verified(let bundle)) = try await duo.purchase() else {
      Issue.record("the bundle purchase succeeds")
      return
    }
    #expect(bundle.bundleProductID == nil)
    #expect(bundle.productType == .autoRenewable)

    let entitled = await Bundles.entitlements()
    #expect(Set(entitled.keys) == [Bundles.duo, Bundles.music, Bundles.video])
    for id in [Bundles.music, Bundles.video] {
      let member = try #require(entitled[id])
      #expect(member.bundleProductID == Bundles.duo)
      #expect(member.bundleSubscriptionGroupID == Bundles.duoGroup)
      #expect(member.bundleOriginalTransactionID == String(bundle.originalID))
      #expect(member.bundleTransactionID == String(bundle.id))
      #expect(member.previousOriginalTransactionID == nil)
      #expect(member.originalID == member.id)
      #expect(member.purchaseDate == bundle.purchaseDate)
      #expect(member.expirationDate == bundle.expirationDate)
      #expect(member.price == 0)
      #expect(member.ownershipType == .purchased)
    }
    #expect(entitled[Bundles.music]?.subscriptionGroupID == "B2222A01")

    // https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/bundleproductid
    // : the bundled subscription's status renews with the bundle, and its renewal info says so.
    let statuses = try await Product.SubscriptionInfo.status(for: "B2222A01")
    #expect(statuses.map(\.state) == [.subscribed])
    let status = try #require(statuses.first)
    guard case .verified(let renewal) = status.renewalInfo,
      case .verified(let latest) = status.transaction
    else {
      Issue.record("the status is verified")
      return
    }
    #expect(latest.id == entitled[Bundles.music]?.id)
    #expect(renewal.bundleProductID == Bundles.duo)
    #expect(renewal.bundleSubscriptionGroupID == Bundles.duoGroup)
    #expect(renewal.willUnbundle == false)
    #expect(renewal.willAutoRenew)
    #expect(renewal.currentProductID == Bundles.music)
    #expect(renewal.renewalDate == bundle.expirationDate)
  }

  // https://developer.apple.com/documentation/storekit/transaction/revocationreason-swift.struct/upgradedtobundle
  // : "The transaction was revoked because the customer switched to a subscription bundle."
  @Test func aStandaloneSubscriptionIsRevokedWhenItsBundleIsBought() async throws {
    _ = try Bundles.freshSession()
    let products = try await Product.products(for: [Bundles.music, Bundles.duo])
    let music = try #require(products.first { $0.id == Bundles.music })
    guard case .success(.verified(let standalone)) = try await music.purchase() else {
      Issue.record("the standalone purchase succeeds")
      return
    }
    let duo = try #require(products.first { $0.id == Bundles.duo })
    _ = try await duo.purchase()

    let history = await Bundles.history(Bundles.music)
    #expect(history.count == 2)
    let revoked = try #require(history.first { $0.id == standalone.id })
    #expect(revoked.revocationReason == .upgradedToBundle)
    // The unused time goes back, as for an upgrade within a group.
    #expect(revoked.revocationType == .proratedRefund)
    #expect(revoked.revocationDate != nil)
    let bundled = try #require(await Bundles.entitlements()[Bundles.music])
    #expect(bundled.id != standalone.id)
    #expect(bundled.bundleProductID == Bundles.duo)
    #expect(bundled.previousOriginalTransactionID == standalone.originalID)
    // The standalone subscription no longer renews; the group's other status is the bundle's.
    let statuses = try #require(try await music.subscription?.status)
    #expect(statuses.map(\.state) == [.revoked, .subscribed])
  }

  // Each renewal of the bundle renews the subscriptions it includes, in the same chains.
  @Test func aBundleRenewalRenewsTheBundledSubscriptions() async throws {
    let session = try Bundles.freshSession()
    let started = Date().addingTimeInterval(-40 * Bundles.day)
    let bundle = try await session.buyProduct(
      identifier: Bundles.duo,
      options: [.purchaseDate(started, renewalBehavior: .renewUntilNow)])
    let bundleHistory = await Bundles.history(Bundles.duo)
    #expect(bundleHistory.count == 2)
    let renewal = try #require(bundleHistory.last)
    let music = await Bundles.history(Bundles.music)
    #expect(music.count == 2)
    #expect(music.map(\.bundleTransactionID) == bundleHistory.map { String($0.id) })
    #expect(Set(music.map(\.originalID)).count == 1)
    #expect(music.last?.reason == .renewal)
    #expect(music.last?.expirationDate == renewal.expirationDate)
    #expect(music.last?.bundleOriginalTransactionID == String(bundle.originalID))
    #expect(await Bundles.entitlements()[Bundles.music]?.id == music.last?.id)
  }

  // A bundled subscription stands as its bundle stands: the bundle's expiry ends it.
  @Test func theBundlesExpiryEndsTheBundledSubscriptions() async throws {
    let session = try Bundles.freshSession()
    let started = Date().addingTimeInterval(-40 * Bundles.day)
    try await session.buyProduct(
      identifier: Bundles.duo,
      options: [.purchaseDate(started, renewalBehavior: .cancelImmediately)])
    #expect(await Bundles.history(Bundles.music).count == 1)
    #expect(await Bundles.entitlements().isEmpty)
    let statuses = try await Product.SubscriptionInfo.status(for: "B2222A01")
    #expect(statuses.map(\.state) == [.expired])
    guard case .verified(let renewal) = statuses.first?.renewalInfo else {
      Issue.record("the status is verified")
      return
    }
    #expect(renewal.expirationReason == .autoRenewDisabled)
    #expect(renewal.bundleProductID == Bundles.duo)
  }

  // A refund of the bundle takes away the subscriptions it includes.
  @Test func refundingTheBundleEndsTheBundledSubscriptions() async throws {
    let session = try Bundles.freshSession()
    let bundle = try await session.buyProduct(identifier: Bundles.duo)
    #expect(await Bundles.entitlements().count == 3)
    try session.refundTransaction(identifier: UInt(bundle.id))
    #expect(await Bundles.entitlements().isEmpty)
  }
}
