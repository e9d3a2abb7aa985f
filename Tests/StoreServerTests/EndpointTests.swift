import Foundation
import StoreCore
import StoreJWS
import StoreServer
import Testing

/// The endpoints' answers: Apple's JSON names, pagination, filters and error bodies, every
/// signed item verified in Sandbox.
@Suite struct EndpointTests {
  @Test func transactionInfoIsSignedNowWithoutDeviceVerification() throws {
    let harness = try ServerHarness()
    let bought = try harness.buy(Demo.lifetime)
    harness.clock.advance(by: 60)
    let response = try harness.get("/inApps/v1/transactions/\(bought.id)")
    #expect(response.status == 200)
    #expect(response.contentType == "application/json")
    let payload = try harness.verified(
      response.json["signedTransactionInfo"]?.string ?? "", as: JWSTransactionDecodedPayload.self)
    #expect(payload.transactionId == String(bought.id))
    #expect(payload.environment == .sandbox)
    #expect(payload.signedDate == ServerHarness.start.addingTimeInterval(60).epochMilliseconds)
    #expect(payload.deviceVerification == nil)
    #expect(payload.deviceVerificationNonce == nil)
  }

  @Test(arguments: [
    ("abc", 400, 4_000_006), ("0", 400, 4_000_006), ("-1", 400, 4_000_006),
    ("99", 404, 4_040_010),
  ])
  func transactionInfoErrors(_ id: String, _ status: Int, _ code: Int) throws {
    let harness = try ServerHarness()
    try harness.buy(Demo.lifetime)
    let response = try harness.get("/inApps/v1/transactions/\(id)")
    #expect(response.status == status)
    #expect(response.json["errorCode"] == .integer(code))
  }

  @Test func anotherEnvironmentsTransactionsAreNotFound() throws {
    let harness = try ServerHarness()
    let xcode = StoreEngine(
      catalog: harness.engine.catalog, session: StoreSession(), ledger: harness.ledger,
      signer: harness.authority.makeSigner(), clock: harness.clock, ids: SequentialIdentifiers(),
      factory: TransactionFactory(
        identity: SignedDataConfiguration(environment: .xcode),
        hasher: SHA384DeviceVerificationHasher()))
    guard case .success(let signed) = try xcode.purchase(Demo.lifetime, customerID: "x") else {
      Issue.record("the purchase failed")
      return
    }
    let response = try harness.get("/inApps/v1/transactions/\(signed.id)")
    #expect(response.status == 404)
    #expect(response.json["errorCode"] == .integer(4_040_010))
  }

  @Test func historyPagesTwentyAtATimeAndWalksEachTransactionOnce() throws {
    let harness = try ServerHarness()
    var bought: [String] = []
    for _ in 0..<45 {
      bought.append(String(try harness.buy(Demo.coins).id))
      harness.clock.advance(by: 1)
    }
    // Another customer's purchases never show.
    try harness.buy(Demo.coins, customer: "other")
    var seen: [String] = []
    var revision: String?
    var pages: [(count: Int, hasMore: Bool)] = []
    repeat {
      let response = try harness.get(
        "/inApps/v2/history/\(bought[7])",
        query: revision.map { [(name: "revision", value: $0)] } ?? [])
      #expect(response.status == 200)
      let json = response.json
      #expect(json["bundleId"] == .string("dev.storeterm.demo"))
      #expect(json["environment"] == .string("Sandbox"))
      let items = json["signedTransactions"]?.strings ?? []
      seen += try items.map {
        try harness.verified($0, as: JWSTransactionDecodedPayload.self).transactionId
      }
      let hasMore = json["hasMore"] == .bool(true)
      pages.append((items.count, hasMore))
      revision = json["revision"]?.string
      if !hasMore { break }
    } while pages.count < 10
    #expect(pages.map(\.count) == [20, 20, 5])
    #expect(pages.map(\.hasMore) == [true, true, false])
    #expect(seen == bought)
  }

  @Test func historyFindsWhatAFilterKeepsFarBeyondTheFirstRowsRead() throws {
    let harness = try ServerHarness()
    var coins: [UInt64] = []
    for _ in 0..<50 {
      coins.append(try harness.buy(Demo.coins).id)
      harness.clock.advance(by: 1)
    }
    let lifetime = try harness.buy(Demo.lifetime)
    func page(_ query: [(name: String, value: String)]) throws -> (ids: [UInt64], hasMore: Bool) {
      let response = try harness.get("/inApps/v2/history/\(coins[0])", query: query)
      #expect(response.status == 200)
      let ids = try (response.json["signedTransactions"]?.strings ?? []).map {
        UInt64(try harness.verified($0, as: JWSTransactionDecodedPayload.self).transactionId) ?? 0
      }
      return (ids, response.json["hasMore"] == .bool(true))
    }
    // The one non-consumable is the 51st row in purchase order: read in growing batches.
    let found = try page([(name: "productType", value: "NON_CONSUMABLE")])
    #expect(found.ids == [lifetime.id])
    #expect(!found.hasMore)
    let newest = try page([
      (name: "productType", value: "CONSUMABLE"), (name: "sort", value: "DESCENDING"),
    ])
    #expect(newest.ids == Array(coins.reversed().prefix(20)))
    #expect(newest.hasMore)
  }

  @Test func versionOneLeavesOutFinishedConsumablesPageByPage() throws {
    let harness = try ServerHarness()
    var listed: [UInt64] = []
    var refunded: UInt64 = 0
    for index in 0..<60 {
      let id = try harness.buy(Demo.coins).id
      harness.clock.advance(by: 1)
      // Two of three finished; the first finished one refunded later (listed again).
      if index % 3 == 0 {
        listed.append(id)
      } else {
        try harness.engine.finish(id)
        if refunded == 0 {
          refunded = id
          listed.append(id)
        }
      }
    }
    let lifetime = try harness.buy(Demo.lifetime).id
    listed.append(lifetime)
    harness.clock.advance(by: 10)
    _ = try harness.engine.refund(refunded)
    var seen: [UInt64] = []
    var revision: String?
    var pages = 0
    repeat {
      let response = try harness.get(
        "/inApps/v1/history/\(lifetime)",
        query: revision.map { [(name: "revision", value: $0)] } ?? [])
      #expect(response.status == 200)
      seen += try (response.json["signedTransactions"]?.strings ?? []).map {
        UInt64(try harness.verified($0, as: JWSTransactionDecodedPayload.self).transactionId) ?? 0
      }
      pages += 1
      guard response.json["hasMore"] == .bool(true) else { break }
      revision = response.json["revision"]?.string
    } while pages < 5
    #expect(listed.count == 22)
    #expect(seen == listed)
    #expect(pages == 2)
    // A filter reaching past the first rows read, and the newest first.
    let newest = try harness.get(
      "/inApps/v1/history/\(lifetime)",
      query: [(name: "productType", value: "CONSUMABLE"), (name: "sort", value: "DESCENDING")])
    let newestIDs = try (newest.json["signedTransactions"]?.strings ?? []).map {
      UInt64(try harness.verified($0, as: JWSTransactionDecodedPayload.self).transactionId) ?? 0
    }
    #expect(newestIDs == Array(listed.dropLast().reversed().prefix(20)))
    // Version 2 keeps every transaction: 61, over four pages.
    #expect(
      try harness.get("/inApps/v2/history/\(lifetime)").json["signedTransactions"]?.strings
        .count == 20)
  }

  @Test func historyFiltersAndSorts() throws {
    let harness = try ServerHarness()
    let coins = try harness.buy(Demo.coins)
    harness.clock.advance(by: 10)
    let lifetime = try harness.buy(Demo.lifetime)
    harness.clock.advance(by: 10)
    let monthly = try harness.buy(Demo.monthly)
    harness.clock.advance(by: 10)
    _ = try harness.engine.refund(coins.id)
    func ids(_ query: [(name: String, value: String)]) throws -> [UInt64] {
      let response = try harness.get("/inApps/v2/history/\(coins.id)", query: query)
      #expect(response.status == 200)
      return try (response.json["signedTransactions"]?.strings ?? []).map {
        UInt64(try harness.verified($0, as: JWSTransactionDecodedPayload.self).transactionId) ?? 0
      }
    }
    #expect(try ids([]) == [coins.id, lifetime.id, monthly.id])
    #expect(try ids([(name: "sort", value: "DESCENDING")]) == [monthly.id, lifetime.id, coins.id])
    #expect(try ids([(name: "productType", value: "AUTO_RENEWABLE")]) == [monthly.id])
    #expect(
      try ids([
        (name: "productType", value: "CONSUMABLE"), (name: "productType", value: "NON_CONSUMABLE"),
      ])
        == [coins.id, lifetime.id])
    #expect(try ids([(name: "productId", value: Demo.lifetime)]) == [lifetime.id])
    #expect(try ids([(name: "revoked", value: "True")]) == [coins.id])
    #expect(try ids([(name: "revoked", value: "false")]) == [lifetime.id, monthly.id])
    let tenSeconds = ServerHarness.start.addingTimeInterval(10).epochMilliseconds
    #expect(try ids([(name: "startDate", value: String(tenSeconds))]) == [lifetime.id, monthly.id])
    #expect(try ids([(name: "endDate", value: String(tenSeconds))]) == [coins.id])
    #expect(
      try ids([
        (
          name: "subscriptionGroupIdentifier",
          value: monthly.payload.subscriptionGroupIdentifier ?? ""
        )
      ])
        == [monthly.id])
    #expect(try ids([(name: "inAppOwnershipType", value: "FAMILY_SHARED")]) == [])
  }

  @Test(arguments: [
    ("sort", "UP", 4_000_021), ("productType", "GAME", 4_000_022), ("revoked", "maybe", 4_000_030),
    ("startDate", "yesterday", 4_000_015), ("endDate", "-5", 4_000_016),
    ("revision", "not-a-revision", 4_000_005), ("inAppOwnershipType", "BORROWED", 4_000_026),
    ("productId", "", 4_000_023),
  ])
  func historyRefusesBadQueryValues(_ name: String, _ value: String, _ code: Int) throws {
    let harness = try ServerHarness()
    let bought = try harness.buy(Demo.coins)
    let response = try harness.get(
      "/inApps/v2/history/\(bought.id)", query: [(name: name, value: value)])
    #expect(response.status == 400)
    #expect(response.json["errorCode"] == .integer(code))
    #expect(response.json["errorMessage"]?.string?.isEmpty == false)
  }

  @Test func historyRefusesAStartAfterTheEnd() throws {
    let harness = try ServerHarness()
    let bought = try harness.buy(Demo.coins)
    let response = try harness.get(
      "/inApps/v2/history/\(bought.id)",
      query: [(name: "startDate", value: "2000"), (name: "endDate", value: "1000")])
    #expect(response.json["errorCode"] == .integer(4_000_013))
  }

  @Test func subscriptionStatusesGroupChainsAndFilterByStatus() throws {
    let harness = try ServerHarness()
    let monthly = try harness.buy(Demo.monthly)
    let cloud = try harness.buy(Demo.cloud)
    try harness.engine.expireSubscription(cloud.id)
    let response = try harness.get("/inApps/v1/subscriptions/\(monthly.id)")
    #expect(response.status == 200)
    #expect(response.json["environment"] == .string("Sandbox"))
    guard case .array(let groups) = response.json["data"] else {
      Issue.record("no data")
      return
    }
    #expect(groups.count == 2)
    var found: [String: (Int, String)] = [:]
    for group in groups {
      guard case .array(let items) = group["lastTransactions"] else { continue }
      for item in items {
        let transaction = try harness.verified(
          item["signedTransactionInfo"]?.string ?? "", as: JWSTransactionDecodedPayload.self)
        let renewal = try harness.verified(
          item["signedRenewalInfo"]?.string ?? "", as: JWSRenewalInfoDecodedPayload.self)
        #expect(renewal.originalTransactionId == transaction.originalTransactionId)
        #expect(
          group["subscriptionGroupIdentifier"]?.string == transaction.subscriptionGroupIdentifier)
        guard case .number(let status) = item["status"] else { continue }
        found[item["originalTransactionId"]?.string ?? ""] = (
          Int(status) ?? 0, transaction.productId
        )
      }
    }
    #expect(found[String(monthly.id)]?.0 == 1)
    #expect(found[String(cloud.id)]?.0 == 2)
    let active = try harness.get(
      "/inApps/v1/subscriptions/\(monthly.id)", query: [(name: "status", value: "1")])
    guard case .array(let activeGroups) = active.json["data"] else {
      Issue.record("no data")
      return
    }
    #expect(activeGroups.count == 1)
    let bad = try harness.get(
      "/inApps/v1/subscriptions/\(monthly.id)", query: [(name: "status", value: "9")])
    #expect(bad.json["errorCode"] == .integer(4_000_031))
  }

  @Test func orderLookupFindsEachChargeByItsOrderID() throws {
    let harness = try ServerHarness()
    let bought = try harness.buy(Demo.lifetime)
    let orderID = try #require(try harness.keys.orderID(transactionID: bought.id))
    #expect(orderID.count == 10)
    #expect(orderID.allSatisfy { $0.isHexDigit && !$0.isLowercase })
    let found = try harness.get("/inApps/v1/lookup/\(orderID)")
    #expect(found.json["status"] == .integer(0))
    let items = found.json["signedTransactions"]?.strings ?? []
    #expect(
      try items.map {
        try harness.verified($0, as: JWSTransactionDecodedPayload.self).transactionId
      }
        == [String(bought.id)])
    let missing = try harness.get("/inApps/v1/lookup/NOSUCHORDR")
    #expect(missing.status == 200)
    #expect(missing.json["status"] == .integer(1))
    #expect(missing.json["signedTransactions"] == .array([]))
  }

  @Test func orderIDsAreDistinctForEveryCharge() throws {
    let harness = try ServerHarness()
    var orders: Set<String> = []
    for _ in 0..<50 {
      let bought = try harness.buy(Demo.coins)
      orders.insert(try #require(try harness.keys.orderID(transactionID: bought.id)))
    }
    #expect(orders.count == 50)
  }

  @Test func refundHistoryListsRefundedTransactions() throws {
    let harness = try ServerHarness()
    let first = try harness.buy(Demo.coins)
    let kept = try harness.buy(Demo.lifetime)
    let second = try harness.buy(Demo.themes)
    harness.clock.advance(by: 5)
    _ = try harness.engine.refund(second.id)
    harness.clock.advance(by: 5)
    _ = try harness.engine.refund(first.id)
    let response = try harness.get("/inApps/v2/refund/lookup/\(kept.id)")
    #expect(response.status == 200)
    #expect(response.json["hasMore"] == .bool(false))
    let ids = try (response.json["signedTransactions"]?.strings ?? []).map {
      try harness.verified($0, as: JWSTransactionDecodedPayload.self).transactionId
    }
    #expect(ids == [String(second.id), String(first.id)])
  }

  @Test func appTransactionInfoIsTheCustomersAppTransaction() throws {
    let harness = try ServerHarness()
    let bought = try harness.buy(Demo.lifetime)
    let response = try harness.get("/inApps/v1/transactions/appTransactions/\(bought.id)")
    #expect(response.status == 200)
    let payload = try harness.verified(
      response.json["signedAppTransactionInfo"]?.string ?? "",
      as: JWSAppTransactionDecodedPayload.self)
    #expect(payload.bundleId == "dev.storeterm.demo")
    #expect(payload.receiptType == .sandbox)
    let missing = try harness.get("/inApps/v1/transactions/appTransactions/77")
    #expect(missing.json["errorCode"] == .integer(4_040_019))
  }
}
