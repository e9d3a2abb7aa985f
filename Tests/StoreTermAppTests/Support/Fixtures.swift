import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreTermApp
import StoreTermTestSupport
import TerminalUI

@testable import StoreManager

/// Hand-built store snapshots over the demo catalog, for update, view and snapshot tests.
enum Fixtures {
  /// 2026-11-30 12:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_796_040_000)

  static let plusMonthly = "dev.storeterm.demo.plus.monthly"
  static let plusYearly = "dev.storeterm.demo.plus.yearly"
  static let premiumYearly = "dev.storeterm.demo.plus.premium.yearly"
  static let liteMonthly = "dev.storeterm.demo.plus.lite.monthly"
  static let cloud200 = "dev.storeterm.demo.cloud.200gb"
  static let coins100 = "dev.storeterm.demo.coins.100"
  static let lifetime = "dev.storeterm.demo.lifetime"
  static let themes = "dev.storeterm.demo.themes"

  /// The demo catalog's products in the store manager's order (subscriptions by group and
  /// level, then consumables, non-consumables, non-renewing).
  static func products(storefront: String = "USA", locale: String? = nil) -> [Product] {
    let catalog = catalog(storefront: storefront, locale: locale)
    let products = catalog.products().map { Product(catalogEntry: $0, of: catalog) }
    let types: [Product.ProductType] = [.autoRenewable, .consumable, .nonConsumable, .nonRenewable]
    let position = Dictionary(uniqueKeysWithValues: products.enumerated().map { ($1.id, $0) })
    return products.sorted {
      (
        types.firstIndex(of: $0.type)!, $0.subscription?.subscriptionGroupID ?? "",
        $0.subscription?.groupLevel ?? 0, position[$0.id]!
      )
        < (
          types.firstIndex(of: $1.type)!, $1.subscription?.subscriptionGroupID ?? "",
          $1.subscription?.groupLevel ?? 0, position[$1.id]!
        )
    }
  }

  /// The demo catalog for a storefront and locale; Japan's storefront gets the demo priced in yen
  /// (`--config demo-jp`), as a Japanese demo would run.
  static func catalog(storefront: String = "USA", locale: String? = nil) -> ProductCatalog {
    let configuration = storefront == "JPN" ? FixtureCatalogs.demoJP : FixtureCatalogs.demo
    return ProductCatalog(
      configuration: configuration, storefront: CatalogStorefront(countryCode: storefront),
      locale: locale)
  }

  /// A signed-looking record (the JWS header is real base64url JSON; the rest is not checked).
  static func record(
    _ id: UInt64, _ productID: String, state: TransactionRecord.State = .purchased,
    customer: String = "default", type: InAppProductType = .autoRenewableSubscription,
    expires: Date? = nil, revoked: Bool = false, finished: Bool = true,
    sharedFrom: UInt64? = nil
  ) -> TransactionRecord {
    let purchased = now.addingTimeInterval(-Double(10 - Int(id)) * 86_400)
    var signed: SignedTransaction?
    if state == .purchased {
      let header = Data(#"{"alg":"ES256","x5c":["a","b","c"]}"#.utf8).base64EncodedString()
        .replacingOccurrences(of: "=", with: "")
      signed = SignedTransaction(
        jws: "\(header).e30.c2ln",
        payload: JWSTransactionDecodedPayload(
          originalTransactionId: String(id), transactionId: String(id),
          bundleId: "dev.storeterm.demo",
          productId: productID, purchaseDate: purchased.epochMilliseconds,
          originalPurchaseDate: purchased.epochMilliseconds,
          expiresDate: expires?.epochMilliseconds, quantity: 1, type: type,
          inAppOwnershipType: sharedFrom == nil ? .purchased : .familyShared,
          signedDate: purchased.epochMilliseconds,
          revocationReason: revoked ? .refundedForOtherReason : nil,
          revocationDate: revoked ? now.epochMilliseconds : nil, environment: .xcode,
          storefront: "USA", storefrontId: "143441", transactionReason: .purchase,
          currency: "USD", price: 4990,
          revocationType: revoked && sharedFrom != nil ? .familyRevoke : nil))
    }
    return TransactionRecord(
      id: id, customerID: customer, productID: productID, state: state,
      request: PurchaseRequest(), signed: signed, isFinished: finished, createdDate: purchased,
      sharedFromID: sharedFrom)
  }

  static func status(
    _ productID: String, group: String = "plus", _ state: SubscriptionGroupStatus.State,
    transaction: UInt64, renews: Bool? = true
  ) -> SubscriptionGroupStatus {
    SubscriptionGroupStatus(
      groupID: group, productID: productID, state: state, transactionID: transaction,
      expirationDate: now.addingTimeInterval(7 * 86_400), willAutoRenew: renews)
  }

  /// The demo store with Plus Monthly active (through its trial), a pending Ask to Buy for the
  /// lifetime unlock, 100 coins, and a refunded theme pack.
  static func demo(storefront: String = "USA", locale: String? = nil) -> StoreSnapshot {
    let products = products(storefront: storefront, locale: locale)
    let plusGroup = products.first { $0.id == plusMonthly }!.subscription!.subscriptionGroupID
    let cloudGroup = products.first { $0.id == cloud200 }!.subscription!.subscriptionGroupID
    return StoreSnapshot(
      customerID: "default", customers: ["default", "family-kid"],
      storefront: storefront == "USA" ? "USA (USD)" : "\(storefront)", locale: locale ?? "en_US",
      now: now, products: products, entitledProductIDs: [plusMonthly],
      purchaseStates: [lifetime: .pending],
      statuses: [plusGroup: status(plusMonthly, group: plusGroup, .subscribed, transaction: 1)],
      balances: [coins100: 100], introEligibleGroups: [cloudGroup],
      records: [
        record(5, lifetime, state: .pendingApproval, type: .nonConsumable),
        record(4, themes, type: .nonConsumable, revoked: true),
        record(3, coins100, customer: "family-kid", type: .consumable, finished: false),
        record(2, coins100, type: .consumable),
        record(1, plusMonthly, expires: now.addingTimeInterval(7 * 86_400)),
      ],
      verification: [1: "verified", 2: "verified", 3: "verified", 4: "invalidSignature"],
      events: [
        EventLogEntry(
          date: now, origin: .app, kind: "purchase", productID: plusMonthly, transactionID: 1,
          detail: .verified(revoked: false), grant: .granted(units: 0)),
        EventLogEntry(
          date: now, origin: .appStore, kind: "askToBuyRequested", productID: lifetime,
          transactionID: 5, detail: .appStore(customerID: "default", detail: "")),
        EventLogEntry(
          date: now, origin: .app, kind: "update", productID: themes, transactionID: 4,
          detail: .refused("the transaction failed verification (invalidSignature)"),
          isProblem: true),
      ], offerCodes: OfferCode.list(catalog(storefront: storefront, locale: locale)))
  }

  /// The demo store with Plus Monthly in its billing grace period.
  static func gracePeriod(storefront: String = "USA", locale: String? = nil) -> StoreSnapshot {
    var snapshot = demo(storefront: storefront, locale: locale)
    let group = snapshot.statuses.keys.first!
    snapshot.statuses[group]!.state = .inGracePeriod
    snapshot.renewals[group] = RenewalNote(
      priceIncrease: .pending, renewalPrice: "$5.99",
      gracePeriodEnds: now.addingTimeInterval(6 * 86_400))
    return snapshot
  }

  /// The demo store with Plus Monthly in billing retry: no access.
  static func billingProblem() -> StoreSnapshot {
    var snapshot = demo()
    let group = snapshot.statuses.keys.first!
    snapshot.statuses[group]!.state = .inBillingRetryPeriod
    snapshot.entitledProductIDs = []
    return snapshot
  }

  /// The demo store for a member of family group `smiths`: bob's Lifetime Unlock shared with
  /// the customer (transaction 7, a copy of bob's 6), and a 200 GB plan bob shared and then
  /// had refunded (transaction 9, revoked `FAMILY_REVOKE`).
  static func family() -> StoreSnapshot {
    var snapshot = demo()
    snapshot.customers = ["bob", "default", "family-kid"]
    snapshot.purchaseStates = [:]
    snapshot.records =
      [
        record(9, cloud200, revoked: true, sharedFrom: 8),
        record(8, cloud200, customer: "bob", revoked: true),
        record(7, lifetime, type: .nonConsumable, sharedFrom: 6),
        record(6, lifetime, customer: "bob", type: .nonConsumable),
      ] + snapshot.records.filter { $0.id != 5 }
    snapshot.verification.merge([6: "verified", 7: "verified", 8: "verified", 9: "verified"]) {
      $1
    }
    snapshot.entitledProductIDs.insert(lifetime)
    snapshot.family = FamilyStatus(
      group: "smiths",
      members: [
        .init(id: "bob", name: "Bob Smith"), .init(id: "default"), .init(id: "family-kid"),
      ],
      groups: [.init(name: "jones", memberCount: 6), .init(name: "smiths", memberCount: 3)],
      sharedProducts: [lifetime: "bob"], purchasers: [7: "bob", 9: "bob"])
    return snapshot
  }

  /// The family store for a customer in no family, with two groups to join.
  static func noFamily() -> StoreSnapshot {
    var snapshot = demo()
    snapshot.family = FamilyStatus(
      groups: [.init(name: "jones", memberCount: 6), .init(name: "smiths", memberCount: 3)])
    return snapshot
  }

  /// An app state showing `snapshot` on `screen` at `size`.
  static func state(
    _ snapshot: StoreSnapshot = demo(), screen: ScreenID = .paywall, readOnly: Bool = false,
    size: Size = Size(width: 80, height: 24)
  ) -> AppState {
    var state = AppState(snapshot: snapshot, readOnly: readOnly, size: size)
    state.screen = screen
    state.isLoaded = true
    return state
  }
}
